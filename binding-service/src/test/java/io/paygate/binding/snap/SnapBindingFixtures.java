package io.paygate.binding.snap;

import io.paygate.qa.SnapSigning;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.SandboxSnap;
import io.restassured.specification.RequestSpecification;

import java.util.UUID;

import static io.restassured.RestAssured.given;

/** SNAP account binding requests as a SNAP client signs them (the QA kit's {@link SnapSigning}), and their bodies. */
final class SnapBindingFixtures {

    static final String BINDING = "/v1.0/registration-account-binding";
    static final String INQUIRY = "/v1.0/registration-account-inquiry";
    static final String UNBINDING = "/v1.0/registration-account-unbinding";

    private SnapBindingFixtures() {
    }

    /** A JSON request of {@code merchant} signed with {@code token} (binding-service serves no token endpoint). */
    static RequestSpecification snap(SandboxMerchants.Merchant merchant, String token) {
        return given().contentType("application/json").filter(signing(merchant, token));
    }

    static SnapSigning signing(SandboxMerchants.Merchant merchant, String token) {
        return SnapSigning.as(SandboxSnap.clientKey(merchant), merchant.clientSecret(), token);
    }

    static String newReference() {
        return "REF-" + UUID.randomUUID().toString().substring(0, 18);
    }

    /** A binding request of demo's customer {@code userId} (none: the phone is the customer) for {@code channel}. */
    static String bindingBody(String reference, String userId, String channel) {
        return bindingBody(reference, "081234567890", userId, channel);
    }

    static String bindingBody(String reference, String phoneNo, String userId, String channel) {
        String user = userId == null ? "" : "\"userId\":\"" + userId + "\",";
        return """
                {"partnerReferenceNo":"%s","phoneNo":"%s","merchantId":"demo",\
                "additionalData":{%s"email":"budi@example.com","firstName":"Budi","lastName":"Santoso"},\
                "redirectUrl":"https://shop.example/bound","additionalInfo":{"channel":"%s"}}"""
                .formatted(reference, phoneNo, user, channel);
    }
}
