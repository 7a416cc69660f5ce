package io.paygate.model.api.link;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Reply of {@code POST /pg/payment-links} (docs/contract.md §11); the same for every repeat of the same body. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "The link made")
public record CreateLinkResponse(
        @Schema(description = "2000000", examples = "2000000") String responseCode,
        @Schema(description = "Success", examples = "Success") String responseMessage,
        @Schema(description = "The link's code in its page's address", examples = "LNK7Q2M9XK4TA8") String linkCode,
        @Schema(description = "The link's page: {base}/pg/link/{linkCode}") String url,
        @Schema(description = "https://wa.me/[phone]?text= the description and the url, percent-encoded")
        String whatsappUrl,
        @Schema(description = "ACTIVE", examples = "ACTIVE") String status) {

    public static CreateLinkResponse success(String linkCode, String url, String whatsappUrl, String status) {
        return new CreateLinkResponse(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, linkCode, url,
                whatsappUrl, status);
    }
}
