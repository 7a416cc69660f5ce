package io.paygate.payment.reporting;

import io.paygate.kit.error.ApiException;
import io.paygate.payment.payment.GatewayTime;
import io.paygate.payment.payment.MoneyMovements;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.StreamingOutput;
import io.paygate.kit.rest.ReportCells;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * The daily transactions report (docs/contract.md §3b): one RFC 4180 row per money movement of the merchant on one day in
 * {@code gateway.timezone}, from the ledger, oldest first. Rows stream from a database cursor
 * ({@value MoneyMovements#FETCH} at a time) straight into the reply, so a day of a million movements needs no more
 * memory than a day of ten.
 */
@ApplicationScoped
public class TransactionsReport {

    public static final String[] HEADER = {"time", "kind", "orderId", "reference", "method", "amount", "currency",
            "status"};
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);

    private final MoneyMovements movements;
    private final GatewayTime time;

    TransactionsReport(MoneyMovements movements, GatewayTime time) {
        this.movements = movements;
        this.time = time;
    }

    /**
     * The day {@code date} names.
     *
     * @throws ApiException {@code 400SS01 Invalid Field Format date} unless it is a real {@code YYYY-MM-DD} date,
     *                      {@code 400SS02} when absent
     */
    public static LocalDate day(String date) {
        if (date == null || date.isEmpty()) {
            throw ApiException.mandatory("date");
        }
        try {
            return LocalDate.parse(date, DATE);
        } catch (DateTimeParseException e) {
            throw ApiException.invalidFormat("date");
        }
    }

    /**
     * A value as a report cell: service-kit's {@link ReportCells#cell} (the formula guard of docs/contract.md §3b). Every
     * column goes through here: order ids such as {@code -2-3} are allowed, and a transfer's method is its beneficiary
     * bank code, free text.
     */
    static String cell(String value) {
        return ReportCells.cell(value);
    }

    /** The report of {@code merchantId}'s {@code day}, written when the reply is. */
    public StreamingOutput of(String merchantId, LocalDate day) {
        ZonedDateTime start = day.atStartOfDay(time.zone());
        ZonedDateTime end = day.plusDays(1).atStartOfDay(time.zone());
        return out -> {
            BufferedWriter writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
            CSVPrinter csv = new CSVPrinter(writer, CSVFormat.RFC4180.builder().setHeader(HEADER).get());
            try {
                movements.readBetween(merchantId, start.toInstant(), end.toInstant(), m -> csv.printRecord(
                        cell(DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(m.occurredAt().atZone(time.zone()))),
                        cell(m.kind()), cell(m.orderId()), cell(m.reference()), cell(m.method()),
                        cell(m.amount().toPlainString()), cell(m.currency()), cell(m.status())));
                csv.flush();
            } catch (SQLException e) {
                throw new UncheckedIOException(new IOException("report failed: " + e.getSQLState(), e));
            }
        };
    }
}
