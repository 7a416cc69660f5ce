package io.paygate.notification.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.notification.service.NotificationLog;
import io.paygate.notification.service.NotificationViews;
import io.paygate.notification.service.Redelivery;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.sql.SQLException;

/** CONTRACT §6: the merchant's notification log and redelivery (service code 07). */
@Path("/pg/notifications")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@Tag(name = "Notification log", description = "Delivery log and redelivery (CONTRACT §6)")
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class NotificationResource {

    private final NotificationLog log;
    private final Redelivery redelivery;
    private final CurrentMerchant merchant;

    NotificationResource(NotificationLog log, Redelivery redelivery, CurrentMerchant merchant) {
        this.log = log;
        this.redelivery = redelivery;
        this.merchant = merchant;
    }

    @GET
    @Operation(summary = "The merchant's notifications, newest first; filter by status and type; page with cursor")
    @APIResponse(responseCode = "200", description = "One page; nextCursor is null on the last",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = NotificationViews.Page.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","notifications":[{"id":"0b9f6c1e-4f4a-4e7e-9a51-2f7c3d8e9a10","type":"payment","resourceId":"PC8F2K4Q7M1X9B3D",\
                            "status":"DELIVERED","attempts":1,"lastAttemptAt":"2026-11-21T03:16:02Z","lastHttpStatus":200,\
                            "nextAttemptAt":null,"createdAt":"2026-11-21T03:16:01Z"}],\
                            "nextCursor":null}""")))
    @APIResponse(responseCode = "400", description = "status, type, limit or cursor not one of the allowed values",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4000701 status", value = """
                            {"responseCode":"4000701","responseMessage":"Invalid Field Format status"}"""),
                    @ExampleObject(name = "4000701 type", value = """
                            {"responseCode":"4000701","responseMessage":"Invalid Field Format type"}"""),
                    @ExampleObject(name = "4000701 limit", value = """
                            {"responseCode":"4000701","responseMessage":"Invalid Field Format limit"}"""),
                    @ExampleObject(name = "4000701 cursor", value = """
                            {"responseCode":"4000701","responseMessage":"Invalid Field Format cursor"}""")}))
    public NotificationViews.Page list(@QueryParam("status") String status, @QueryParam("type") String type,
                                       @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return log.list(merchant.get().id(), status, type, parseLimit(limit), cursor);
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "One notification with every delivery attempt")
    @APIResponse(responseCode = "200", description = "The notification and its attempts, oldest first",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = NotificationViews.Detail.class),
                    examples = @ExampleObject(name = "2000000", value = """
                            {"responseCode":"2000000","responseMessage":"Success","id":"0b9f6c1e-4f4a-4e7e-9a51-2f7c3d8e9a10","type":"payment","resourceId":"PC8F2K4Q7M1X9B3D",\
                            "status":"DELIVERED","attempts":1,"lastAttemptAt":"2026-11-21T03:16:02Z","lastHttpStatus":200,\
                            "nextAttemptAt":null,"createdAt":"2026-11-21T03:16:01Z",\
                            "lastError":null,"deliveredAt":"2026-11-21T03:16:02Z","attemptLog":[{"number":1,\
                            "attemptedAt":"2026-11-21T03:16:02Z","httpStatus":200,"durationMs":84,"error":null,\
                            "reply":"{\\"responseCode\\":\\"2000000\\",\\"responseMessage\\":\\"Success\\"}"}]}""")))
    @APIResponse(responseCode = "404", description = "Unknown notification, or another merchant's (answered alike)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040701",
                    value = """
                            {"responseCode":"4040701","responseMessage":"Transaction Not Found"}""")))
    public NotificationViews.Detail get(@PathParam("id") String id) {
        return log.detail(merchant.get().id(), id);
    }

    @POST
    @Path("/{id}/redeliver")
    @Operation(summary = "One new attempt now, also for DELIVERED and FAILED notifications")
    @APIResponse(responseCode = "200", description = "The attempt was made; the notification with its attempts",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = NotificationViews.Detail.class)))
    @APIResponse(responseCode = "404", description = "Unknown notification, or another merchant's (answered alike)",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = @ExampleObject(name = "4040701",
                    value = """
                            {"responseCode":"4040701","responseMessage":"Transaction Not Found"}""")))
    @APIResponse(responseCode = "409", description = "Obsolete (a newer notification exists), or an attempt is in flight",
            content = @Content(mediaType = MediaType.APPLICATION_JSON, examples = {
                    @ExampleObject(name = "4090700 obsolete", value = """
                            {"responseCode":"4090700","responseMessage":"Conflict. notification is obsolete: a newer one for PC8F2K4Q7M1X9B3D exists"}"""),
                    @ExampleObject(name = "4090700 in flight", value = """
                            {"responseCode":"4090700","responseMessage":"Conflict. an attempt is in flight"}""")}))
    public NotificationViews.Detail redeliver(@PathParam("id") String id) throws SQLException {
        return redelivery.redeliver(merchant.get().id(), id);
    }

    private static Integer parseLimit(String limit) {
        if (limit == null) {
            return null;
        }
        try {
            return Integer.valueOf(limit);
        } catch (NumberFormatException e) {
            throw ApiException.invalidFormat("limit");
        }
    }
}
