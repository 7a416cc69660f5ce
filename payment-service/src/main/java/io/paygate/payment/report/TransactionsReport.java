package io.paygate.payment.report;

import io.agroal.api.AgroalDataSource;
import io.paygate.kit.error.ApiException;
import io.paygate.payment.config.GatewayTime;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.StreamingOutput;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;

/**
 * The daily transactions report (CONTRACT §3b): one RFC 4180 row per money movement of the merchant on one day in
 * {@code gateway.timezone}, from the ledger, oldest first. Rows stream from a database cursor ({@value #FETCH} at a
 * time) straight into the reply, so a day of a million movements needs no more memory than a day of ten.
 */
@ApplicationScoped
public class TransactionsReport {

    public static final String[] HEADER = {"time", "kind", "orderId", "reference", "method", "amount", "currency",
            "status"};
    static final int FETCH = 1000;
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);
    private static final String SQL = """
            SELECT occurred_at, kind, order_id, reference, method, amount, currency, status FROM money_movement
            WHERE merchant_id = ? AND occurred_at >= ? AND occurred_at < ? ORDER BY occurred_at, id""";

    private final AgroalDataSource dataSource;
    private final GatewayTime time;

    TransactionsReport(AgroalDataSource dataSource, GatewayTime time) {
        this.dataSource = dataSource;
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

    /** The report of {@code merchantId}'s {@code day}, written when the reply is. */
    public StreamingOutput of(String merchantId, LocalDate day) {
        ZonedDateTime start = day.atStartOfDay(time.zone());
        ZonedDateTime end = day.plusDays(1).atStartOfDay(time.zone());
        return out -> {
            BufferedWriter writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 64 * 1024);
            try (Connection c = dataSource.getConnection()) {
                c.setAutoCommit(false); // PostgreSQL streams with a cursor only inside a transaction
                try (PreparedStatement s = c.prepareStatement(SQL, ResultSet.TYPE_FORWARD_ONLY,
                        ResultSet.CONCUR_READ_ONLY)) {
                    s.setFetchSize(FETCH);
                    s.setString(1, merchantId);
                    s.setTimestamp(2, Timestamp.from(start.toInstant()));
                    s.setTimestamp(3, Timestamp.from(end.toInstant()));
                    CSVPrinter csv = new CSVPrinter(writer, CSVFormat.RFC4180.builder().setHeader(HEADER).get());
                    try (ResultSet rs = s.executeQuery()) {
                        while (rs.next()) {
                            csv.printRecord(
                                    DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(
                                            rs.getTimestamp(1).toInstant().atZone(time.zone())),
                                    rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                                    rs.getBigDecimal(6).toPlainString(), rs.getString(7), rs.getString(8));
                        }
                    }
                    csv.flush();
                } finally {
                    c.rollback();
                }
            } catch (SQLException e) {
                throw new UncheckedIOException(new IOException("report failed: " + e.getSQLState(), e));
            }
        };
    }
}
