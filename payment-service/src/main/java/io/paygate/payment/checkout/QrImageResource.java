package io.paygate.payment.checkout;

import io.paygate.payment.payment.PaymentCodes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

/**
 * {@code GET /pg/pay/{paymentCode}/qr.png} (docs/contract.md §2a): the QR of the payment's open QRIS (or wallet) charge as a
 * PNG, the initiation reply's {@code imageurl}. No authentication (the customer's browser and scanning apps load it),
 * never cached: the charge it shows may be superseded.
 */
@Path("/pg/pay/{paymentCode}/qr.png")
public class QrImageResource {

    private final QrCodes codes;

    QrImageResource(QrCodes codes) {
        this.codes = codes;
    }

    @GET
    @Produces("image/png")
    @APIResponse(responseCode = "200", description = "PNG, 360 x 360 px")
    public Response qr(@PathParam("paymentCode") String paymentCode) {
        if (!PaymentCodes.isWellFormed(paymentCode)) {
            return notFound();
        }
        return codes.payloadOf(paymentCode)
                .map(payload -> Response.ok(QrImages.png(payload), "image/png")
                        .header("Cache-Control", "no-store")
                        .header("X-Content-Type-Options", "nosniff").build())
                .orElseGet(QrImageResource::notFound);
    }

    private static Response notFound() {
        return Response.status(404).type("text/plain").entity("No QR code for this payment")
                .header("Cache-Control", "no-store").build();
    }
}
