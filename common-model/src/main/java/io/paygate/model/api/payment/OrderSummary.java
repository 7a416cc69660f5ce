package io.paygate.model.api.payment;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The order object of the payment notification and the status reply (seed §3; docs/contract.md §3/§6):
 * {@code id}, {@code amount} as a JSON <em>number</em>, {@code reference} = the paymentCode, {@code currency}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(name = "NotificationOrder", description = "Order in a notification or status reply; amount is a number")
public record OrderSummary(
        @Schema(description = "Merchant order id", examples = "ORD-20261121-0001") String id,
        @Schema(description = "Order amount (number)", examples = "150000.00") BigDecimal amount,
        @Schema(description = "The paymentCode", examples = "PC7F3K9Q2M4X8B1N") String reference,
        @Schema(description = "ISO 4217 code", examples = "IDR") String currency) {
}
