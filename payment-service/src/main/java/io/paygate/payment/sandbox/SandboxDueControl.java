package io.paygate.payment.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.kit.error.ApiException;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The optional body of the QA time control {@code POST /pg/sandbox/subscriptions/{recurringId}/due} (docs/contract.md
 * §1b): how the sandbox provider answers the charge this makes due. No body, or {@code {}}: as always.
 *
 * @param decline            the charge is declined ({@code Card declined}; a direct debit: {@code Insufficient funds})
 * @param answerDelaySeconds the provider records its decision at once (a status inquiry sees it) but answers the charge
 *                           call, and calls back, only this many seconds later: a slow provider
 */
@Schema(name = "SandboxDueControl", description = "How the sandbox provider answers the charge this makes due "
        + "(no body, or {}: as always)")
public record SandboxDueControl(
        @Schema(description = "Decline it: Card declined (a direct debit: Insufficient funds)", examples = "true")
        boolean decline,
        @Schema(description = "Seconds the provider waits before it answers the charge call and calls back; its "
                + "decision is recorded (and inquirable) at once", minimum = "0", maximum = "60", examples = "20")
        int answerDelaySeconds) {

    static final int MAX_DELAY_SECONDS = 60;
    static final SandboxDueControl NONE = new SandboxDueControl(false, 0);

    /** Whether it changes anything about the charge. */
    boolean any() {
        return decline || answerDelaySeconds > 0;
    }

    /**
     * Reads the body's members: {@code decline} a JSON boolean, {@code answerDelaySeconds} a JSON integer 0–60; a
     * member that is {@code null} is absent, other members are ignored (docs/contract.md §0). A bad one is
     * {@code 4001101 Invalid Field Format <member>}.
     *
     * @param body the parsed body, or null when there was none
     */
    static SandboxDueControl of(JsonNode body) {
        if (body == null || body.isMissingNode() || body.isNull()) {
            return NONE;
        }
        if (!body.isObject()) {
            throw ApiException.badRequest("the body must be a JSON object");
        }
        JsonNode decline = body.path("decline");
        JsonNode delay = body.path("answerDelaySeconds");
        boolean declined = false;
        if (!decline.isMissingNode() && !decline.isNull()) {
            if (!decline.isBoolean()) {
                throw ApiException.invalidFormat("decline");
            }
            declined = decline.booleanValue();
        }
        int seconds = 0;
        if (!delay.isMissingNode() && !delay.isNull()) {
            if (!delay.isIntegralNumber() || !delay.canConvertToInt() || delay.intValue() < 0
                    || delay.intValue() > MAX_DELAY_SECONDS) {
                throw ApiException.invalidFormat("answerDelaySeconds");
            }
            seconds = delay.intValue();
        }
        return new SandboxDueControl(declined, seconds);
    }
}
