package io.paygate.kit.app;

import io.paygate.kit.auth.CurrentMerchant;
import io.paygate.kit.auth.CurrentOperator;
import io.paygate.kit.auth.MerchantAuthenticated;
import io.paygate.kit.auth.OpsAuthenticated;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.kit.outbox.Outbox;
import io.paygate.kit.web.RequestTiming;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.event.EventEnvelope;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.jboss.logging.Logger;

import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/** A test-only API exercising what service-kit gives every service. */
@Path("/pg/kit")
@Produces(MediaType.APPLICATION_JSON)
public class KitTestResource {

    public record Inner(@NotBlank String name) {
    }

    public record EchoRequest(@NotBlank @Pattern(regexp = "[a-z0-9-]{1,20}") String id,
                              @Pattern(regexp = "[0-9]+") String amount,
                              @Valid @NotNull Inner inner) {
    }

    public record EventRequest(String resourceId, boolean failAfterWrite, Long sequence) {
    }

    /** How many requests {@link #ops()} served: the side effect a smuggled request would leave. */
    public static final AtomicInteger OPS_CALLS = new AtomicInteger();

    private final CurrentMerchant merchant;
    private final CurrentOperator operator;
    private final RequestTiming timing;
    private final Outbox outbox;

    KitTestResource(CurrentMerchant merchant, CurrentOperator operator, RequestTiming timing, Outbox outbox) {
        this.merchant = merchant;
        this.operator = operator;
        this.timing = timing;
        this.outbox = outbox;
    }

    @POST
    @Path("/echo")
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    public Map<String, Object> echo(@Valid @NotNull EchoRequest request) {
        return Map.of("merchant", merchant.get().id(), "id", request.id(), "processingTime", timing.elapsedMillis());
    }

    @GET
    @Path("/whoami")
    @MerchantAuthenticated
    public Map<String, Object> whoami(@QueryParam("x") String x) {
        return Map.of("merchant", merchant.get().id(), "x", String.valueOf(x));
    }

    @POST
    @Path("/ops")
    @OpsAuthenticated
    public Map<String, Object> ops() {
        OPS_CALLS.incrementAndGet();
        return Map.of("ok", true, "operator", operator.name());
    }

    /** A line the resource itself logs, on the worker thread, for the request-id tests. */
    @GET
    @Path("/logged/{thing}")
    @MerchantAuthenticated
    public Map<String, Object> logged(@PathParam("thing") String thing) {
        Logger.getLogger(KitTestResource.class).infof("kit resource saw %s", thing);
        return Map.of("thing", thing);
    }

    /** An unauthenticated path: limited per client address. */
    @GET
    @Path("/open")
    public Map<String, Object> open() {
        return Map.of("ok", true);
    }

    @GET
    @Path("/boom")
    public Map<String, Object> boom() {
        throw new IllegalStateException("SELECT secret FROM vault -- must never reach a client");
    }

    @POST
    @Path("/events")
    @Consumes(MediaType.APPLICATION_JSON)
    @MerchantAuthenticated
    @Transactional
    public Map<String, Object> event(EventRequest request) {
        EventEnvelope event = EventEnvelope.of("KitTestEvent", merchant.get().id(), request.resourceId(),
                request.sequence() == null ? 1 : request.sequence(),
                Map.of("resourceId", request.resourceId()), Clock.systemUTC());
        outbox.enqueue("kit-test", event);
        if (request.failAfterWrite()) {
            throw new IllegalStateException("rolled back after the outbox write");
        }
        return Map.of("eventId", event.eventId().toString());
    }

    /** A hosted page's path (gateway.rate-limit.page-paths): limited per client address by the page bucket. */
    @Path("/pg/pay/{code}")
    public static class Page {
        @GET
        @Produces(MediaType.APPLICATION_JSON)
        public Map<String, Object> show(@PathParam("code") String code) {
            return Map.of("code", code);
        }
    }

    /** A provider callback's path (gateway.rate-limit.exempt-paths): no credentials, a raw JSON body. */
    @Path("/pg/provider/kit/callback")
    public static class ProviderCallback {
        @POST
        @Consumes(MediaType.APPLICATION_JSON)
        @Produces(MediaType.APPLICATION_JSON)
        public Map<String, Object> callback(byte[] body) {
            return Map.of("bytes", body == null ? 0 : body.length);
        }
    }

    /** Every path of this test API answers with service code 01. */
    @ApplicationScoped
    public static class Codes implements ServiceCodeResolver {
        @Override
        public ServiceCode resolve(String method, String path) {
            return ServiceCode.PAYMENT_INITIATION;
        }
    }
}
