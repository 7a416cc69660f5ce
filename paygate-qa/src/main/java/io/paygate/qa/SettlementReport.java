package io.paygate.qa;

import java.util.List;
import java.util.Map;

/**
 * A settlement's report (docs/contract.md §12, {@code GET /pg/settlements/{id}/report}, {@code text/csv}): one row per
 * payment settled, by the header's names (order id, method, captured at, gross, fee, VAT, net); {@code csv} as served.
 */
public record SettlementReport(String settlementId, List<String> header, List<Map<String, String>> rows, String csv) {

    static SettlementReport parse(String settlementId, String csv) {
        Csv.Table table = Csv.table(csv, "the report of settlement " + settlementId);
        return new SettlementReport(settlementId, table.header(), table.rows(), csv);
    }

    /** The rows whose cell {@code column} is {@code value}, matched as the report writes it (§3b's formula guard). */
    public List<Map<String, String>> rowsWhere(String column, String value) {
        String cell = TransactionsReport.asWritten(value);
        return rows.stream().filter(row -> cell.equals(row.get(column))).toList();
    }
}
