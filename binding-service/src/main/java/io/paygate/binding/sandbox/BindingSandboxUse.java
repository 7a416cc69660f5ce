package io.paygate.binding.sandbox;

import io.paygate.binding.binding.BindingConfig;
import io.paygate.kit.config.SandboxUse;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;

/**
 * binding-service's sandbox paths (docs/contract.md §2, §4): customers approve on the sandbox bank's page, since no real
 * bank is integrated, and the simulate endpoint when it is on.
 */
@ApplicationScoped
class BindingSandboxUse implements SandboxUse {

    private final List<String> inUse;

    BindingSandboxUse(BindingConfig config) {
        List<String> lines = new ArrayList<>();
        lines.add("bindings are approved on the sandbox bank's page (no real bank is integrated)");
        if (config.sandboxEnabled()) {
            lines.add("the binding simulate endpoint (gateway.binding.sandbox-enabled)");
        }
        this.inUse = List.copyOf(lines);
    }

    @Override
    public List<String> inUse() {
        return inUse;
    }
}
