package io.paygate.kit.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.paygate.kit.db.DatabaseOutage;
import io.paygate.kit.error.ApiException;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.kit.json.IJsonInput;
import io.paygate.kit.json.NoNulText;
import io.paygate.kit.observability.LogText;
import io.paygate.kit.observability.Rejections;
import io.paygate.kit.ratelimit.RateLimitFilters;
import io.paygate.kit.ratelimit.RateLimits;
import io.paygate.kit.snap.SnapException;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.status.IllegalTransitionException;
import io.paygate.model.validation.FieldViolation;
import io.paygate.model.validation.Violations;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * The one place that turns failures into the contract's error body (docs/contract.md §0): {@code responseCode} =
 * HTTP status + service code + case, {@code responseMessage} = the case message and the field or reason. No
 * stack trace, exception name or SQL ever reaches a client; unexpected failures are logged with an incident id
 * that the reply does not need to carry.
 */
public class ErrorMappers {

    private static final Logger LOG = Logger.getLogger(ErrorMappers.class);
    /** Jackson's message for a member repeated in one object (strict duplicate detection, see StrictJson). */
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '(.{1,64})'");
    private static final long WARN_EVERY_NANOS = 10_000_000_000L;

    private final ServiceCodeResolver serviceCodes;
    private final RateLimits rateLimits;
    private final AtomicLong lastOutageWarning = new AtomicLong(System.nanoTime() - WARN_EVERY_NANOS);
    private final AtomicLong unavailableSinceWarning = new AtomicLong();

    ErrorMappers(ServiceCodeResolver serviceCodes, RateLimits rateLimits) {
        this.serviceCodes = serviceCodes;
        this.rateLimits = rateLimits;
    }

    @ServerExceptionMapper
    public Response api(ApiException e, ContainerRequestContext request) {
        ServiceCode service = e.service().orElseGet(() -> serviceOf(request));
        if (e.chargesAddress() && request.getProperty(RateLimitFilters.CLIENT) instanceof String client) {
            // A failed authentication (or a provider notification for an unknown order) costs its address a token
            // (docs/contract.md §0); over the limit it is answered 429.
            OptionalLong refused = rateLimits.failedAuthentication(client);
            if (refused.isPresent()) {
                Rejections.note(ErrorCase.TOO_MANY_REQUESTS, "address over its limit of failed authentications ("
                        + e.detail() + ")");
                return RateLimits.tooManyRequests(service, refused.getAsLong());
            }
        }
        Rejections.note(e.errorCase(), e.detail());
        return reply(service, e.errorCase(), e.detail());
    }

    /**
     * A SNAP answer (docs/contract.md §9): the standard's case for the path's SNAP service code (or the one the thrower
     * named). A {@code 401} costs the client address a token, as a failed {@code /pg/} authentication does.
     */
    @ServerExceptionMapper
    public Response snap(SnapException e, ContainerRequestContext request) {
        ServiceCode service = e.service().orElseGet(() -> serviceOf(request));
        if (e.chargesAddress() && request.getProperty(RateLimitFilters.CLIENT) instanceof String client) {
            OptionalLong refused = rateLimits.failedAuthentication(client);
            if (refused.isPresent()) {
                Rejections.note(ErrorCase.TOO_MANY_REQUESTS, "address over its limit of failed authentications ("
                        + e.getMessage() + ")");
                return RateLimits.tooManyRequests(service, refused.getAsLong());
            }
        }
        if (e.chargesAddress()) {
            Rejections.note(ErrorCase.UNAUTHORIZED, e.getMessage());
        } else if (e.snapCase() == SnapCase.DO_NOT_HONOR) {
            Rejections.note(ErrorCase.MERCHANT_SUSPENDED, null);
        } else if (e.snapCase() == SnapCase.FEATURE_NOT_ALLOWED_AT_THIS_TIME) {
            Rejections.note(ErrorCase.ADDRESS_NOT_ALLOWED, null);
        }
        return Response.status(e.snapCase().httpStatus())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(e.snapCase().body(service, e.detail()))
                .build();
    }

    /** An illegal state change (docs/contract.md §0: 409SS00); nothing was changed. */
    @ServerExceptionMapper
    public Response illegalTransition(IllegalTransitionException e, ContainerRequestContext request) {
        return reply(serviceOf(request), ErrorCase.CONFLICT, "status " + e.from() + " cannot change to " + e.to());
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e, ContainerRequestContext request) {
        Optional<FieldViolation> first = Violations.first(e.getConstraintViolations());
        if (first.isEmpty() || first.get().field().isEmpty()) {
            // A violation on the parameter itself: the body is missing.
            return reply(serviceOf(request), ErrorCase.BAD_REQUEST, "missing JSON body");
        }
        return reply(serviceOf(request), first.get().errorCase(), first.get().field());
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e, ContainerRequestContext request) {
        if (e instanceof NoNulText.NulInText nul) {
            return reply(serviceOf(request), ErrorCase.INVALID_FIELD_FORMAT, path(nul));
        }
        if (e instanceof IJsonInput.NotIJson text) {
            String where = path(text);
            String detail = where.isEmpty() ? text.problem() : text.problem() + " at " + where;
            return reply(serviceOf(request), ErrorCase.BAD_REQUEST, detail);
        }
        return reply(serviceOf(request), ErrorCase.BAD_REQUEST, describe(e));
    }

    /** Quarkus maps this one itself unless the application names the exact type. */
    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e, ContainerRequestContext request) {
        return json(e, request);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, ContainerRequestContext request) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return json(json, request);
        }
        int status = e.getResponse().getStatus();
        ErrorCase errorCase = switch (status) {
            case 400 -> ErrorCase.BAD_REQUEST;
            case 401 -> ErrorCase.UNAUTHORIZED;
            case 404 -> ErrorCase.ROUTE_NOT_FOUND;
            case 405 -> ErrorCase.METHOD_NOT_ALLOWED;
            case 413 -> ErrorCase.PAYLOAD_TOO_LARGE;
            case 415 -> ErrorCase.UNSUPPORTED_MEDIA_TYPE;
            case 429 -> ErrorCase.TOO_MANY_REQUESTS;
            default -> status >= 500 ? null : ErrorCase.BAD_REQUEST;
        };
        if (errorCase == null) {
            return unexpected(e, request);
        }
        String detail = errorCase == ErrorCase.UNAUTHORIZED ? "Missing or invalid credentials" : null;
        Rejections.note(errorCase, detail);
        return reply(serviceOf(request), errorCase, detail);
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, ContainerRequestContext request) {
        if (DatabaseOutage.isCause(e)) {
            return databaseUnavailable(e, serviceOf(request));
        }
        String incident = UUID.randomUUID().toString();
        LOG.errorf(e, "Unexpected failure on %s %s (incident %s)", request.getMethod(),
                LogText.of(request.getUriInfo().getPath()), incident); // decoded: %0A would be a line break
        return reply(serviceOf(request), ErrorCase.GENERAL_ERROR, null);
    }

    /**
     * The database cannot be reached (PostgreSQL stopped or restarting, no connection within
     * {@code quarkus.datasource.jdbc.acquisition-timeout}): {@code 503SS00 Service Unavailable} with
     * {@code Retry-After}, nothing written, and no incident: one WARN line every 10 s at most counts these replies.
     */
    private Response databaseUnavailable(Throwable e, ServiceCode service) {
        rateLimits.databaseUnreachable();
        unavailableSinceWarning.incrementAndGet();
        long now = System.nanoTime();
        long last = lastOutageWarning.get();
        if (now - last >= WARN_EVERY_NANOS && lastOutageWarning.compareAndSet(last, now)) {
            LOG.warnf("The database cannot be reached (%s): answered 503 to %d request(s) since the last warning",
                    DatabaseOutage.describe(e), unavailableSinceWarning.getAndSet(0));
        }
        return serviceUnavailable(service);
    }

    /** The {@code 503SS00 Service Unavailable} reply with its {@code Retry-After}. */
    public static Response serviceUnavailable(ServiceCode service) {
        return Response.status(ErrorCase.SERVICE_UNAVAILABLE.httpStatus())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .header(RateLimits.RETRY_AFTER, DatabaseOutage.RETRY_AFTER_SECONDS)
                .entity(ErrorResponse.of(service, ErrorCase.SERVICE_UNAVAILABLE, null))
                .build();
    }

    private ServiceCode serviceOf(ContainerRequestContext request) {
        return serviceCodes.resolve(request.getMethod(), request.getUriInfo().getPath());
    }

    /** The contract's error body; a {@code 503} (nothing written, to be sent again) carries {@code Retry-After}. */
    static Response reply(ServiceCode service, ErrorCase errorCase, String detail) {
        Response.ResponseBuilder reply = Response.status(errorCase.httpStatus())
                .type(MediaType.APPLICATION_JSON_TYPE)
                .entity(ErrorResponse.of(service, errorCase, detail));
        if (errorCase.httpStatus() == 503) {
            reply.header(RateLimits.RETRY_AFTER, DatabaseOutage.RETRY_AFTER_SECONDS);
        }
        return reply.build();
    }

    /** Where the JSON went wrong, without echoing the input or naming a Java type. */
    static String describe(JsonProcessingException e) {
        Throwable parse = e instanceof JsonMappingException ? e.getCause() : e;
        if (parse instanceof IJsonInput.InvalidUtf8) {
            return "invalid UTF-8";
        }
        if (parse instanceof StreamReadException read && read.getOriginalMessage() != null) {
            Matcher duplicate = DUPLICATE.matcher(read.getOriginalMessage());
            if (duplicate.matches()) {
                String path = e instanceof JsonMappingException mapping ? path(mapping) : "";
                return "duplicate member " + (path.isEmpty() ? "" : path + ".") + duplicate.group(1);
            }
            return "malformed JSON";
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return "wrong type at " + path(mapping);
        }
        return "malformed JSON";
    }

    private static String path(JsonMappingException mapping) {
        return mapping.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining(".")).replace(".[", "[");
    }
}
