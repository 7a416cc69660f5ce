package io.paygate.model.snap.qr;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.paygate.model.snap.SnapReply;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Reply {@code 2004700} of {@code POST /v1.0/qr/qr-mpm-generate} (docs/contract.md §9): {@code referenceNo} is the
 * payment's code, {@code qrContent} the QRIS payload the QR image encodes, {@code qrUrl} that image (PNG).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@Schema(description = "SNAP QRIS MPM generate reply")
public record QrGenerateReply(
        @Schema(examples = "2004700") String responseCode,
        @Schema(examples = "Successful") String responseMessage,
        @Schema(description = "The payment's code") String referenceNo,
        String partnerReferenceNo,
        @Schema(description = "The QRIS payload (EMVCo merchant-presented, dynamic)") String qrContent,
        @Schema(description = "The QR image (PNG)") String qrUrl,
        String merchantName,
        String storeId,
        String terminalId,
        QrState additionalInfo) implements SnapReply {
}
