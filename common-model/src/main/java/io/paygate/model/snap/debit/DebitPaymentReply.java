package io.paygate.model.snap.debit;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapReply;
import io.paygate.model.snap.qr.QrState;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2005400} of {@code POST /v1.0/debit/payment-host-to-host} (docs/contract.md §9): {@code referenceNo} is
 * the payment's code; {@code webRedirectUrl} its hosted page when no {@code bankCardToken} was sent;
 * {@code additionalInfo.status} the payment's §2 state when answered (a charged binding's outcome follows by
 * {@code /v1.0/debit/status} and the debit notification).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP direct debit payment reply")
public record DebitPaymentReply(
        @Schema(examples = "2005400") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        @Schema(description = "The payment's code") String referenceNo,
        String partnerReferenceNo,
        @Schema(description = "The hosted payment page (no bankCardToken)") String webRedirectUrl,
        QrState additionalInfo) implements SnapReply {
}
