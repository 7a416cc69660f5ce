package io.paygate.qa;

import io.paygate.model.api.merchant.MerchantView;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A merchant an operator just created ({@link MerchantAdmin#create}, docs/contract.md §10): the registry's view of it
 * (without its secrets) and a {@link PaygateTarget} acting as it, with the client and notification secrets the creation
 * showed this once, at the deployment's URLs. {@link #paygate()} signs as it; the other services know it within 5 s
 * of the creation (a request there before may be refused {@code 401}): {@link #awaitKnown} waits for that.
 */
public record CreatedMerchant(MerchantView merchant, PaygateTarget target) {

    public CreatedMerchant {
        merchant = merchant.withSecrets(null, null);
    }

    public String id() {
        return target.merchantId();
    }

    /** The secret its requests are signed with. */
    public String clientSecret() {
        return target.clientSecret();
    }

    /** The {@code whsec_…} secret its notifications are signed with. */
    public String notificationSecret() {
        return target.notificationSecret();
    }

    /** The kit's front door as this merchant. */
    public Paygate paygate() {
        return Paygate.of(target);
    }

    /**
     * Waits until payment-, binding- and notification-service take its signature (a signed read at each answers
     * anything but {@code 401}), as each does within 5 s of the creation. Returns this merchant.
     */
    public CreatedMerchant awaitKnown(Duration timeout) {
        Map<String, String> probes = new LinkedHashMap<>();
        probes.put("payment-service", target.paymentUrl() + "/pg/payments?limit=1");
        probes.put("binding-service", target.bindingUrl() + "/pg/payment/card/directdebit/bind/qa-probe");
        probes.put("notification-service", target.notificationUrl() + "/pg/notifications?limit=1");
        for (Map.Entry<String, String> probe : probes.entrySet()) {
            Waits.until(timeout, probe.getKey() + " to know merchant " + id(),
                    () -> Calls.signed(target).get(probe.getValue()), reply -> reply.statusCode() != 401,
                    Response::asString);
        }
        return this;
    }
}
