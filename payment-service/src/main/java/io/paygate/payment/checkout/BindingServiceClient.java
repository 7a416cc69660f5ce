package io.paygate.payment.checkout;

import io.paygate.kit.observability.RequestIdPropagation;
import io.paygate.model.api.binding.ActiveBinding;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * binding-service's internal API ({@code quarkus.rest-client.bindings.url}; bearer {@code gateway.internal.token}). The
 * page request's {@code X-Request-Id} goes along, so binding-service's lines about the call carry it.
 */
@RegisterRestClient(configKey = "bindings")
@RegisterProvider(RequestIdPropagation.class)
@Path("/internal/bindings")
public interface BindingServiceClient {

    @GET
    ActiveBinding.Page active(@HeaderParam("Authorization") String bearer,
                              @QueryParam("merchantId") String merchantId,
                              @QueryParam("customerId") String customerId);
}
