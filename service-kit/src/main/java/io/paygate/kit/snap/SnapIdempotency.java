package io.paygate.kit.snap;

import io.paygate.model.json.Json;
import io.paygate.model.snap.SnapReply;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * {@code partnerReferenceNo} idempotency of SNAP requests (docs/contract.md §9): per merchant, service code and
 * {@code partnerReferenceNo}, the first request's body hash and its reply are stored ({@code snap_idempotency},
 * R__snap.sql). The same reference again with the same body (whitespace outside strings aside: the hash is of the
 * minified body) gets the first reply again, byte for byte, without running anything; with another body it is
 * {@code 409xx01 Duplicate partnerReferenceNo}.
 * <p>
 * How a SNAP resource uses it:
 * <pre>{@code
 * @POST @SnapAuthenticated
 * public Response create(@Valid CreateVaRequest body) {
 *     return idempotency.once(body.trxId(), () -> vaService.create(snap.merchant(), body));   // returns a SnapReply
 * }
 * }</pre>
 * A reference is claimed in a statement of its own before {@code work} runs; while it runs, the same reference with
 * the same body is {@code 409xx00 Conflict} (a request in flight; after {@code gateway.snap.idempotency-lease} a
 * claim whose replica died may be taken over). Only a reply is stored: when {@code work} throws (a field error, a
 * refusal, an outage), the claim is released and nothing is remembered, so the same request may be sent again and is
 * answered afresh, as it wrote nothing. {@code work} runs its own transactions, as the services' methods do.
 */
@ApplicationScoped
public class SnapIdempotency {

    private static final Logger LOG = Logger.getLogger(SnapIdempotency.class);

    static final String CLAIM = """
            INSERT INTO snap_idempotency AS i (merchant_id, service_code, partner_reference_no, request_hash, claimed_at)
            VALUES (?, ?, ?, ?, clock_timestamp())
            ON CONFLICT (merchant_id, service_code, partner_reference_no) DO UPDATE SET claimed_at = clock_timestamp()
                WHERE i.reply_status IS NULL AND i.request_hash = EXCLUDED.request_hash
                  AND i.claimed_at < clock_timestamp() - make_interval(secs => ?)""";
    static final String READ = """
            SELECT request_hash, reply_status, reply_body FROM snap_idempotency
            WHERE merchant_id = ? AND service_code = ? AND partner_reference_no = ?""";
    static final String STORE = """
            UPDATE snap_idempotency SET reply_status = ?, reply_body = ?
            WHERE merchant_id = ? AND service_code = ? AND partner_reference_no = ? AND reply_status IS NULL""";
    static final String RELEASE = """
            DELETE FROM snap_idempotency
            WHERE merchant_id = ? AND service_code = ? AND partner_reference_no = ? AND reply_status IS NULL""";
    /** The standard's longest reference (String(64)). */
    static final int MAX_REFERENCE = 64;

    private final DataSource dataSource;
    private final SnapRequest request;
    private final long leaseSeconds;

    @Inject
    SnapIdempotency(DataSource dataSource, SnapRequest request, SnapConfig config) {
        this(dataSource, request, config.idempotencyLease());
    }

    SnapIdempotency(DataSource dataSource, SnapRequest request, Duration lease) {
        this.dataSource = dataSource;
        this.request = request;
        this.leaseSeconds = Math.max(1, lease.toSeconds());
    }

    /**
     * Runs {@code work} once for the current SNAP request's merchant, service and {@code partnerReferenceNo}, and
     * answers its reply, or the stored reply of the first request with the same reference and body.
     *
     * @param partnerReferenceNo the request's reference (1–64 characters; the resource validated the field)
     * @param work               what the request does; its reply's {@code responseCode} gives the HTTP status
     * @throws SnapException {@code 409xx01} for the same reference with another body, {@code 409xx00} while the first
     *                       request with it is still running
     */
    public Response once(String partnerReferenceNo, Supplier<? extends SnapReply> work) {
        Objects.requireNonNull(work, "work");
        if (partnerReferenceNo == null || partnerReferenceNo.isEmpty() || partnerReferenceNo.length() > MAX_REFERENCE) {
            throw new IllegalArgumentException("partnerReferenceNo must be 1-" + MAX_REFERENCE + " characters");
        }
        Key key = new Key(request.merchant().id(), request.service().code(), partnerReferenceNo);
        String hash = request.bodyHash();
        if (!claim(key, hash)) {
            return earlier(key, hash);
        }
        SnapReply reply;
        try {
            reply = Objects.requireNonNull(work.get(), "work returned no reply");
        } catch (RuntimeException | Error e) {
            release(key);
            throw e;
        }
        String body = Json.write(reply);
        store(key, reply.httpStatus(), body);
        return json(reply.httpStatus(), body);
    }

    private record Key(String merchantId, String serviceCode, String reference) {
        void bind(PreparedStatement statement, int first) throws SQLException {
            statement.setString(first, merchantId);
            statement.setString(first + 1, serviceCode);
            statement.setString(first + 2, reference);
        }
    }

    /** Whether this request claimed the reference (a new one, or a same-body claim whose lease ran out). */
    private boolean claim(Key key, String hash) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement claim = connection.prepareStatement(CLAIM)) {
            key.bind(claim, 1);
            claim.setString(4, hash);
            claim.setLong(5, leaseSeconds);
            return claim.executeUpdate() == 1;
        } catch (SQLException e) {
            throw new IllegalStateException("partnerReferenceNo could not be claimed", e);
        }
    }

    /** The answer to a reference claimed before: its reply, or why not. */
    private Response earlier(Key key, String hash) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement read = connection.prepareStatement(READ)) {
            key.bind(read, 1);
            try (ResultSet row = read.executeQuery()) {
                if (!row.next()) {
                    throw SnapException.conflict(); // released between the claim and this read: in flight elsewhere
                }
                if (!row.getString(1).equals(hash)) {
                    throw SnapException.duplicatePartnerReference();
                }
                int status = row.getInt(2);
                if (row.wasNull()) {
                    throw SnapException.conflict();
                }
                return json(status, row.getString(3));
            }
        } catch (SQLException e) {
            throw new IllegalStateException("partnerReferenceNo could not be read", e);
        }
    }

    private void store(Key key, int status, String body) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement store = connection.prepareStatement(STORE)) {
            store.setInt(1, status);
            store.setString(2, body);
            key.bind(store, 3);
            store.executeUpdate();
        } catch (SQLException e) {
            // The work is done: its reply is still the answer. The claim stays without a reply until its lease runs
            // out; a retry then runs the work again, which the services' own idempotency (the order id) answers.
            LOG.warnf("The reply to partnerReferenceNo of merchant %s, service %s could not be stored (%s)",
                    key.merchantId(), key.serviceCode(), e.getSQLState());
        }
    }

    private void release(Key key) {
        try (Connection connection = dataSource.getConnection();
             PreparedStatement release = connection.prepareStatement(RELEASE)) {
            key.bind(release, 1);
            release.executeUpdate();
        } catch (SQLException e) {
            // The claim stays until its lease runs out; the request's own failure is what the client is told.
            LOG.warnf("A partnerReferenceNo claim of merchant %s, service %s could not be released (%s)",
                    key.merchantId(), key.serviceCode(), e.getSQLState());
        }
    }

    private static Response json(int status, String body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body).build();
    }
}
