package io.paygate.kit.openapi;

import io.paygate.kit.auth.AuthenticationFilters;
import io.paygate.kit.error.ServiceCodeResolver;
import io.paygate.kit.ratelimit.RateLimits;
import io.paygate.model.auth.RequestSigner;
import io.paygate.model.auth.RequestVerifier;
import io.paygate.model.error.ErrorCase;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.snap.SnapServices;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.media.Content;
import org.eclipse.microprofile.openapi.models.media.MediaType;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Documents what every service answers the same way (docs/contract.md §0), so the resources only declare what is theirs.
 * A resource marks its operations with {@code @SecurityRequirement(name = MERCHANT | OPS | INTERNAL | SNAP |
 * SNAP_CLIENT)}; this filter then adds the authentication headers and, with the service's own response codes (from its
 * {@link ServiceCodeResolver}, on {@code /v1.0/} paths SNAP's, {@link SnapServices}, so the document cannot drift from
 * the replies), the errors raised before a resource runs: 401 (on SNAP paths the SNAP door's, with its header errors,
 * {@link SnapDocumentation}), 429 with {@code Retry-After} (rate limits), 503 with {@code Retry-After} (the database
 * cannot be reached), and for operations with a JSON body 400 (malformed JSON), 413 and 415; 500 everywhere. Examples
 * the resource declared itself are kept; these are merged in beside them.
 * <p>
 * Each service subclasses it with its resolver and registers the subclass with
 * {@code @OpenApiFilter(stages = BUILD)}: it runs once when the document is built, never per request, and uses no
 * reflection (native-safe).
 */
public abstract class GatewayOpenApiFilter implements OASFilter {

    /** Marker for merchant-signed operations; replaced by the three header schemes below. */
    public static final String MERCHANT = "merchant-signature";
    /**
     * Marker for SNAP transaction requests (docs/contract.md §9): replaced by the bearer token, X-TIMESTAMP,
     * X-PARTNER-ID and the HMAC X-SIGNATURE schemes, with the X-EXTERNAL-ID and CHANNEL-ID headers.
     */
    public static final String SNAP = "snap-transaction";
    /** Marker for SNAP's access-token request: replaced by X-CLIENT-KEY, X-TIMESTAMP and the RSA X-SIGNATURE. */
    public static final String SNAP_CLIENT = "snap-client";
    /** {@code Authorization: Bearer <gateway.ops.token>}. */
    public static final String OPS = "ops-token";
    /** {@code Authorization: Bearer <gateway.internal.token>}, service to service only. */
    public static final String INTERNAL = "internal-token";

    static final String JSON = "application/json";
    static final String ERROR_SCHEMA = "ErrorResponse";

    private static final String SIGNATURE_HELP = """
            Lowercase hex HMAC-SHA512, key = UTF-8 bytes of the merchant's client secret, message = \
            `METHOD + ":" + PATH + ":" + lowerhex(SHA-256(raw body bytes)) + ":" + X-TIMESTAMP`. PATH is the request \
            path plus `?query` when there is one; a request without body hashes the empty string. \
            Any failure is HTTP 401 `401SS00` `Unauthorized. <reason>` (docs/contract.md §0).""";

    private final ServiceCodeResolver codes;

    protected GatewayOpenApiFilter(ServiceCodeResolver codes) {
        this.codes = codes;
    }

    @Override
    public void filterOpenAPI(OpenAPI openAPI) {
        Components components = openAPI.getComponents();
        if (components == null) {
            components = OASFactory.createComponents();
            openAPI.setComponents(components);
        }
        addSecuritySchemes(components);
        if (components.getSchemas() == null || !components.getSchemas().containsKey(ERROR_SCHEMA)) {
            components.addSchema(ERROR_SCHEMA, errorSchema());
        }
        if (openAPI.getPaths() == null || openAPI.getPaths().getPathItems() == null) {
            return;
        }
        openAPI.getPaths().getPathItems().forEach((path, item) -> item.getOperations().forEach(
                (method, operation) -> document(method, path, operation)));
    }

    private void document(PathItem.HttpMethod method, String path, Operation operation) {
        documentErrors(method, path, operation);
        RequestIdDocumentation.addTo(operation);
    }

    private void documentErrors(PathItem.HttpMethod method, String path, Operation operation) {
        String auth = authOf(operation);
        // As kit.snap.SnapServiceCodes decorates the resolver at run time: SNAP paths carry SNAP's service codes.
        ServiceCode service = SnapServices.of(path).orElseGet(() -> codes.resolve(method.name(), path));
        boolean jsonBody = operation.getRequestBody() != null && operation.getRequestBody().getContent() != null
                && operation.getRequestBody().getContent().getMediaType(JSON) != null;
        if (operation.getResponses() == null) {
            operation.setResponses(OASFactory.createAPIResponses());
        }
        APIResponses responses = operation.getResponses();
        boolean snap = SNAP.equals(auth) || SNAP_CLIENT.equals(auth);
        if (snap) {
            SnapDocumentation.addUnauthorized(responses, service, SNAP.equals(auth));
        } else if (auth != null) {
            addUnauthorized(operation, responses, service, auth);
        }
        if (SNAP.equals(auth)) {
            SnapDocumentation.addTransactionHeaders(operation);
            SnapDocumentation.addHeaderErrors(responses, service);
        }
        addTooManyRequests(responses, service, auth);
        addServiceUnavailable(responses, service);
        if (auth == null && !path.startsWith("/internal")) {
            // Hosted pages and the provider's callback: HTML or the provider's own contract, open to anyone.
            operation.setSecurity(List.of());
            fillErrorContent(responses);
            return;
        }
        if (jsonBody) {
            add(responses, service, ErrorCase.BAD_REQUEST, "malformed JSON", "Malformed JSON or a wrong type");
            add(responses, service, ErrorCase.UNSUPPORTED_MEDIA_TYPE, null,
                    "Body with no, an empty or another Content-Type than application/json (UTF-8)");
            if (MERCHANT.equals(auth) || snap) {
                add(responses, service, ErrorCase.PAYLOAD_TOO_LARGE, null,
                        "Body over " + AuthenticationFilters.MAX_BODY_BYTES / 1024 + " KiB");
            }
            add(responses, service, ErrorCase.REQUEST_TIMEOUT, null,
                    "The body did not arrive whole within gateway.http.body-timeout (10 s); the connection is closed");
        }
        add(responses, service, ErrorCase.GENERAL_ERROR, null,
                "Unexpected failure: no stack trace, no exception name; the incident is in the log");
        fillErrorContent(responses);
    }

    /** Which marker the resource put on the operation, if any; the merchant marker becomes the three headers. */
    private static String authOf(Operation operation) {
        List<SecurityRequirement> security = operation.getSecurity();
        if (security == null) {
            return null;
        }
        for (SecurityRequirement requirement : security) {
            Map<String, List<String>> schemes = requirement.getSchemes();
            if (schemes == null) {
                continue;
            }
            if (schemes.containsKey(MERCHANT)) {
                SecurityRequirement headers = OASFactory.createSecurityRequirement()
                        .addScheme(RequestSigner.PARTNER_ID).addScheme(RequestSigner.TIMESTAMP)
                        .addScheme(RequestSigner.SIGNATURE);
                operation.setSecurity(List.of(headers));
                return MERCHANT;
            }
            if (schemes.containsKey(SNAP)) {
                operation.setSecurity(List.of(SnapDocumentation.transactionRequirement()));
                return SNAP;
            }
            if (schemes.containsKey(SNAP_CLIENT)) {
                operation.setSecurity(List.of(SnapDocumentation.clientRequirement()));
                return SNAP_CLIENT;
            }
            if (schemes.containsKey(OPS)) {
                return OPS;
            }
            if (schemes.containsKey(INTERNAL)) {
                return INTERNAL;
            }
        }
        return null;
    }

    private static void addUnauthorized(Operation operation, APIResponses responses, ServiceCode service,
                                        String auth) {
        if (MERCHANT.equals(auth)) {
            String description = "Signature check failed (missing header, unknown merchant, stale timestamp, "
                    + "bad signature)";
            add(responses, service, ErrorCase.UNAUTHORIZED, "Missing " + RequestSigner.PARTNER_ID, description);
            add(responses, service, ErrorCase.UNAUTHORIZED, "Unknown partner", description);
            add(responses, service, ErrorCase.UNAUTHORIZED, RequestVerifier.TIMESTAMP_OUTSIDE_WINDOW, description);
            add(responses, service, ErrorCase.UNAUTHORIZED, RequestVerifier.INVALID_SIGNATURE, description);
        } else {
            String kind = OPS.equals(auth) ? "ops" : "internal";
            String description = "Missing or wrong bearer token (gateway." + kind + ".token)";
            add(responses, service, ErrorCase.UNAUTHORIZED, "Missing bearer token", description);
            add(responses, service, ErrorCase.UNAUTHORIZED, "Invalid " + kind + " token", description);
            if (INTERNAL.equals(auth)) {
                String note = "Internal, service to service: outside /pg, never routed by the Ingress; not part of "
                        + "the merchant API.";
                operation.setDescription(operation.getDescription() == null ? note
                        : note + " " + operation.getDescription());
            }
        }
    }

    /** docs/contract.md §0 "Rate limits": 429 with {@code Retry-After}, on every operation (kit.ratelimit). */
    private static void addTooManyRequests(APIResponses responses, ServiceCode service, String auth) {
        String description = MERCHANT.equals(auth) || SNAP.equals(auth) || SNAP_CLIENT.equals(auth)
                ? "Over the rate limit: the merchant's requests (gateway.rate-limit.merchant.*, shared by all replicas), "
                        + "or failed authentications from the client's address (gateway.rate-limit.address.*)"
                : auth != null
                ? "Over the rate limit: failed authentications from the client's address (gateway.rate-limit.address.*)"
                : "Over the rate limit of the client's address (gateway.rate-limit.address.*; the hosted pages: "
                        + "gateway.rate-limit.page.*)";
        add(responses, service, ErrorCase.TOO_MANY_REQUESTS, null, description);
        APIResponse response = responses.getAPIResponse(String.valueOf(ErrorCase.TOO_MANY_REQUESTS.httpStatus()));
        if (response.getHeaders() == null || !response.getHeaders().containsKey(RateLimits.RETRY_AFTER)) {
            response.addHeader(RateLimits.RETRY_AFTER, OASFactory.createHeader().required(true)
                    .description("Whole seconds to wait before the next request can be served (at least 1)")
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.INTEGER).minimum(BigDecimal.ONE)));
        }
    }

    /** 503 with {@code Retry-After} while the service's database cannot be reached (kit.db.DatabaseOutage). */
    private static void addServiceUnavailable(APIResponses responses, ServiceCode service) {
        add(responses, service, ErrorCase.SERVICE_UNAVAILABLE, null, "The service's database cannot be reached right "
                + "now (no connection within quarkus.datasource.jdbc.acquisition-timeout); nothing was written, the "
                + "same request may be sent again after Retry-After");
        APIResponse response = responses.getAPIResponse(String.valueOf(ErrorCase.SERVICE_UNAVAILABLE.httpStatus()));
        if (response.getHeaders() == null || !response.getHeaders().containsKey(RateLimits.RETRY_AFTER)) {
            response.addHeader(RateLimits.RETRY_AFTER, OASFactory.createHeader().required(true)
                    .description("Whole seconds to wait before sending the request again")
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.INTEGER).minimum(BigDecimal.ONE)));
        }
    }

    /** Adds one example of {@code errorCase} (with this service's code) under its HTTP status, keeping others. */
    private static void add(APIResponses responses, ServiceCode service, ErrorCase errorCase, String detail,
                            String description) {
        ErrorResponse body = ErrorResponse.of(service, errorCase, detail);
        addExample(responses, String.valueOf(errorCase.httpStatus()), body,
                body.responseCode() + (detail == null ? "" : " " + detail), description);
    }

    /** Adds {@code body} as example {@code key} under {@code status} (made with {@code description}); keeps others. */
    static void addExample(APIResponses responses, String status, ErrorResponse body, String key,
                           String description) {
        APIResponse response = responses.getAPIResponse(status);
        if (response == null) {
            response = OASFactory.createAPIResponse().description(description);
            responses.addAPIResponse(status, response);
        }
        MediaType media = jsonContent(response);
        if (media.getExamples() == null || !media.getExamples().containsKey(key)) {
            Map<String, Object> value = new LinkedHashMap<>();
            value.put("responseCode", body.responseCode());
            value.put("responseMessage", body.responseMessage());
            media.addExample(key, OASFactory.createExample().summary(body.responseMessage()).value(value));
        }
    }

    /** Declared error responses without a body schema get the error body's. */
    private static void fillErrorContent(APIResponses responses) {
        if (responses.getAPIResponses() == null) {
            return;
        }
        responses.getAPIResponses().forEach((status, response) -> {
            if (status.startsWith("4") || status.startsWith("5")) {
                Content content = response.getContent();
                if (content != null && content.getMediaTypes() != null) {
                    content.getMediaTypes().forEach((type, media) -> {
                        if (media.getSchema() == null && type.contains("json")) {
                            media.setSchema(errorRef());
                        }
                    });
                }
            }
        });
    }

    private static MediaType jsonContent(APIResponse response) {
        if (response.getContent() == null) {
            response.setContent(OASFactory.createContent());
        }
        MediaType media = response.getContent().getMediaType(JSON);
        if (media == null) {
            media = OASFactory.createMediaType();
            response.getContent().addMediaType(JSON, media);
        }
        if (media.getSchema() == null) {
            media.setSchema(errorRef());
        }
        return media;
    }

    private static Schema errorRef() {
        return OASFactory.createSchema().ref(ERROR_SCHEMA);
    }

    private static Schema errorSchema() {
        return OASFactory.createSchema().addType(Schema.SchemaType.OBJECT)
                .description("Error reply: responseCode = HTTP status (3) + service code (2) + case (2).")
                .addProperty("responseCode", OASFactory.createSchema().addType(Schema.SchemaType.STRING)
                        .minLength(7).maxLength(7))
                .addProperty("responseMessage", OASFactory.createSchema().addType(Schema.SchemaType.STRING)
                        .maxLength(500));
    }

    private static void addSecuritySchemes(Components components) {
        components.addSecurityScheme(RequestSigner.PARTNER_ID, header(RequestSigner.PARTNER_ID,
                "The merchant id. Sent together with X-TIMESTAMP and X-SIGNATURE on every merchant API call."));
        components.addSecurityScheme(RequestSigner.TIMESTAMP, header(RequestSigner.TIMESTAMP,
                "ISO-8601 with offset, e.g. 2026-11-21T10:15:30+07:00; rejected when more than 300 s from server "
                        + "time."));
        components.addSecurityScheme(RequestSigner.SIGNATURE, header(RequestSigner.SIGNATURE, SIGNATURE_HELP));
        components.addSecurityScheme(OPS, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP)
                .scheme("bearer").description("Operations and sandbox endpoints: Authorization: Bearer "
                        + "<gateway.ops.token>. Not for merchants."));
        components.addSecurityScheme(INTERNAL, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP)
                .scheme("bearer").description("Internal, service to service: Authorization: Bearer "
                        + "<gateway.internal.token>. Not routed by the Ingress."));
        SnapDocumentation.addSecuritySchemes(components);
    }

    private static SecurityScheme header(String name, String description) {
        return OASFactory.createSecurityScheme().type(SecurityScheme.Type.APIKEY).in(SecurityScheme.In.HEADER)
                .name(name).description(description);
    }
}
