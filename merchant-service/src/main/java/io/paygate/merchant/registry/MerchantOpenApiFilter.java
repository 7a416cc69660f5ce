package io.paygate.merchant.registry;

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFilter;

/**
 * merchant-service's OpenAPI document: the shared errors and auth headers with service code 12. Runs once at build
 * time. Names {@link OASFilter} itself because Quarkus only picks up classes that implement it directly.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class MerchantOpenApiFilter extends GatewayOpenApiFilter implements OASFilter {

    public MerchantOpenApiFilter() {
        super(new MerchantServiceCodes());
    }
}
