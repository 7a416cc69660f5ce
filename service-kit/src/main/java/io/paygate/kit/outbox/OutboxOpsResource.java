package io.paygate.kit.outbox;

import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.error.ResponseCode;
import io.quarkus.arc.properties.UnlessBuildProperty;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.sql.SQLException;
import java.util.List;
import java.util.UUID;

/**
 * Operators' view of the outbox's parked events (ops token; like every {@code /pg/ops/} path, never routed by the
 * production Ingress: reach it on the pod). Every producing service has it for its own outbox; a service built with
 * {@code gateway.outbox.enabled=false} (notification-service, which writes no events) has neither the endpoints nor
 * their OpenAPI entries.
 */
@UnlessBuildProperty(name = "gateway.outbox.enabled", stringValue = "false", enableIfMissing = true)
@Path("/pg/ops/outbox/parked")
@Produces(MediaType.APPLICATION_JSON)
@OpsAuthenticated
@Tag(name = "Operations", description = "Operator actions (ops token); not for merchants")
@SecurityRequirement(name = GatewayOpenApiFilter.OPS)
public class OutboxOpsResource {

    private static final int MAX_LIMIT = 500;

    public record ParkedList(String responseCode, String responseMessage, List<OutboxParking.ParkedEvent> parked,
                             Long nextAfter) {
    }

    public record Requeued(String responseCode, String responseMessage, List<UUID> requeued) {
    }

    private final OutboxParking parking;

    OutboxOpsResource(OutboxParking parking) {
        this.parking = parking;
    }

    @GET
    @Operation(summary = "Parked outbox events, oldest first",
            description = "Events the relay gave up on after gateway.outbox.max-attempts failures of their own "
                    + "(lastError says why), and the later events of the same key held behind them. "
                    + "Page with after = the previous page's nextAfter.")
    @APIResponse(responseCode = "200", description = "The parked events")
    public ParkedList list(@QueryParam("limit") Integer limit, @QueryParam("after") Long after) throws SQLException {
        int size = limit == null ? 100 : limit;
        if (size < 1 || size > MAX_LIMIT) {
            throw ApiException.invalidFormat("limit");
        }
        List<OutboxParking.ParkedEvent> parked = parking.list(after == null ? 0 : after, size);
        Long next = parked.size() == size ? parked.get(parked.size() - 1).position() : null;
        return new ParkedList(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, parked, next);
    }

    @POST
    @Path("/{id}/retry")
    @Operation(summary = "Hand a parked event back to the relay",
            description = "The event and the later parked events of its key are published again, in order, with "
                    + "their attempts counted from zero. 404 when the event is not parked; 409 when an earlier "
                    + "event of its key is parked (retry that one).")
    @APIResponse(responseCode = "200", description = "Requeued, in order")
    public Requeued retry(@PathParam("id") String id) throws SQLException {
        UUID eventId;
        try {
            eventId = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ApiException.notFound();
        }
        return new Requeued(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, parking.retry(eventId));
    }
}
