package io.paygate.qa;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The daily transactions report (docs/contract.md §3b, {@code text/csv}): one row per money movement of {@code date} in
 * the gateway's time zone, by the header's names ({@code time}, {@code kind}, {@code orderId},
 * {@code reference}, {@code method}, {@code amount}, {@code currency}, {@code status} …); {@code csv} as served.
 */
public record TransactionsReport(LocalDate date, List<String> header, List<Map<String, String>> rows, String csv) {

    static TransactionsReport parse(LocalDate date, String csv) {
        List<List<String>> records = Csv.parse(csv);
        if (records.isEmpty()) {
            throw new AssertionError("the report of " + date + " has no header row");
        }
        List<String> header = List.copyOf(records.getFirst());
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> record : records.subList(1, records.size())) {
            if (record.size() != header.size()) {
                throw new AssertionError("report row with " + record.size() + " cells, header has " + header.size()
                        + ": " + record);
            }
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), record.get(i));
            }
            rows.add(Collections.unmodifiableMap(row));
        }
        return new TransactionsReport(date, header, List.copyOf(rows), csv);
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
