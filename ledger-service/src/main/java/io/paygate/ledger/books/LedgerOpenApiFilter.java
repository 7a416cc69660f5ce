package io.paygate.ledger.books;

import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.quarkus.smallrye.openapi.OpenApiFilter;
import org.eclipse.microprofile.openapi.OASFilter;

/**
 * ledger-service's OpenAPI document: the shared errors and auth headers with service code 14 (the SNAP balance
 * inquiry's 11). Runs once at build time. Names {@link OASFilter} itself because Quarkus only picks up classes that
 * implement it directly.
 */
@OpenApiFilter(stages = OpenApiFilter.RunStage.BUILD)
public class LedgerOpenApiFilter extends GatewayOpenApiFilter implements OASFilter {

    public LedgerOpenApiFilter() {
        super(new LedgerServiceCodes());
    }
}
