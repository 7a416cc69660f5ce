package io.paygate.testsupport.rest;

import io.paygate.model.auth.RequestSigner;
import io.paygate.testsupport.SandboxMerchants;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;

/**
 * RestAssured filter that signs each request as a merchant (docs/contract.md §0): sets {@code X-PARTNER-ID},
 * {@code X-TIMESTAMP} and {@code X-SIGNATURE} over the method, path with query, SHA-256 of the exact
 * body bytes, and the timestamp. Give the body as a {@code String} or {@code byte[]} so the bytes
 * signed are the bytes sent.
 *
 * <pre>{@code given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).body(json).post(...)}</pre>
 */
public final class MerchantSigningFilter implements Filter {

    private final String merchantId;
    private final String clientSecret;
    private final Clock clock;

    private MerchantSigningFilter(String merchantId, String clientSecret, Clock clock) {
        this.merchantId = merchantId;
        this.clientSecret = clientSecret;
        this.clock = clock;
    }

    public static MerchantSigningFilter as(SandboxMerchants.Merchant merchant) {
        return as(merchant.id(), merchant.clientSecret());
    }

    public static MerchantSigningFilter as(String merchantId, String clientSecret) {
        return new MerchantSigningFilter(merchantId, clientSecret, Clock.systemDefaultZone());
    }

    /** The same merchant signing with another clock (stale or future timestamps in auth tests). */
    public MerchantSigningFilter withClock(Clock other) {
        return new MerchantSigningFilter(merchantId, clientSecret, other);
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
                           FilterContext context) {
        URI uri = URI.create(request.getURI());
        String pathAndQuery = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        String timestamp = RequestSigner.timestamp(clock);
        String signature = RequestSigner.sign(clientSecret, request.getMethod(), pathAndQuery,
                bodyBytes(request.getBody()), timestamp);
        request.header(RequestSigner.PARTNER_ID, merchantId);
        request.header(RequestSigner.TIMESTAMP, timestamp);
        request.header(RequestSigner.SIGNATURE, signature);
        return context.next(request, response);
    }

    private static byte[] bodyBytes(Object body) {
        if (body == null) {
            return new byte[0];
        }
        if (body instanceof byte[] bytes) {
            return bytes;
        }
        if (body instanceof String text) {
            return text.getBytes(StandardCharsets.UTF_8);
        }
        throw new IllegalArgumentException(
                "MerchantSigningFilter signs String or byte[] bodies only, got " + body.getClass().getName());
    }
}
