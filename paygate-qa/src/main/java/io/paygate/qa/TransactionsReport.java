package io.paygate.qa;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

/**
 * The daily transactions report (docs/contract.md §3b, {@code text/csv}): one row per money movement of {@code date} in
 * the gateway's time zone, by the header's names ({@code time}, {@code kind}, {@code orderId},
 * {@code reference}, {@code method}, {@code amount}, {@code currency}, {@code status} …); {@code csv} as served.
 */
public record TransactionsReport(LocalDate date, List<String> header, List<Map<String, String>> rows, String csv) {

    static TransactionsReport parse(LocalDate date, String csv) {
        Csv.Table table = Csv.table(csv, "the report of " + date);
        return new TransactionsReport(date, table.header(), table.rows(), csv);
    }

    /**
     * The rows whose cell {@code column} is {@code value} (e.g. {@code "orderId"}, an order's id). A value the report
     * writes with its formula guard (docs/contract.md §3b: a leading {@code '} before {@code = + - @}, a tab or a
     * carriage return, so an order id {@code -2-3} is the cell {@code '-2-3}) is matched as the report writes it.
     */
    public List<Map<String, String>> rowsWhere(String column, String value) {
        String cell = asWritten(value);
        return rows.stream().filter(row -> cell.equals(row.get(column))).toList();
    }

    /** {@code value} as the report writes it in a cell: with the formula guard where it needs one. */
    static String asWritten(String value) {
        return !value.isEmpty() && "=+-@\t\r".indexOf(value.charAt(0)) >= 0 ? "'" + value : value;
    }
}
