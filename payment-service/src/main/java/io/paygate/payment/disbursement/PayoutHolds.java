package io.paygate.payment.disbursement;

import io.paygate.kit.config.GatewayConfig;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.ledger.HoldReply;
import io.paygate.model.api.ledger.HoldRequest;
import io.paygate.model.error.ErrorCase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.WebApplicationException;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.logging.Logger;

import java.util.regex.Pattern;

/**
 * Payouts hold funds first (docs/contract.md §12): before a new transfer is written, ledger-service holds its amount and
 * fee out of the merchant's {@code available} balance. There is no way around it: not enough funds is
 * {@code 4030401}, ledger-service away, slow ({@code quarkus.rest-client.ledger.read-timeout}), failing or not reachable
 * with the internal token is {@code 5030401}, and either way nothing is written. A hold whose transfer is then never
 * written (this replica died, the insert failed) is released by ledger-service's hold reconciliation.
 */
@ApplicationScoped
public class PayoutHolds {

    private static final Logger LOG = Logger.getLogger(PayoutHolds.class);
    private static final int CONFLICT = 409;
    private static final int INSUFFICIENT_FUNDS = 422;
    private static final String HELD = "HELD";
    /** A transfer's {@code referenceNo} as {@code DisbursementService} makes it. */
    private static final Pattern REFERENCE = Pattern.compile("DSB[0-9A-Z]{21}");

    private final LedgerServiceClient ledger;
    private final GatewayConfig config;

    PayoutHolds(@RestClient LedgerServiceClient ledger, GatewayConfig config) {
        this.ledger = ledger;
        this.config = config;
    }

    /**
     * Holds {@code amount} (and ledger-service's fee) for the merchant's transfer {@code partnerReferenceNo}, to be made
     * as {@code referenceNo}; the same key and amount again is the same hold, answered with the reference it was first
     * asked with ({@link HoldReply#referenceNo()}, the one to write the transfer under).
     *
     * @throws ApiException {@code 4030401} without enough {@code available}; {@code 409SS00} for the key held with another
     *                      amount or currency; {@code 5030401} when the hold could not be asked or answered
     */
    public HoldReply hold(String merchantId, String partnerReferenceNo, String referenceNo, TransferAmount amount) {
        if (config.internal().token().isEmpty()) {
            LOG.warn("gateway.internal.token is not set: no payout can be held, every transfer is answered 5030401");
            throw unavailable();
        }
        try {
            HoldReply held = ledger.hold("Bearer " + config.internal().token().get(), merchantId, partnerReferenceNo,
                    new HoldRequest(referenceNo, amount.value(), amount.currency()));
            if (held == null || held.status() == null) {
                LOG.warnf("ledger-service answered the hold of payout %s merchant=%s without a status: transfer "
                        + "refused 5030401", referenceNo, merchantId);
                throw unavailable();
            }
            if (!HELD.equals(held.status())) {
                // The key's hold was released (its transfer was never written) or spent: this reference cannot pay
                // again, and a transfer written now would be unheld.
                LOG.infof("payout %s merchant=%s partnerRef=%s refused: its hold is %s", referenceNo, merchantId,
                        partnerReferenceNo, held.status());
                throw ApiException.conflict("partnerReferenceNo already used");
            }
            if (held.referenceNo() == null || !REFERENCE.matcher(held.referenceNo()).matches()) {
                LOG.warnf("ledger-service answered the hold of payout %s merchant=%s with another kind of reference: "
                        + "transfer refused 5030401", referenceNo, merchantId);
                throw unavailable();
            }
            LOG.infof("payout %s merchant=%s partnerRef=%s held %s %s (fee %s)", held.referenceNo(), merchantId,
                    partnerReferenceNo, amount.value(), amount.currency(), held.fee());
            return held;
        } catch (WebApplicationException e) {
            int status = e.getResponse().getStatus();
            if (status == INSUFFICIENT_FUNDS) {
                LOG.infof("payout %s merchant=%s partnerRef=%s refused: insufficient funds", referenceNo, merchantId,
                        partnerReferenceNo);
                throw ApiException.of(ErrorCase.INSUFFICIENT_FUNDS, null);
            }
            if (status == CONFLICT) {
                throw ApiException.conflict("partnerReferenceNo already used with other content");
            }
            LOG.warnf("ledger-service answered %d to the hold of payout %s merchant=%s: transfer refused 5030401",
                    status, referenceNo, merchantId);
            throw unavailable();
        } catch (ApiException e) {
            throw e;
        } catch (RuntimeException e) {
            LOG.warnf("ledger-service did not answer the hold of payout %s merchant=%s (%s): transfer refused 5030401",
                    referenceNo, merchantId, e.getClass().getSimpleName());
            throw unavailable();
        }
    }

    private static ApiException unavailable() {
        return ApiException.of(ErrorCase.BALANCE_UNAVAILABLE, null);
    }
}
