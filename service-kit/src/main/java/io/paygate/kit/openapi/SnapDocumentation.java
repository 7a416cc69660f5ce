package io.paygate.kit.openapi;

import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.error.ErrorResponse;
import io.paygate.model.error.ServiceCode;
import io.paygate.model.error.SnapCase;
import io.paygate.model.snap.SnapHeaders;
import io.paygate.model.snap.SnapSignatureException;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;
import org.eclipse.microprofile.openapi.models.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.models.security.SecurityScheme;

import java.util.List;

/**
 * How a SNAP client authenticates (docs/contract.md §9), for {@link GatewayOpenApiFilter}: the access-token request's
 * asymmetric signature ({@link GatewayOpenApiFilter#SNAP_CLIENT}) and the transaction requests' bearer token with the
 * symmetric signature ({@link GatewayOpenApiFilter#SNAP}), as security schemes of their own beside the {@code /pg/}
 * ones; {@code X-EXTERNAL-ID} and {@code CHANNEL-ID} as header parameters; and the replies the SNAP door gives before a
 * resource runs, with the standard's cases ({@link SnapCase}).
 * <p>
 * The worked examples in the signature schemes are the merchant guide's test vectors (merchant {@code demo} of the
 * local stack); test-support's {@code OpenApiExampleSignaturesTest} recomputes them.
 */
final class SnapDocumentation {

    /** {@code Authorization: Bearer <accessToken>}. */
    static final String TOKEN = "SNAP-Authorization";
    static final String CLIENT_KEY = "SNAP-X-CLIENT-KEY";
    static final String PARTNER_ID = "SNAP-X-PARTNER-ID";
    static final String TIMESTAMP = "SNAP-X-TIMESTAMP";
    /** The access-token request's {@code X-SIGNATURE}: SHA256withRSA (the standard's "signature asymmetric"). */
    static final String ASYMMETRIC_SIGNATURE = "SNAP-X-SIGNATURE-asymmetric";
    /** The transaction requests' {@code X-SIGNATURE}: HMAC-SHA512 (the standard's "signature symmetric"). */
    static final String SYMMETRIC_SIGNATURE = "SNAP-X-SIGNATURE-symmetric";

    private static final String TIMESTAMP_HELP = """
            ISO-8601 with `Z` or an offset, with or without fractions of a second (`2026-11-21T10:15:30+07:00`, \
            `2026-11-21T03:15:30.068Z`); refused when more than 300 s from the gateway's clock.""";
    private static final String ASYMMETRIC_HELP = """
            Base64 SHA256withRSA (PKCS#1 v1.5) by your private key over `<X-CLIENT-KEY>|<X-TIMESTAMP>`, verified \
            with the public key registered as `gateway.merchants.<id>.snap.public-key` (PEM or base64 DER, at least \
            2048 bits). A bad signature, an unknown client key, a merchant without SNAP keys or a stale timestamp is \
            HTTP 401 `4017300` `Unauthorized. <reason>`. Worked example (merchant `demo` of the local stack, key \
            `deploy/local/snap/demo-private.pem`): string to sign `demo|2026-11-21T10:15:30+07:00`, X-SIGNATURE \
            `TcWtwfpSHr6Z0ic3WPsqBy6Ly8s5MtmgQa2VTPSrWmqGl7yZonrvHMIkOIfM+i53LOOzd2i3qYA0jda1BYww09NaJDWgz9uF30xMqu\
            GjLG9uZGXI2KhAiA+MV47I0o2ajyXWlmJv3B1WLwX8t2B0NumITONsEO/rngB/c3tgQVUFyXMnsdeR6vB4KtkjlDdPq7yZ7xe49XPNwgI\
            lMbL78qFymHU9FuFmGX9YjRuNOjh+58KN9tSsmj1HCLXaZJeC4fILWG01tucfYO6SctukxcjvrNNYdndR+QUgMJm0dBPHU3umDI/TjJaX\
            yjZIWdsjkU7a5BO87wO2JMAeCaoN1g==`.""";
    private static final String SYMMETRIC_HELP = """
            Base64 HMAC-SHA512, key = UTF-8 bytes of your client secret (the one of `/pg/`), message = \
            `METHOD + ":" + PATH + ":" + accessToken + ":" + lowerhex(SHA-256(minified body)) + ":" + X-TIMESTAMP`. \
            PATH is the target exactly as on the request line (`/v1.0/transfer-va/create-va`); *minified* is the body \
            without the whitespace outside its strings, every other byte as sent (sign `JSON.stringify(body)` and send \
            that string). A bad signature or a stale timestamp is HTTP 401 `401xx00` `Unauthorized. <reason>`. \
            Worked example (merchant `demo`, client secret `demo-client-secret`): `POST`, \
            `/v1.0/transfer-va/create-va`, accessToken `demo-access-token-0000`, body SHA-256 \
            `e9876454c093915d6bc9b3c9a6b9a75f6bc14d5dddd375c766518fe8a2ea53e6`, X-TIMESTAMP \
            `2026-11-21T10:15:30+07:00`: X-SIGNATURE \
            `5NW74kegz2Hj0VybGgEgjPXCjwNpObjdytsL3CCGKwK6eHUOYv649UOX4SDatsFhQCapGlZWSG/f2lAVBa2CTw==`.""";

    private SnapDocumentation() {
    }

    static void addSecuritySchemes(Components components) {
        components.addSecurityScheme(CLIENT_KEY, header(SnapHeaders.CLIENT_KEY, "SNAP access-token request: your SNAP "
                + "client key (`gateway.merchants.<id>.snap.client-key`; `demo` on the local stack)."));
        components.addSecurityScheme(TIMESTAMP, header(SnapHeaders.TIMESTAMP, "SNAP requests: " + TIMESTAMP_HELP));
        components.addSecurityScheme(ASYMMETRIC_SIGNATURE, header(SnapHeaders.SIGNATURE,
                "SNAP access-token request (signature asymmetric): " + ASYMMETRIC_HELP));
        components.addSecurityScheme(TOKEN, OASFactory.createSecurityScheme().type(SecurityScheme.Type.HTTP)
                .scheme("bearer").description("SNAP transaction requests: `Authorization: Bearer <accessToken>`, the "
                        + "token of `POST /v1.0/access-token/b2b`, valid " + AccessTokens.LIFETIME_SECONDS + " s at "
                        + "every SNAP path and never on `/pg/`. None, an expired one or another merchant's is HTTP 401 "
                        + "`401xx01` `Invalid Token (B2B)`; one the gateway never issued `401xx03` `Token Not Found "
                        + "(B2B)`: get a new token."));
        components.addSecurityScheme(PARTNER_ID, header(SnapHeaders.PARTNER_ID, "SNAP transaction requests: your SNAP "
                + "client key (the same as X-CLIENT-KEY); it must be the token's merchant's (else `401xx01`)."));
        components.addSecurityScheme(SYMMETRIC_SIGNATURE, header(SnapHeaders.SIGNATURE,
                "SNAP transaction requests (signature symmetric): " + SYMMETRIC_HELP));
    }

    /** The access-token request's headers. */
    static SecurityRequirement clientRequirement() {
        return OASFactory.createSecurityRequirement().addScheme(CLIENT_KEY).addScheme(TIMESTAMP)
                .addScheme(ASYMMETRIC_SIGNATURE);
    }

    /** A transaction request's headers. */
    static SecurityRequirement transactionRequirement() {
        return OASFactory.createSecurityRequirement().addScheme(TOKEN).addScheme(TIMESTAMP).addScheme(PARTNER_ID)
                .addScheme(SYMMETRIC_SIGNATURE);
    }

    /** {@code X-EXTERNAL-ID} and {@code CHANNEL-ID}, which every transaction request sends. */
    static void addTransactionHeaders(Operation operation) {
        List<String> declared = operation.getParameters() == null ? List.of()
                : operation.getParameters().stream().map(Parameter::getName).toList();
        if (!declared.contains(SnapHeaders.EXTERNAL_ID)) {
            operation.addParameter(OASFactory.createParameter().name(SnapHeaders.EXTERNAL_ID).in(Parameter.In.HEADER)
                    .required(true).description("A new id for every request, 1-36 visible ASCII characters (digits as "
                            + "the standard has them, or a UUID), never twice by one merchant in one day of "
                            + "gateway.timezone: a reuse is HTTP 409 `409xx00` `Conflict`; missing `400xx02`, "
                            + "malformed `400xx01`. Also the refund id of a refund that sends no partnerRefundNo.")
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING).minLength(1).maxLength(36)
                            .pattern("^[\\x21-\\x7E]{1,36}$"))
                    .example("41807553358950093184162180797837"));
        }
        if (!declared.contains(SnapHeaders.CHANNEL_ID)) {
            operation.addParameter(OASFactory.createParameter().name(SnapHeaders.CHANNEL_ID).in(Parameter.In.HEADER)
                    .required(true).description("Your channel, 1-5 visible ASCII characters (e.g. `95221`); missing "
                            + "`400xx02`, malformed `400xx01`.")
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING).minLength(1).maxLength(5)
                            .pattern("^[\\x21-\\x7E]{1,5}$"))
                    .example("95221"));
        }
    }

    /** The SNAP door's 401s: the access-token request's signature, or a transaction request's token and signature. */
    static void addUnauthorized(APIResponses responses, ServiceCode service, boolean transaction) {
        if (!transaction) {
            String description = "Unknown client key, a merchant without SNAP keys, stale timestamp or bad signature";
            add(responses, service, SnapCase.UNAUTHORIZED, "Unknown client", description);
            add(responses, service, SnapCase.UNAUTHORIZED, SnapSignatureException.TIMESTAMP_OUTSIDE_WINDOW,
                    description);
            add(responses, service, SnapCase.UNAUTHORIZED, SnapSignatureException.INVALID_SIGNATURE, description);
            return;
        }
        String description = "No, an expired or another merchant's token (401xx01: get a new one), a token never "
                + "issued (401xx03), or a missing header, stale timestamp or bad signature (401xx00)";
        add(responses, service, SnapCase.INVALID_TOKEN, null, description);
        add(responses, service, SnapCase.TOKEN_NOT_FOUND, null, description);
        add(responses, service, SnapCase.UNAUTHORIZED, SnapSignatureException.TIMESTAMP_OUTSIDE_WINDOW, description);
        add(responses, service, SnapCase.UNAUTHORIZED, SnapSignatureException.INVALID_SIGNATURE, description);
    }

    /** What the transaction headers cost before a resource runs: {@code 400xx02}, {@code 400xx01}, {@code 409xx00}. */
    static void addHeaderErrors(APIResponses responses, ServiceCode service) {
        String description = "A field breaks its rule or is missing, in the body or the X-EXTERNAL-ID and CHANNEL-ID "
                + "headers";
        add(responses, service, SnapCase.INVALID_MANDATORY_FIELD, SnapHeaders.EXTERNAL_ID, description);
        add(responses, service, SnapCase.INVALID_FIELD_FORMAT, SnapHeaders.CHANNEL_ID, description);
        add(responses, service, SnapCase.CONFLICT, null, "X-EXTERNAL-ID already used by you today");
    }

    private static void add(APIResponses responses, ServiceCode service, SnapCase snapCase, String detail,
                            String description) {
        ErrorResponse body = snapCase.body(service, detail);
        GatewayOpenApiFilter.addExample(responses, String.valueOf(snapCase.httpStatus()), body,
                body.responseCode() + (detail == null ? "" : " " + detail), description);
    }

    private static SecurityScheme header(String name, String description) {
        return OASFactory.createSecurityScheme().type(SecurityScheme.Type.APIKEY).in(SecurityScheme.In.HEADER)
                .name(name).description(description);
    }
}
