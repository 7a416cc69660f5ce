package io.paygate.kit.app;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.snap.SnapAuthenticated;
import io.paygate.kit.snap.SnapException;
import io.paygate.kit.snap.SnapIdempotency;
import io.paygate.kit.snap.SnapRequest;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.SnapReply;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Test-only SNAP endpoints at two of the standard's paths (so their service codes are the real ones: 26 and 47): one
 * echoes what the door authenticated, one runs under {@link SnapIdempotency} and counts its runs.
 */
@Path("/v1.0")
@Produces(MediaType.APPLICATION_JSON)
public class SnapTestResource {

    /** Runs of the idempotent endpoint's work, over the app's life. */
    public static final AtomicLong RUNS = new AtomicLong();
    /** While set, the idempotent endpoint's work with note {@code "hold"} waits for it. */
    public static volatile CountDownLatch hold = new CountDownLatch(0);

    public record Body(@NotBlank @Size(max = 64) String partnerReferenceNo, String note) {
    }

    public record Reply(String responseCode, String responseMessage, String merchant, String externalId,
                        String channelId, String partnerReferenceNo, long run) implements SnapReply {
    }

    private final CurrentMerchant merchant;
    private final SnapRequest snap;
    private final SnapIdempotency idempotency;

    SnapTestResource(CurrentMerchant merchant, SnapRequest snap, SnapIdempotency idempotency) {
        this.merchant = merchant;
        this.snap = snap;
        this.idempotency = idempotency;
    }

    @POST
    @Path("/transfer-va/status")
    @Consumes(MediaType.APPLICATION_JSON)
    @SnapAuthenticated
    public Reply echo(@Valid @NotNull Body body) {
        return new Reply(SnapCase.SUCCESSFUL.code(snap.service()), SnapCase.SUCCESSFUL.message(), merchant.get().id(),
                snap.externalId(), snap.channelId(), body.partnerReferenceNo(), 0);
    }

    @POST
    @Path("/qr/qr-mpm-generate")
    @Consumes(MediaType.APPLICATION_JSON)
    @SnapAuthenticated
    public Response generate(@Valid @NotNull Body body) {
        return idempotency.once(body.partnerReferenceNo(), () -> {
            long run = RUNS.incrementAndGet();
            if ("fail".equals(body.note())) {
                throw SnapException.of(SnapCase.INVALID_AMOUNT, null);
            }
            if ("hold".equals(body.note())) {
                try {
                    hold.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return new Reply(SnapCase.SUCCESSFUL.code(snap.service()), SnapCase.SUCCESSFUL.message(),
                    snap.merchant().id(), snap.externalId(), snap.channelId(), body.partnerReferenceNo(), run);
        });
    }
}
