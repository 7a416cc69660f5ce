package io.paygate.payment.reporting;

import io.paygate.kit.rest.ListQuery;
import io.paygate.kit.auth.Merchant;
import io.paygate.kit.error.ApiException;
import io.paygate.model.api.disbursement.DisbursementStatusResponse;
import io.paygate.model.api.list.Page;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.payment.disbursement.Disbursement;
import io.paygate.payment.disbursement.DisbursementMapper;
import io.paygate.payment.payment.GatewayTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.transaction.Transactional;

import java.util.List;

/**
 * {@code GET /pg/disbursements} (docs/contract.md §3b): the merchant's transfers, newest first, filtered by
 * {@code latestTransactionStatus}, keyset-paginated on {@code (transaction_date, reference_no)}.
 */
@ApplicationScoped
public class DisbursementList {

    static final String LIST = "disbursements";

    private final EntityManager entityManager;
    private final Cursors cursors;
    private final GatewayTime time;

    DisbursementList(EntityManager entityManager, Cursors cursors, GatewayTime time) {
        this.entityManager = entityManager;
        this.cursors = cursors;
        this.time = time;
    }

    @Transactional
    public Page<DisbursementStatusResponse> list(Merchant merchant, String status, ListQuery query, String cursor) {
        DisbursementStatus filter = null;
        if (status != null) {
            try {
                filter = DisbursementStatus.fromCode(status);
            } catch (IllegalArgumentException e) {
                throw ApiException.invalidFormat("status");
            }
        }
        Keyset keyset = query(merchant.id(), filter, query, cursors.read(LIST, merchant.id(), cursor).orElse(null));
        @SuppressWarnings("unchecked")
        List<Disbursement> rows = keyset.query(entityManager, Disbursement.class, query.limit()).getResultList();
        boolean more = rows.size() > query.limit();
        List<Disbursement> shown = more ? rows.subList(0, query.limit()) : rows;
        String next = null;
        if (more) {
            Disbursement last = shown.get(shown.size() - 1);
            next = cursors.issue(LIST, merchant.id(), new Cursors.Position(last.transactionDate, last.referenceNo));
        }
        return Page.of(shown.stream().map(d -> DisbursementMapper.toStatusResponse(d, time.zone()).asItem()).toList(),
                next);
    }

    /** The page's query (the index {@code (merchant_id, transaction_date DESC, reference_no DESC)} serves it). */
    public static Keyset query(String merchantId, DisbursementStatus status, ListQuery query, Cursors.Position after) {
        return Keyset.of("disbursement", "transaction_date", "reference_no", "varchar", merchantId)
                .condition("status = ?", status == null ? null : status.code()).range(query).after(after);
    }
}
