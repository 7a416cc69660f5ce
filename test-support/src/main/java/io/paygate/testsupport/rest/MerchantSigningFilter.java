package io.paygate.testsupport.rest;

import io.paygate.qa.MerchantSigning;
import io.paygate.testsupport.SandboxMerchants;
import io.restassured.filter.Filter;
import io.restassured.filter.FilterContext;
import io.restassured.response.Response;
import io.restassured.specification.FilterableRequestSpecification;
import io.restassured.specification.FilterableResponseSpecification;

import java.time.Clock;

/**
 * RestAssured filter that signs each request as a merchant (docs/contract.md §0): the QA kit's
 * {@link MerchantSigning}, which QA engineers use, so the tests sign exactly as the published kit does; this class
 * only adds the sandbox merchants as arguments. Give the body as a {@code String} or {@code byte[]} so the bytes
 * signed are the bytes sent.
 *
 * <pre>{@code given().filter(MerchantSigningFilter.as(SandboxMerchants.DEMO)).body(json).post(...)}</pre>
 */
public final class MerchantSigningFilter implements Filter {

    private final MerchantSigning signing;

    private MerchantSigningFilter(MerchantSigning signing) {
        this.signing = signing;
    }

    public static MerchantSigningFilter as(SandboxMerchants.Merchant merchant) {
        return as(merchant.id(), merchant.clientSecret());
    }

    public static MerchantSigningFilter as(String merchantId, String clientSecret) {
        return new MerchantSigningFilter(MerchantSigning.as(merchantId, clientSecret));
    }

    /** The same merchant signing with another clock (stale or future timestamps in auth tests). */
    public MerchantSigningFilter withClock(Clock other) {
        return new MerchantSigningFilter(signing.withClock(other));
    }

    @Override
    public Response filter(FilterableRequestSpecification request, FilterableResponseSpecification response,
                           FilterContext context) {
        return signing.filter(request, response, context);
    }
}
