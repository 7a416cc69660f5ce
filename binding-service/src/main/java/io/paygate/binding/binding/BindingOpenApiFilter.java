package io.paygate.binding.binding;

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFilter;

/**
 * binding-service's OpenAPI document: the shared errors and auth headers with this service's codes. Runs once at
 * build time. Names {@link OASFilter} itself because Quarkus only picks up classes that implement it directly.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class BindingOpenApiFilter extends GatewayOpenApiFilter implements OASFilter {

    public BindingOpenApiFilter() {
        super(new BindingServiceCodes());
    }
}
