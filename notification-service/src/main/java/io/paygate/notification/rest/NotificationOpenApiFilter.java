package io.paygate.notification.rest;

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFilter;

/**
 * notification-service's OpenAPI document: the shared errors and auth headers with this service's codes. Runs
 * once at build time. Names {@link OASFilter} itself because Quarkus only picks up classes that implement it
 * directly.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class NotificationOpenApiFilter extends GatewayOpenApiFilter implements OASFilter {

    public NotificationOpenApiFilter() {
        super(new NotificationServiceCodes());
    }
}
