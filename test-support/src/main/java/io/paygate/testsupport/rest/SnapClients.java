package io.paygate.testsupport.rest;

import io.paygate.qa.SnapClient;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.restassured.RestAssured;

/**
 * The QA kit's {@link SnapClient} for a sandbox merchant (docs/contract.md §9), at the running test's RestAssured address
 * (a {@code @QuarkusTest}'s port), so the tests sign SNAP requests exactly as the published kit does.
 *
 * <pre>{@code SnapClients.of(SandboxMerchants.DEMO).request().body(json).post("/v1.0/transfer-va/create-va")}</pre>
 */
public final class SnapClients {

    private SnapClients() {
    }

    public static SnapClient of(SandboxMerchants.Merchant merchant) {
        return at(RestAssured.baseURI + ":" + RestAssured.port, merchant);
    }

    /** The merchant's client of the gateway at {@code baseUrl}. */
    public static SnapClient at(String baseUrl, SandboxMerchants.Merchant merchant) {
        return SnapClient.of(baseUrl, SandboxSnap.clientKey(merchant), merchant.clientSecret(),
                SandboxSnap.privateKeyPem(merchant));
    }
}
