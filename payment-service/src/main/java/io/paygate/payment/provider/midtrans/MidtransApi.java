package io.paygate.payment.provider.midtrans;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * The Midtrans Core API calls this channel makes (docs.midtrans.com: "Get Token", "Charge Transactions on Card",
 * the Core API charge of each payment method, "Get Transaction Status", "Cancel Transaction", "Refund Transaction",
 * "Direct Refund Transaction"). Built per merchant by {@link MidtransClients} (its own base URL); the default error
 * mapper is off, so every answer, 4xx and 5xx included, is a {@link Response} to read.
 */
@Path("/v2")
@Produces(MediaType.APPLICATION_JSON)
public interface MidtransApi {

    /** Card token: the card data go to Midtrans in this call only, with the client key. */
    @GET
    @Path("/token")
    Response token(@QueryParam("client_key") String clientKey, @QueryParam("card_number") String cardNumber,
                   @QueryParam("card_exp_month") String expiryMonth, @QueryParam("card_exp_year") String expiryYear,
                   @QueryParam("card_cvv") String cvv);

    @POST
    @Path("/charge")
    @Consumes(MediaType.APPLICATION_JSON)
    Response charge(@HeaderParam("Authorization") String authorization, String body);

    @GET
    @Path("/{orderId}/status")
    Response status(@HeaderParam("Authorization") String authorization, @PathParam("orderId") String orderId);

    @POST
    @Path("/{orderId}/cancel")
    @Consumes(MediaType.APPLICATION_JSON)
    Response cancel(@HeaderParam("Authorization") String authorization, @PathParam("orderId") String orderId,
                    String body);

    @POST
    @Path("/{orderId}/refund")
    @Consumes(MediaType.APPLICATION_JSON)
    Response refund(@HeaderParam("Authorization") String authorization, @PathParam("orderId") String orderId,
                    String body);

    @POST
    @Path("/{orderId}/refund/online/direct")
    @Consumes(MediaType.APPLICATION_JSON)
    Response directRefund(@HeaderParam("Authorization") String authorization, @PathParam("orderId") String orderId,
                          String body);
}
