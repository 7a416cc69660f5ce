package io.paygate.qa;

import io.paygate.model.auth.RequestSigner;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Objects;

/**
 * Signs each request as the merchant (docs/contract.md §0): {@code X-PARTNER-ID}, {@code X-TIMESTAMP} and
 * {@code X-SIGNATURE} over the method, the path with its query as sent, the SHA-256 of the exact body bytes and the
 * timestamp. Give the body as a {@code String} or {@code byte[]}, so the bytes signed are the bytes sent.
 *
 * <pre>{@code given().filter(MerchantSigning.as("demo", secret)).body(json).post(url)}</pre>
 */
public final class MerchantSigning implements Filter {

    private final String merchantId;
    private final String clientSecret;
    private final Clock clock;

    private MerchantSigning(String merchantId, String clientSecret, Clock clock) {
        this.merchantId = Objects.requireNonNull(merchantId, "merchantId");
        this.clientSecret = Objects.requireNonNull(clientSecret, "clientSecret");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public static MerchantSigning as(String merchantId, String clientSecret) {
        return new MerchantSigning(merchantId, clientSecret, Clock.systemDefaultZone());
    }

    public static MerchantSigning as(PaygateTarget target) {
        return as(target.merchantId(), target.clientSecret());
    }

    /** The same merchant on another clock (to test stale or future timestamps). */
    public MerchantSigning withClock(Clock other) {
        return new MerchantSigning(merchantId, clientSecret, other);
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
                           FilterContext context) {
        URI uri = URI.create(request.getURI());
        String pathAndQuery = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        String timestamp = RequestSigner.timestamp(clock);
        request.header(RequestSigner.PARTNER_ID, merchantId);
        request.header(RequestSigner.TIMESTAMP, timestamp);
        request.header(RequestSigner.SIGNATURE, RequestSigner.sign(clientSecret, request.getMethod(), pathAndQuery,
                bodyBytes(request.getBody()), timestamp));
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
                "MerchantSigning signs String or byte[] bodies only, got " + body.getClass().getName());
    }
}
