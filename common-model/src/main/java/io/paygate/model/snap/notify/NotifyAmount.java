package io.paygate.model.snap.notify;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A SNAP amount in a notification: {@code {"value":"150000.00","currency":"IDR"}}, the value a string with two decimals. */
@Schema(description = "A SNAP amount: value a string with two decimals, currency ISO 4217")
public record NotifyAmount(String value, String currency) {

    /** {@code amount} with two decimals (a payment's amount has at most two). */
    public static NotifyAmount of(BigDecimal amount, String currency) {
        Objects.requireNonNull(amount, "amount");
        Objects.requireNonNull(currency, "currency");
        return new NotifyAmount(amount.setScale(2, RoundingMode.UNNECESSARY).toPlainString(), currency);
    }
}
