package io.paygate.model.api.disbursement;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.api.Patterns;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The amount object of a transfer and of the disbursement notification (seed §4; docs/contract.md §5): {@code value}
 * a string {@code ^[0-9]{1,13}\.[0-9]{2}$} greater than 0, {@code currency} ISO 4217 upper case; both
 * mandatory in the transfer request.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "Amount: value with exactly two decimals, and currency")
public record TransferAmount(
        @Schema(description = "Decimal string with two fraction digits, greater than 0", required = true,
                pattern = Patterns.TRANSFER_AMOUNT, examples = "250000.00")
        @NotBlank @Pattern(regexp = Patterns.TRANSFER_AMOUNT) @DecimalMin(value = "0", inclusive = false) String value,
        @Schema(description = "ISO 4217 code", required = true, pattern = Patterns.CURRENCY, examples = "IDR")
        @NotBlank @Pattern(regexp = Patterns.CURRENCY) String currency) {

    /** An amount from a number, formatted with exactly two decimals. */
    public static TransferAmount of(BigDecimal value, String currency) {
        return new TransferAmount(value.setScale(2, RoundingMode.UNNECESSARY).toPlainString(), currency);
    }

    /** {@link #value()} as a number; call only after validation. */
    public BigDecimal decimalValue() {
        return new BigDecimal(value);
    }
}
