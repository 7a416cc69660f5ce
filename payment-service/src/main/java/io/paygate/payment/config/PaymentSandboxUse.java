package io.paygate.payment.config;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.config.SandboxUse;
import io.paygate.payment.disbursement.DisbursementConfig;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;

/**
 * payment-service's sandbox paths (CONTRACT §2): merchants on the sandbox channel, the simulate endpoint, the
 * sandbox bank that moves disbursements. Made at start-up, where it also refuses a merchant whose channel this
 * build does not have.
 */
@ApplicationScoped
class PaymentSandboxUse implements SandboxUse {

    static final String SANDBOX_CHANNEL = "sandbox";

    private final List<String> inUse;

    PaymentSandboxUse(GatewayConfig gateway, PaymentConfig payment, DisbursementConfig disbursement) {
        List<String> lines = new ArrayList<>();
        gateway.merchants().forEach((id, merchant) -> {
            if (!SANDBOX_CHANNEL.equals(merchant.provider())) {
                throw new IllegalStateException("gateway.merchants." + id + ".provider: no payment channel '"
                        + merchant.provider() + "' (this build has: " + SANDBOX_CHANNEL + ")");
            }
            lines.add("merchant " + id + " pays through the sandbox channel (gateway.merchants." + id + ".provider)");
        });
        if (payment.sandboxEnabled()) {
            lines.add("the payment simulate endpoint (gateway.payment.sandbox-enabled)");
        }
        if (disbursement.sandboxBankEnabled()) {
            lines.add("the sandbox bank pays disbursements (gateway.disbursement.sandbox-bank-enabled)");
        }
        this.inUse = List.copyOf(lines);
    }

    @Override
    public List<String> inUse() {
        return inUse;
    }
}
