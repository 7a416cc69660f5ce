package io.paygate.model.api.link;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.paygate.model.api.Customer;
import io.paygate.model.error.ResponseCode;
import java.math.BigDecimal;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A link as {@code GET /pg/payment-links/{id}} answers it and its list holds it (docs/contract.md §11): its members at
 * the top level, its status, what its captured payments collected, and its payments (not in a list's items).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A payment link and its payments")
public record LinkStatusResponse(
        @Schema(description = "2000000 (absent in a list's items)") String responseCode,
        @Schema(description = "Success (absent in a list's items)") String responseMessage,
        @Schema(description = "Merchant's link id") String id,
        @Schema(description = "The code in the page's address") String linkCode,
        @Schema(description = "The link's page") String url,
        @Schema(description = "The WhatsApp share link") String whatsappUrl,
        @Schema(description = "What the customer pays for") String description,
        @Schema(description = "Fixed amount") String amount,
        @Schema(description = "Least amount") String minAmount,
        @Schema(description = "Greatest amount") String maxAmount,
        @Schema(description = "ISO 4217") String currency,
        @Schema(description = "ISO-8601 with offset, in gateway.timezone") String expiresAt,
        @Schema(description = "At most this many captured payments; absent: no limit") Integer usageLimit,
        @Schema(description = "Methods offered; absent: every method of the merchant") List<String> methods,
        @Schema(description = "The customer, as given") Customer customer,
        @Schema(description = "What the gateway sends the customer") @JsonProperty("notify") LinkNotify notifications,
        @Schema(description = "Receives the link's payments' notifications") String callbackUrl,
        @Schema(description = "Where the hosted page sends the customer afterwards") String returnUrl,
        @Schema(description = "ACTIVE, PAID, EXPIRED or INACTIVE", examples = "ACTIVE") String status,
        @Schema(description = "Captured payments", examples = "0") int paymentCount,
        @Schema(description = "Sum of the captured payments' amounts", examples = "0") BigDecimal amountCollected,
        @Schema(description = "ISO-8601 with offset") String createdAt,
        @Schema(description = "The link's payments, oldest first (absent in a list's items)")
        List<LinkPayment> payments) {

    /** This reply as the single link's answer: with the success code and message. */
    public LinkStatusResponse answered() {
        return new LinkStatusResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, id, linkCode, url,
                whatsappUrl, description, amount, minAmount, maxAmount, currency, expiresAt, usageLimit, methods,
                customer, notifications, callbackUrl, returnUrl, status, paymentCount, amountCollected, createdAt, payments);
    }
}
