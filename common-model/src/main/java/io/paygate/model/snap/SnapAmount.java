package io.paygate.model.snap;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * A SNAP amount object (docs/contract.md §9): {@code {"value":"150000.00","currency":"IDR"}}, the value a decimal string
 * (replies write two decimals; requests may send none or one, as real clients do).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP amount")
public record SnapAmount(
        @Schema(description = "Decimal string, at most 2 decimals", required = true, examples = "150000.00")
        @NotBlank @Pattern(regexp = VALUE) String value,
        @Schema(description = "ISO 4217 code", required = true, examples = "IDR")
        @NotBlank @Pattern(regexp = "^[A-Z]{3}$") String currency) {

    /** At most 13 digits before the point and 2 after (the standard's String(16,2)). */
    public static final String VALUE = "^(0|[1-9][0-9]{0,12})(\\.[0-9]{1,2})?$";

    /** {@code amount} with two decimals. */
    public static SnapAmount of(BigDecimal amount, String currency) {
        return new SnapAmount(amount.setScale(2, RoundingMode.UNNECESSARY).toPlainString(), currency);
    }

    /** {@link #value()} as a number; call only after validation. */
    public BigDecimal amount() {
        return new BigDecimal(value);
    }
}
