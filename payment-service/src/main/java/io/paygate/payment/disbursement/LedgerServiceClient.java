package io.paygate.payment.disbursement;

import io.paygate.kit.observability.RequestIdPropagation;
import io.paygate.model.api.ledger.HoldReply;
import io.paygate.model.api.ledger.HoldRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * ledger-service's internal hold API ({@code quarkus.rest-client.ledger.url}; bearer {@code gateway.internal.token};
 * docs/contract.md §12). The merchant request's {@code X-Request-Id} goes along, so ledger-service's lines about the
 * hold carry it. A refusal (409, 422) or failure (5xx) arrives as a {@code WebApplicationException}.
 */
@RegisterRestClient(configKey = "ledger")
@RegisterProvider(RequestIdPropagation.class)
@Path("/internal/holds")
public interface LedgerServiceClient {

    @PUT
    @Path("/{merchantId}/{partnerReferenceNo}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    HoldReply hold(@HeaderParam("Authorization") String bearer, @PathParam("merchantId") String merchantId,
                   @PathParam("partnerReferenceNo") String partnerReferenceNo, HoldRequest request);
}
