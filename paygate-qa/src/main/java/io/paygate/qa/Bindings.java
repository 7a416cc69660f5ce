package io.paygate.qa;

import io.paygate.model.api.binding.BindCustomer;
import io.paygate.model.api.binding.BindRequest;
import io.paygate.model.api.binding.BindSourceOfFunds;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.Set;

/**
 * Direct-debit bindings at binding-service ({@link PaygateTarget#bindingUrl()}, docs/contract.md §4), signed as the
 * target's merchant. The customer approves on the bank page ({@link Sandbox#approveBinding}); binding notifications go
 * to the merchant's registered {@code bindingCallbackUrl} ({@link Callbacks#register}).
 */
public final class Bindings {

    /** The sandbox's direct-debit sources. */
    public static final String BCA_DD = "BCA_DD";

    private final PaygateTarget target;

    Bindings(PaygateTarget target) {
        this.target = target;
    }

    /** Binds customer {@code customerId}'s account of {@code type} (sandbox: {@code BCA_DD}, {@code BRI_DD} …). */
    public Binding bind(String customerId, String type) {
        return bind(new BindRequest(new BindCustomer(customerId, "qa@example.com", "Budi", "Santoso",
                "+6281234567890"), BindSourceOfFunds.of(type)));
    }

    /** Sends the bind request; fails with the reply unless the gateway answers 200. */
    public Binding bind(BindRequest request) {
        Response response = send(request);
        Waits.expect(response, 200, "bind " + request.customer().id());
        return Binding.from(response.jsonPath());
    }

    /** The raw reply of {@code POST /pg/payment/card/directdebit/bind}, for asserting refusals. */
    public Response send(BindRequest request) {
        return Calls.postJson(target, url(""), request);
    }

    public Binding get(String bindingId) {
        Response response = Calls.signed(target).get(url("/" + bindingId));
        Waits.expect(response, 200, "binding " + bindingId);
        return Binding.from(response.jsonPath());
    }

    /** Unbinds an {@code ACTIVE} binding ({@code UNBOUND}). */
    public Binding unbind(String bindingId) {
        Response response = Calls.signed(target).delete(url("/" + bindingId));
        Waits.expect(response, 200, "unbind " + bindingId);
        return Binding.from(response.jsonPath());
    }

    /** Polls the binding until its status is one of {@code statuses}. */
    public Binding awaitStatus(String bindingId, Duration timeout, String... statuses) {
        Set<String> wanted = Set.of(statuses);
        return Waits.until(timeout, "binding " + bindingId + " to be " + wanted, () -> get(bindingId),
                b -> wanted.contains(b.status()), Binding::status);
    }

    private String url(String rest) {
        return target.bindingUrl() + "/pg/payment/card/directdebit/bind" + rest;
    }
}
