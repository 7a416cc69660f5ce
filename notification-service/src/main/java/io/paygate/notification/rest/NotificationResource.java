package io.paygate.notification.rest;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.notification.service.NotificationLog;
import io.paygate.notification.service.Redelivery;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.sql.SQLException;

/** CONTRACT §6: the merchant's notification log and redelivery (service code 07). */
@Path("/pg/notifications")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@Tag(name = "Notification log")
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
    public NotificationViews.Page list(@QueryParam("status") String status, @QueryParam("type") String type,
                                       @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return log.list(merchant.get().id(), status, type, parseLimit(limit), cursor);
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "One notification with every delivery attempt")
    public NotificationViews.Detail get(@PathParam("id") String id) {
        return log.detail(merchant.get().id(), id);
    }

    @POST
    @Path("/{id}/redeliver")
    @Operation(summary = "One new attempt now, also for DELIVERED and FAILED notifications")
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
