package io.paygate.kit.rest;

/** The cells of the gateway's CSV reports (docs/contract.md §3b): payment-service's and ledger-service's alike. */
public final class ReportCells {

    private ReportCells() {
    }

    /**
     * A value as a report cell (docs/contract.md §3b, OWASP "CSV injection"): one that would begin with {@code =},
     * {@code +}, {@code -}, {@code @}, a tab or a carriage return gets a leading {@code '}, so that no spreadsheet reads
     * it as a formula. Every column goes through here. RFC 4180 quoting is the printer's, after this.
     */
    public static String cell(String value) {
        if (value == null || value.isEmpty()) {
            return value;
        }
        return switch (value.charAt(0)) {
            case '=', '+', '-', '@', '\t', '\r' -> "'" + value;
            default -> value;
        };
    }
}
