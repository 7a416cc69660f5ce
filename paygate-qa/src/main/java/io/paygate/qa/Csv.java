package io.paygate.qa;

import java.util.ArrayList;
import java.util.List;

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
}
