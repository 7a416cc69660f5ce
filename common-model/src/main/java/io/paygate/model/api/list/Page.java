package io.paygate.model.api.list;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

import java.util.List;

/**
 * One page of a list (docs/contract.md §3b): newest first; {@code nextCursor} fetches the next page and is absent on the last.
 *
 * @param <T> the item: the fields of its status reply
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A page of a list, newest first")
public record Page<T>(
        @Schema(description = "2000000", examples = "2000000") String responseCode,
        @Schema(description = "Success", examples = "Success") String responseMessage,
        @Schema(description = "The items, newest first") List<T> items,
        @Schema(description = "Opaque; pass as cursor for the next page; absent on the last page")
        String nextCursor) {

    public static <T> Page<T> of(List<T> items, String nextCursor) {
        return new Page<>(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, items, nextCursor);
    }
}
