package io.paygate.qa;

import io.paygate.model.api.CallbackRegistration;
import io.paygate.model.api.notification.TestNotificationRequest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;

/**
 * Where the merchant's disbursement, binding and SNAP notifications go (docs/contract.md §6, §9
 * {@code /pg/merchant/callbacks}, at notification-service). Payment notifications go to each initiation's
 * {@code url.callbackUrl} instead. And a test notification sent there on request ({@link #sendTest}).
 */
public final class Callbacks {

    private final PaygateTarget target;

    Callbacks(PaygateTarget target) {
        this.target = target;
    }

    /**
     * Registers the two URLs (a {@link CallbackReceiver#url(String)}, say); a null one is left as it is (a PUT changes
     * the members it sends). Fails with the reply unless 200.
     */
    public JsonPath register(String disbursementCallbackUrl, String bindingCallbackUrl) {
        return register(new CallbackRegistration(disbursementCallbackUrl, bindingCallbackUrl));
    }

    /**
     * Registers the SNAP notification URLs (docs/contract.md §9: the {@code /v1.0/transfer-va/payment},
     * {@code /v1.0/qr/qr-mpm-notify} and {@code /v1.0/debit/notify} bodies); a null one is left as it is.
     */
    public JsonPath registerSnap(String vaPaymentUrl, String qrNotifyUrl, String debitNotifyUrl) {
        return register(new CallbackRegistration(null, null, debitNotifyUrl, vaPaymentUrl, qrNotifyUrl, null));
    }

    /** Sends {@code registration} as it is (its null members are not sent, so they are left as they are). */
    public JsonPath register(CallbackRegistration registration) {
        Response response = Calls.withJson(target, registration).put(url());
        Waits.expect(response, 200, "registering the callback URLs");
        return response.jsonPath();
    }

    /** The registration: {@code disbursementCallbackUrl}, {@code bindingCallbackUrl}, the SNAP URLs (null where none is). */
    public JsonPath get() {
        Response response = Calls.signed(target).get(url());
        Waits.expect(response, 200, "the callback URLs");
        return response.jsonPath();
    }

    /**
     * A test notification ({@code POST /pg/merchant/callbacks/test}, docs/contract.md §6): the gateway sends one
     * notification of {@code type} ({@code payment} … {@code snap-binding}) now to {@code url} (null: the URL
     * registered for the type) and answers with what that endpoint did. Fails with the reply unless 200 (a 200 may
     * still say {@code delivered} false).
     */
    public TestNotification sendTest(String type, String url) {
        Response response = sendTestReply(new TestNotificationRequest(type, url));
        Waits.expect(response, 200, "a test notification of type " + type);
        return TestNotification.from(response.jsonPath());
    }

    /** The raw reply of a test notification request, sent as it is (for refusals: {@code 4000601 url} …). */
    public Response sendTestReply(TestNotificationRequest request) {
        return Calls.postJson(target, url() + "/test", request);
    }

    private String url() {
        return target.notificationUrl() + "/pg/merchant/callbacks";
    }
}
