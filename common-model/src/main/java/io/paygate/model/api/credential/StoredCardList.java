package io.paygate.model.api.credential;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.paygate.model.error.ResponseCode;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply of {@code GET /pg/payment/card/stored?customerId=} (docs/contract.md §1b): the customer's cards, empty when none. */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A customer's stored cards")
public record StoredCardList(
        @Schema(description = "2000000", required = true, examples = "2000000") String responseCode,
        @Schema(description = "Success", required = true, examples = "Success") String responseMessage,
        @Schema(description = "The stored cards; empty when none", required = true) List<StoredCard> cards) {

    public static StoredCardList of(List<StoredCard> cards) {
        return new StoredCardList(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, List.copyOf(cards));
    }
}
