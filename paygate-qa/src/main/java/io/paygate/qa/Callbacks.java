package io.paygate.qa;

import io.paygate.model.api.CallbackRegistration;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Where the merchant's disbursement and binding notifications go (docs/contract.md §6 {@code /pg/merchant/callbacks},
 * at notification-service). Payment notifications go to each initiation's {@code url.callbackUrl} instead.
 */
public final class Callbacks {

    private final PaygateTarget target;

    Callbacks(PaygateTarget target) {
        this.target = target;
    }

    /** Registers both URLs (a {@link CallbackReceiver#url(String)}, say); fails with the reply unless 200. */
    public JsonPath register(String disbursementCallbackUrl, String bindingCallbackUrl) {
        Response response = Calls.withJson(target, new CallbackRegistration(disbursementCallbackUrl,
                bindingCallbackUrl)).put(url());
        Waits.expect(response, 200, "registering the callback URLs");
        return response.jsonPath();
    }

    /** The registration: {@code disbursementCallbackUrl}, {@code bindingCallbackUrl} (null where none is). */
    public JsonPath get() {
        Response response = Calls.signed(target).get(url());
        Waits.expect(response, 200, "the callback URLs");
        return response.jsonPath();
    }

    private String url() {
        return target.notificationUrl() + "/pg/merchant/callbacks";
    }
}
