package io.paygate.payment.provider.midtrans;

import io.paygate.model.error.ResponseCode;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;

import java.util.Map;

/**
 * Midtrans's HTTP notification (its dashboard's "Payment Notification URL" points here): a provider callback like
 * the sandbox's, so no merchant authentication and no rate limit below what payments need (service-kit exempts
 * {@code /pg/provider/}); the body is verified by its {@code signature_key} ({@link MidtransNotifications}).
 */
@Path("/pg/provider/midtrans/notification")
public class MidtransNotificationResource {

    private final MidtransNotifications notifications;

    MidtransNotificationResource(MidtransNotifications notifications) {
        this.notifications = notifications;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(hidden = true) // Midtrans's contract, not the merchant API
    public Map<String, String> notification(byte[] body) {
        notifications.receive(body == null ? new byte[0] : body);
        return Map.of("responseCode", ResponseCode.SUCCESS_CODE, "responseMessage", ResponseCode.SUCCESS_MESSAGE);
    }
}
