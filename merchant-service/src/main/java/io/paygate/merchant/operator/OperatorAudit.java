package io.paygate.merchant.operator;

import io.paygate.kit.error.ApiException;
import io.paygate.merchant.registry.AuditRecord;
import io.paygate.merchant.registry.AuditTrail;
import io.paygate.model.api.merchant.AuditEntry;
import io.paygate.model.api.merchant.AuditPage;
import io.paygate.model.error.ResponseCode;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/** {@code GET /admin/audit} (docs/contract.md §10): the audit trail, newest first, filtered, by cursor. */
@ApplicationScoped
public class OperatorAudit {

    private static final String LIST = "audit";

    private final AuditTrail trail;
    private final Cursors cursors;

    OperatorAudit(AuditTrail trail, Cursors cursors) {
        this.trail = trail;
        this.cursors = cursors;
    }

    public AuditPage page(String merchant, String actor, String from, String to, String limit, String cursor) {
        Instant start = Limits.time(from, "from");
        Instant end = Limits.time(to, "to");
        int size = Limits.of(limit);
        String after = cursors.read(LIST, cursor);
        Long afterId;
        try {
            afterId = after == null ? null : Long.valueOf(after);
        } catch (NumberFormatException e) {
            throw ApiException.invalidFormat("cursor");
        }
        List<AuditRecord> rows = trail.page(new AuditTrail.Filter(merchant, actor, start, end), afterId, size);
        List<AuditEntry> entries = rows.stream().limit(size).map(AuditTrail::entry).toList();
        String next = rows.size() > size ? cursors.issue(LIST, String.valueOf(rows.get(size - 1).id)) : null;
        return new AuditPage(ResponseCode.SUCCESS_CODE, ResponseCode.SUCCESS_MESSAGE, entries, next);
    }
}
