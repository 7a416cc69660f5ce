package io.paygate.notification.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.notification.BulkRedeliveryRequest;
import io.paygate.model.error.ResponseCode;
import io.paygate.notification.service.BulkRedelivery;
import io.paygate.notification.service.LogSearch;
import io.paygate.notification.service.NotificationLog;
import io.paygate.notification.service.NotificationViews;
import io.paygate.notification.service.Redelivery;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;

import java.sql.SQLException;

/** docs/contract.md §6: the merchant's notification log and its search, redelivery, bulk redelivery (code 07). */
@Path("/pg/notifications")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
public class NotificationResource {

    private final NotificationLog log;
    private final Redelivery redelivery;
    private final BulkRedelivery bulk;
    private final CurrentMerchant merchant;

    NotificationResource(NotificationLog log, Redelivery redelivery, BulkRedelivery bulk, CurrentMerchant merchant) {
        this.log = log;
        this.redelivery = redelivery;
        this.bulk = bulk;
        this.merchant = merchant;
    }

    @GET
    @APIResponse(responseCode = "200", description = "One page; nextCursor is null on the last")
    public NotificationViews.Page list(@QueryParam("status") String status, @QueryParam("type") String type,
                                       @QueryParam("resourceId") String resourceId,
                                       @QueryParam("orderId") String orderId, @QueryParam("eventId") String eventId,
                                       @QueryParam("from") String from, @QueryParam("to") String to,
                                       @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        LogSearch search = LogSearch.of(status, type, resourceId, orderId, eventId, from, to);
        return log.list(merchant.get().id(), search, parseLimit(limit), cursor);
    }

    @GET
    @Path("/{id}")
    @APIResponse(responseCode = "200", description = "The notification and its attempts, oldest first")
    public NotificationViews.Detail get(@PathParam("id") String id) {
        return log.detail(merchant.get().id(), id);
    }

    @POST
    @Path("/redeliver")
    @Consumes(MediaType.APPLICATION_JSON)
    @APIResponse(responseCode = "200", description = "Scheduled: count notifications get one new attempt each, paced")
    public NotificationViews.BulkRedeliveryResult redeliverAll(@Valid @NotNull BulkRedeliveryRequest request)
            throws SQLException {
        return new NotificationViews.BulkRedeliveryResult(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE,
                bulk.redeliver(merchant.get().id(), request));
    }

    @POST
    @Path("/{id}/redeliver")
    @APIResponse(responseCode = "200", description = "The attempt was made; the notification with its attempts")
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
