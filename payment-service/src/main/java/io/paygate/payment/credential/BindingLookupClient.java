package io.paygate.payment.credential;

import io.paygate.kit.observability.RequestIdPropagation;
import io.paygate.model.api.binding.InternalBinding;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * binding-service's internal look-up of one binding ({@code quarkus.rest-client.bindings.url}, bearer
 * {@code gateway.internal.token}): whose it is and whether it is ACTIVE, asked before every charge of it. 404 when it
 * is unknown or another merchant's.
 */
@RegisterRestClient(configKey = "bindings")
@RegisterProvider(RequestIdPropagation.class)
@Path("/internal/bindings")
public interface BindingLookupClient {

    @GET
    @Path("/{bindingId}")
    InternalBinding find(@HeaderParam("Authorization") String bearer, @PathParam("bindingId") String bindingId,
                         @QueryParam("merchantId") String merchantId);
}
