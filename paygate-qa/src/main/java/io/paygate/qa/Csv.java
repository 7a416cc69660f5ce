package io.paygate.qa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** RFC 4180 records: quoted cells with {@code ""} for a quote, CRLF or LF between records (no library needed). */
final class Csv {

    private Csv() {
    }

    static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        boolean any = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
                continue;
            }
            switch (c) {
                case '"' -> {
                    quoted = true;
                    any = true;
                }
                case ',' -> {
                    record.add(cell.toString());
                    cell.setLength(0);
                    any = true;
                }
                case '\r' -> {
                    // the CR of a CRLF; a lone CR outside quotes is not RFC 4180 and is dropped
                }
                case '\n' -> {
                    record.add(cell.toString());
                    records.add(record);
                    record = new ArrayList<>();
                    cell.setLength(0);
                    any = false;
                }
                default -> {
                    cell.append(c);
                    any = true;
                }
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("CSV ends inside a quoted cell");
        }
        if (any || !record.isEmpty()) {
            record.add(cell.toString());
            records.add(record);
        }
        return records;
    }

    /** A report read by its header: the header's names and each row as name → cell, in order. */
    record Table(List<String> header, List<Map<String, String>> rows) {
    }

    /** {@code text} as a {@link Table}; fails naming {@code what} without a header or with a row of another width. */
    static Table table(String text, String what) {
        List<List<String>> records = parse(text);
        if (records.isEmpty()) {
            throw new AssertionError(what + " has no header row");
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
        return new Table(header, List.copyOf(rows));
    }
}
