package io.paygate.ledger.sandbox;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.openapi.GatewayOpenApiFilter;
import io.paygate.ledger.balance.BalanceReads;
import io.paygate.ledger.books.Account;
import io.paygate.ledger.books.Amounts;
import io.paygate.ledger.books.Books;
import io.paygate.ledger.books.LedgerConfig;
import io.paygate.ledger.books.Posting;
import io.paygate.ledger.books.TxType;
import io.paygate.model.api.ledger.BalanceView;
import io.paygate.model.api.ledger.TopUpRequest;
import io.paygate.model.error.ErrorCase;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.UUID;

/**
 * Sandbox only (docs/contract.md §12): credits a sandbox merchant's available balance (an ADJUSTMENT), so a QA suite
 * can pay out. A merchant whose provider is not {@code sandbox}, or a deployment with
 * {@code gateway.ledger.sandbox-enabled=false}, is answered 404.
 */
@Path("/pg/sandbox/balance/top-up")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@MerchantAuthenticated
@SecurityRequirement(name = GatewayOpenApiFilter.MERCHANT)
@Tag(name = "Sandbox", description = "Sandbox only, never in production (404 there): QA shortcuts that decide"
        + " payments, bindings and subscription cycles as a customer or provider would")
public class TopUpResource {

    private final Books books;
    private final BalanceReads reads;
    private final CurrentMerchant current;
    private final LedgerConfig config;

    TopUpResource(Books books, BalanceReads reads, CurrentMerchant current, LedgerConfig config) {
        this.books = books;
        this.reads = reads;
        this.current = current;
        this.config = config;
    }

    @POST
    @Transactional
    @Operation(summary = "Sandbox: top up your available balance", description = "Sandbox merchants only")
    @APIResponse(responseCode = "200", description = "The balance after it")
    public BalanceView topUp(TopUpRequest request) {
        Merchant merchant = current.get();
        if (!config.sandboxEnabled() || !"sandbox".equals(merchant.provider())) {
            throw ApiException.of(ErrorCase.ROUTE_NOT_FOUND, null);
        }
        if (request == null) {
            throw ApiException.mandatory("amount");
        }
        BigDecimal amount = Amounts.parse("amount", request.amount());
        try (Connection c = books.connection()) {
            String id = "TOPUP-" + UUID.randomUUID();
            books.post(c, books.lock(c, merchant.id()), Posting.once(merchant.id(), "ADJUSTMENT", id, id,
                            Instant.now())
                    .line(Account.AVAILABLE, TxType.ADJUSTMENT, amount)
                    .line(Account.ADJUSTMENTS, TxType.ADJUSTMENT, amount.negate()));
        } catch (SQLException e) {
            throw new IllegalStateException("top-up of " + merchant.id() + " not posted", e);
        }
        return reads.balance(merchant.id(), merchant.currency());
    }
}
