package io.paygate.qa;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TransactionsReportTest {

    @Test
    void rfc4180CellsQuotesAndLineEndsAreRead() {
        String csv = "time,kind,orderId,reference,method,amount,currency,status\r\n"
                + "2026-11-21T10:15:30+07:00,payment captured,QA-1,R1,CARD,150000.00,IDR,CAPTURED\r\n"
                + "2026-11-21T10:16:00+07:00,refund succeeded,\"QA-2, \"\"gift\"\"\",R2,CARD,50000.00,IDR,SUCCEEDED\n"
                + "2026-11-21T10:17:00+07:00,payment captured,'=HYPERLINK(1),R3,\"VA\r\nBCA\",1.00,IDR,CAPTURED\r\n";

        TransactionsReport report = TransactionsReport.parse(LocalDate.of(2026, 11, 21), csv);

        assertEquals(List.of("time", "kind", "orderId", "reference", "method", "amount", "currency", "status"),
                report.header());
        assertEquals(3, report.rows().size());
        assertEquals("150000.00", report.rowsWhere("orderId", "QA-1").getFirst().get("amount"));
        Map<String, String> quoted = report.rows().get(1);
        assertEquals("QA-2, \"gift\"", quoted.get("orderId"));
        assertEquals("'=HYPERLINK(1)", report.rows().get(2).get("orderId"), "the guard quote is the report's, kept");
        assertEquals("VA\r\nBCA", report.rows().get(2).get("method"), "a line end inside quotes is the cell's");
    }

    @Test
    void rowsAreFoundByTheValueEvenWhereTheReportGuardsItAgainstFormulas() {
        String csv = "time,kind,orderId\r\n"
                + "2026-11-21T10:15:30+07:00,payment captured,'-2-3\r\n"
                + "2026-11-21T10:16:00+07:00,payment captured,2-3\r\n";

        TransactionsReport report = TransactionsReport.parse(LocalDate.of(2026, 11, 21), csv);

        assertEquals(1, report.rowsWhere("orderId", "-2-3").size());
        assertEquals("2026-11-21T10:15:30+07:00", report.rowsWhere("orderId", "-2-3").getFirst().get("time"));
        assertEquals(1, report.rowsWhere("orderId", "2-3").size());
    }

    @Test
    void anEmptyDayHasItsHeaderOnlyAndBrokenCsvIsRefused() {
        TransactionsReport empty = TransactionsReport.parse(LocalDate.of(2026, 1, 1), "time,kind\r\n");
        assertEquals(List.of("time", "kind"), empty.header());
        assertEquals(List.of(), empty.rows());

        assertThrows(IllegalArgumentException.class,
                () -> TransactionsReport.parse(LocalDate.of(2026, 1, 1), "time,kind\r\n\"open"));
        assertThrows(AssertionError.class,
                () -> TransactionsReport.parse(LocalDate.of(2026, 1, 1), "time,kind\r\nonly-one-cell\r\n"));
        assertThrows(AssertionError.class, () -> TransactionsReport.parse(LocalDate.of(2026, 1, 1), ""));
    }
}
