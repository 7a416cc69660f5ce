package io.paygate.payment.disbursement;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

import java.time.Duration;

/** Disbursement keys ({@code gateway.disbursement.*}). */
@ConfigMapping(prefix = "gateway.disbursement")
public interface DisbursementConfig {

    /** Time between the sandbox bank's automatic steps ({@code 01→02}, then {@code 02→00|03|06}). */
    @WithDefault("2s")
    Duration bankStepDelay();

    /** How often the sandbox bank looks for transfers due a step. */
    @WithDefault("500ms")
    Duration bankPollInterval();

    /** Whether the sandbox bank moves transfers at all (a real bank integration would replace it). */
    @WithDefault("true")
    boolean sandboxBankEnabled();
}
