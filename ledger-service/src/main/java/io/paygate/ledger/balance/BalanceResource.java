package io.paygate.ledger.balance;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.model.api.ledger.BalanceView;
import io.paygate.model.api.ledger.LedgerTransactionList;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The merchant's balance and its transactions (docs/contract.md §12). */
@Path("/pg/balance")
@Produces(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
@Tag(name = "Balance", description = "Your money: balance, transactions and settlements")
public class BalanceResource {

    private final BalanceReads reads;
    private final CurrentMerchant merchant;

    BalanceResource(BalanceReads reads, CurrentMerchant merchant) {
        this.reads = reads;
        this.merchant = merchant;
    }

    @GET
    @Operation(summary = "Your balance", description = "available (settled, free to pay out), pending (captured, not "
            + "yet settled) and held (payouts in flight)")
    @APIResponse(responseCode = "200", description = "The balance")
    public BalanceView balance() {
        return reads.balance(merchant.get().id(), merchant.get().currency());
    }

    @GET
    @Path("/transactions")
    @Operation(summary = "Your balance's transactions", description = "Newest first; type CAPTURE, FEE, VAT, REFUND, "
            + "DISBURSEMENT, SETTLEMENT or ADJUSTMENT; from/to ISO-8601 with offset; limit 1-200 (50); cursor")
    @APIResponse(responseCode = "200", description = "A page of transactions")
    public LedgerTransactionList transactions(@QueryParam("type") String type, @QueryParam("from") String from,
                                              @QueryParam("to") String to, @QueryParam("limit") String limit,
                                              @QueryParam("cursor") String cursor) {
        return reads.transactions(merchant.get().id(), type, from, to, limit, cursor);
    }
}
