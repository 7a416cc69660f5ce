package io.paygate.model.api.link;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** {@code GET /pg/payment-links} (docs/contract.md §11, §3b paging): the merchant's links, newest first. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A page of the merchant's links, newest first")
public record LinkList(
        @Schema(description = "2000000", examples = "2000000") String responseCode,
        @Schema(description = "Success", examples = "Success") String responseMessage,
        @Schema(description = "The links, newest first") List<LinkStatusResponse> links,
        @Schema(description = "Opaque; pass as cursor for the next page; absent on the last page") String nextCursor) {

    public static LinkList of(List<LinkStatusResponse> links, String nextCursor) {
        return new LinkList(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, links, nextCursor);
    }
}
