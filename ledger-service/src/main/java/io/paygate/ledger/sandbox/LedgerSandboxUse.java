package io.paygate.ledger.sandbox;

import io.paygate.kit.config.SandboxUse;
import io.paygate.ledger.books.LedgerConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.List;

/** ledger-service's sandbox path: the top-up, while it is on. */
@ApplicationScoped
class LedgerSandboxUse implements SandboxUse {

    private final LedgerConfig config;

    LedgerSandboxUse(LedgerConfig config) {
        this.config = config;
    }

    @Override
    public List<String> inUse() {
        return config.sandboxEnabled()
                ? List.of("the sandbox balance top-up (gateway.ledger.sandbox-enabled)") : List.of();
    }
}
