package io.paygate.model.api.credential;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply of {@code DELETE /pg/payment/card/stored/{tokenId}} (docs/contract.md §1b): the card is forgotten. */
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A stored card forgotten, at the provider too")
public record StoredCardDeleted(
        @Schema(description = "2000000", required = true, examples = "2000000") String responseCode,
        @Schema(description = "Success", required = true, examples = "Success") String responseMessage,
        @Schema(description = "The card forgotten", required = true, examples = "tok_7Q2M8X1B7D3H5F0T6W4K9Q2M")
        String tokenId) {

    public static StoredCardDeleted of(String tokenId) {
        return new StoredCardDeleted(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, tokenId);
    }
}
