package io.paygate.ledger.holds;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.paygate.model.api.ledger.LedgerFact;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * payment-service's internal API (the plan): a transfer by the merchant's partnerReferenceNo, and a day's money facts
 * for the reconciliation.
 */
@RegisterRestClient(configKey = "payment-service")
@Path("/internal")
@Produces(MediaType.APPLICATION_JSON)
public interface PaymentServiceClient {

    /** The transfer as payment-service holds it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    record Transfer(String referenceNo, String partnerReferenceNo, String merchantId, String amount, String currency,
                    String latestTransactionStatus) {
    }

    /** 200 with a {@link Transfer}, or 404 when payment-service never wrote it. */
    @GET
    @Path("/disbursements/{merchantId}/{partnerReferenceNo}")
    Response transfer(@HeaderParam("Authorization") String authorization, @PathParam("merchantId") String merchantId,
                      @PathParam("partnerReferenceNo") String partnerReferenceNo);

    /**
     * One page of a day's facts of one kind, oldest first ({@code nextCursor} absent on the last page); an answer that
     * is not 2xx throws {@link jakarta.ws.rs.WebApplicationException}, none at all
     * {@link jakarta.ws.rs.ProcessingException}.
     */
    @GET
    @Path("/ledger-facts")
    LedgerFact.FactPage facts(@HeaderParam("Authorization") String authorization, @QueryParam("date") String date,
                          @QueryParam("kind") LedgerFact.Kind kind, @QueryParam("limit") int limit,
                          @QueryParam("cursor") String cursor);
}
