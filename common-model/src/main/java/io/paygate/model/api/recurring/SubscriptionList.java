package io.paygate.model.api.recurring;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.error.ResponseCode;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply of {@code GET /pg/subscriptions} (docs/contract.md §1b): newest created first, paged as the lists of §3b
 * ({@code nextCursor} fetches the next page and is absent on the last).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "A page of subscriptions, newest created first")
public record SubscriptionList(
        @Schema(description = "2000000", required = true, examples = "2000000") String responseCode,
        @Schema(description = "Success", required = true, examples = "Success") String responseMessage,
        @Schema(description = "The subscriptions, newest created first", required = true)
        List<SubscriptionListItem> subscriptions,
        @Schema(description = "Opaque; pass as cursor for the next page; absent on the last page")
        String nextCursor) {

    public static SubscriptionList of(List<SubscriptionListItem> subscriptions, String nextCursor) {
        return new SubscriptionList(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, List.copyOf(subscriptions),
                nextCursor);
    }
}
