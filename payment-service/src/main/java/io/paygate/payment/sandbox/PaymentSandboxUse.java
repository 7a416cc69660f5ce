package io.paygate.payment.sandbox;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.config.SandboxUse;
import io.paygate.payment.disbursement.DisbursementConfig;
import io.paygate.payment.payment.PaymentConfig;
import io.paygate.payment.provider.PaymentChannels;
import io.paygate.payment.provider.midtrans.MidtransAccounts;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.ArrayList;
import java.util.List;

/**
 * payment-service's sandbox paths (docs/contract.md §2): merchants on the sandbox channel, merchants on Midtrans's own
 * sandbox ({@code api.sandbox.midtrans.com}, which moves no money), the simulate endpoint, the sandbox bank that moves
 * disbursements. A merchant on {@code midtrans} with any other base URL is real. Made at start-up, where it also
 * refuses a merchant whose channel this build does not have, and (through {@link MidtransAccounts}) a Midtrans
 * merchant without keys. It reads the channels, Midtrans's accounts and the disbursement settings; nothing reads it
 * but service-kit's production posture (through {@code SandboxUse}).
 */
@ApplicationScoped
class PaymentSandboxUse implements SandboxUse {

    private final List<String> inUse;

    PaymentSandboxUse(GatewayConfig gateway, PaymentConfig payment, DisbursementConfig disbursement,
                      PaymentChannels channels, MidtransAccounts midtrans) {
        List<String> lines = new ArrayList<>();
        gateway.merchants().forEach((id, merchant) -> {
            if (!channels.has(merchant.provider())) {
                throw new IllegalStateException("gateway.merchants." + id + ".provider: no payment channel '"
                        + merchant.provider() + "' (this build has: " + SandboxPaymentChannel.NAME + ", "
                        + MidtransAccounts.PROVIDER + ")");
            }
            if (SandboxPaymentChannel.NAME.equals(merchant.provider())) {
                lines.add("merchant " + id + " pays through the sandbox channel (gateway.merchants." + id
                        + ".provider)");
            } else if (midtrans.of(id).map(a -> a.sandbox()).orElse(false)) {
                lines.add("merchant " + id + " pays through Midtrans's sandbox (gateway.merchants." + id
                        + ".midtrans.base-url)");
            }
        });
        if (payment.sandboxEnabled()) {
            lines.add("the payment simulate endpoint and the sandbox payment apps (gateway.payment.sandbox-enabled)");
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
