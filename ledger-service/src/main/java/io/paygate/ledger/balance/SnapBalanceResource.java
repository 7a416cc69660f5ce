package io.paygate.ledger.balance;

import io.paygate.kit.auth.Merchant;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.api.ledger.BalanceView;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.SnapAmount;
import io.paygate.model.snap.balance.BalanceInquiryReply;
import io.paygate.model.snap.balance.BalanceInquiryRequest;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.math.BigDecimal;
import java.util.List;

/** SNAP BI balance inquiry (docs/contract.md §12, service 11) behind service-kit's SNAP door. */
@Path("/v1.0/balance-inquiry")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@SnapAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.SNAP)
@Tag(name = "SNAP balance", description = "SNAP BI balance inquiry (docs/contract.md §9, §12: service 11): your §12 "
        + "balance as accountInfos")
public class SnapBalanceResource {

    private final BalanceReads reads;
    private final SnapRequest snap;

    SnapBalanceResource(BalanceReads reads, SnapRequest snap) {
        this.reads = reads;
        this.snap = snap;
    }

    @POST
    @APIResponse(responseCode = "200", description = "The merchant's balance as accountInfos",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = BalanceInquiryReply.class)))
    public BalanceInquiryReply inquire(@Valid @NotNull BalanceInquiryRequest request) {
        Merchant merchant = snap.merchant();
        BalanceView balance = reads.balance(merchant.id(), merchant.currency());
        BigDecimal available = new BigDecimal(balance.available());
        BigDecimal pending = new BigDecimal(balance.pending());
        BigDecimal held = new BigDecimal(balance.held());
        SnapAmount total = SnapAmount.of(available.add(pending).add(held), balance.currency());
        BalanceInquiryReply.AccountInfo info = new BalanceInquiryReply.AccountInfo("Cash", total,
                SnapAmount.of(pending, balance.currency()), SnapAmount.of(held, balance.currency()),
                SnapAmount.of(available, balance.currency()), total, "0001");
        return new BalanceInquiryReply(SnapCase.SUCCESSFUL.code(ServiceCode.SNAP_BALANCE_INQUIRY),
                SnapCase.SUCCESSFUL.message(), null, request.partnerReferenceNo(), request.accountNo(),
                merchant.name(), List.of(info));
    }
}
