package io.paygate.payment.reporting;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.rest.ListCursors;
import jakarta.inject.Singleton;

/** The lists' cursors (docs/contract.md §3b): service-kit's {@link ListCursors}, which ledger-service's lists share. */
@Singleton
public class Cursors extends ListCursors {

    Cursors(GatewayConfig config) {
        super(config);
    }
}
