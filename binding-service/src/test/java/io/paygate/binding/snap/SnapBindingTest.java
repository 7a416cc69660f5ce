package io.paygate.binding.snap;

import io.agroal.api.AgroalDataSource;
import io.paygate.binding.support.BindingTestResources;
import io.paygate.kit.snap.AccessTokens;
import io.paygate.model.snap.SnapTransactionSigner;
import io.paygate.testsupport.quarkus.SandboxConfigResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static io.paygate.binding.snap.SnapBindingFixtures.BINDING;
import static io.paygate.binding.snap.SnapBindingFixtures.INQUIRY;
import static io.paygate.binding.snap.SnapBindingFixtures.UNBINDING;
import static io.paygate.binding.snap.SnapBindingFixtures.bindingBody;
import static io.paygate.binding.snap.SnapBindingFixtures.newReference;
import static io.paygate.binding.snap.SnapBindingFixtures.signing;
import static io.paygate.binding.snap.SnapBindingFixtures.snap;
import static io.paygate.binding.support.BindingFixtures.BIND;
import static io.paygate.binding.support.BindingFixtures.as;
import static io.paygate.binding.support.BindingFixtures.body;
import static io.paygate.binding.support.BindingFixtures.newCustomerId;
import static io.paygate.binding.support.BindingFixtures.newPendingBinding;
import static io.paygate.binding.support.BindingFixtures.simulate;
import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * docs/contract.md §9, account binding (07, 08, 09) in binding-service: a SNAP binding is an ordinary §4 binding,
 * approved on the same bank page and shown by the same {@code GET}; idempotent by {@code partnerReferenceNo}; another
 * merchant's binding answers like an unknown one. Requests are signed as a SNAP client signs them, with tokens of the
 * service's own {@link AccessTokens} (the key every SNAP service shares; payment-service serves the token endpoint).
 */
@QuarkusTest
@BindingTestResources
class SnapBindingTest {

    @Inject
    AccessTokens tokens;

    @Inject
    AgroalDataSource dataSource;

    String demo;
    String demo2;

    @BeforeEach
    void tokens() {
        demo = tokens.issue(DEMO.id());
        demo2 = tokens.issue(DEMO2.id());
    }

    ValidatableResponse post(String path, String body) {
        return snap(DEMO, demo).body(body).post(path).then();
    }

    static void assertRefused(ValidatableResponse reply, int status, String code, String message) {
        reply.statusCode(status).body("responseCode", equalTo(code)).body("responseMessage", equalTo(message))
                .body("referenceNo", nullValue());
    }

    @Test
    void aSnapBindingIsAnOrdinaryBindingTheCustomerApprovesOnTheSameBankPage() {
        String reference = newReference();
        String phone = "0812" + (10_000_000 + (int) (Math.random() * 89_999_999));
        String id = post(BINDING, bindingBody(reference, phone, null, "BRI_DD")).statusCode(200)
                .body("responseCode", equalTo("2000700")).body("responseMessage", equalTo("Successful"))
                .body("referenceNo", matchesPattern("bnd_[0-9A-Z]{24}"))
                .body("partnerReferenceNo", equalTo(reference))
                .body("accountToken", nullValue())
                .body("additionalInfo.status", equalTo("PENDING")).body("additionalInfo.channel", equalTo("BRI_DD"))
                .body("additionalInfo.expiresAt", matchesPattern("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+07:00"))
                .extract().path("referenceNo");
        post(INQUIRY, "{\"partnerReferenceNo\":\"" + reference + "\"}").statusCode(200)
                .body("redirectUrl", equalTo("http://localhost:18282/pg/bind/" + id));
        // The merchant's §4 view and payment-service's lookup: the phone, national form in, E.164 out, is the customer.
        as(DEMO).get(BIND + "/" + id).then().statusCode(200).body("status", equalTo("PENDING"))
                .body("authorizationUrl", equalTo("http://localhost:18282/pg/bind/" + id));
        given().header("Authorization", "Bearer " + SandboxConfigResource.INTERNAL_TOKEN)
                .queryParam("merchantId", "demo").get("/internal/bindings/" + id).then().statusCode(200)
                .body("customerId", equalTo("+62" + phone.substring(1))).body("sourceOfFundsType", equalTo("BRI_DD"));

        // The customer approves on the bank page (redirectUrl) as for any binding.
        assertEquals(303, given().redirects().follow(false).contentType("application/x-www-form-urlencoded")
                .formParam("otp", "123456").post("/pg/bind/" + id + "/authorize").statusCode());
        for (String asked : new String[]{"{\"partnerReferenceNo\":\"" + reference + "\",\"merchantId\":\"demo\"}",
                "{\"referenceNo\":\"" + id + "\"}",
                "{\"referenceNo\":\"" + id + "\",\"partnerReferenceNo\":\"" + reference + "\"}"}) {
            post(INQUIRY, asked).statusCode(200)
                    .body("responseCode", equalTo("2000800")).body("referenceNo", equalTo(id))
                    .body("accountToken", equalTo(id)).body("redirectUrl", nullValue())
                    .body("accountNo", equalTo("+62 •••• " + phone.substring(phone.length() - 4)))
                    .body("additionalInfo.status", equalTo("ACTIVE"))
                    .body("additionalInfo.expiresAt", nullValue());
        }
        as(DEMO).get(BIND + "/" + id).then().body("status", equalTo("ACTIVE"));
    }

    @Test
    void theSameReferenceGetsTheFirstReplyAgainAndAnotherBodyIsADuplicate() throws Exception {
        String reference = newReference();
        String customer = newCustomerId();
        String body = bindingBody(reference, customer, "BCA_DD");
        String first = post(BINDING, body).statusCode(200).extract().asString();
        long bindings = count("binding");
        // A retry with a new X-EXTERNAL-ID, compact or pretty: byte for byte the first reply, nothing done again.
        assertEquals(first, post(BINDING, body).statusCode(200).extract().asString());
        assertEquals(first, post(BINDING, body.replace(",", ",\n  ")).statusCode(200).extract().asString());
        assertEquals(bindings, count("binding"));
        assertRefused(post(BINDING, body.replace("BCA_DD", "BNI_DD")), 409, "4090701", "Duplicate partnerReferenceNo");
        assertEquals(bindings, count("binding"));
        // Another reference for the same customer and source: the live binding again (§4), under both references.
        String id = new JsonPath(first).getString("referenceNo");
        String again = newReference();
        post(BINDING, bindingBody(again, customer, "BCA_DD")).statusCode(200).body("referenceNo", equalTo(id))
                .body("partnerReferenceNo", equalTo(again));
        post(INQUIRY, "{\"partnerReferenceNo\":\"" + again + "\"}").statusCode(200).body("referenceNo", equalTo(id));
        // Another merchant may use the same reference: its own binding.
        snap(DEMO2, demo2).body(body.replace("\"demo\"", "\"demo2\"")).post(BINDING).then().statusCode(200)
                .body("referenceNo", not(equalTo(id)));
    }

    @Test
    void badInputIsRefusedNamingTheFieldAndNothingIsWritten() throws Exception {
        String good = bindingBody("REF-BAD", newCustomerId(), "BCA_DD");
        String[][] cases = {
                {good.replace("\"partnerReferenceNo\":\"REF-BAD\",", ""), "400", "4000702",
                        "Invalid Mandatory Field partnerReferenceNo"},
                {good.replace("REF-BAD", "R".repeat(65)), "400", "4000701", "Invalid Field Format partnerReferenceNo"},
                {good.replace("\"phoneNo\":\"081234567890\",", ""), "400", "4000702", "Invalid Mandatory Field phoneNo"},
                {good.replace("081234567890", "0812-3456-7890"), "400", "4000701", "Invalid Field Format phoneNo"},
                {good.replace("081234567890", "+0812345678"), "400", "4000701", "Invalid Field Format phoneNo"},
                {good.replace("081234567890", "0812345678901234"), "400", "4000701", "Invalid Field Format phoneNo"},
                {good.replace("\"merchantId\":\"demo\",", ""), "400", "4000702", "Invalid Mandatory Field merchantId"},
                {good.replaceAll("\"additionalData\":\\{[^}]*},", ""), "400", "4000702",
                        "Invalid Mandatory Field additionalData"},
                {good.replace("budi@example.com", "budi"), "400", "4000701",
                        "Invalid Field Format additionalData.email"},
                {good.replace("\"firstName\":\"Budi\",", ""), "400", "4000702",
                        "Invalid Mandatory Field additionalData.firstName"},
                {good.replace("\"userId\":\"", "\"userId\":\"" + "u".repeat(64)), "400", "4000701",
                        "Invalid Field Format additionalData.userId"},
                {good.replace("\"BCA_DD\"", "\"VISA\""), "400", "4000701", "Invalid Field Format additionalInfo.channel"},
                {good.replace("https://shop.example/bound", "https://shop.example/" + "x".repeat(2048)), "400",
                        "4000701", "Invalid Field Format redirectUrl"},
                {good.replace("\"phoneNo\":\"081234567890\"", "\"phoneNo\":81234567890"), "400", "4000700", null},
                {good.substring(0, 40), "400", "4000700", null},
                {good.replace("\"merchantId\":\"demo\"", "\"merchantId\":\"demo2\""), "404", "4040708", "Invalid Merchant"},
        };
        long bindings = count("binding");
        long references = count("snap_binding_reference");
        long claims = count("snap_idempotency");
        for (String[] c : cases) {
            ValidatableResponse reply = post(BINDING, c[0]).statusCode(Integer.parseInt(c[1]))
                    .body("responseCode", equalTo(c[2])).body("referenceNo", nullValue());
            if (c[3] != null) {
                reply.body("responseMessage", equalTo(c[3]));
            }
        }
        assertEquals(bindings, count("binding"), "bindings written");
        assertEquals(references, count("snap_binding_reference"), "references written");
        assertEquals(claims, count("snap_idempotency"), "partnerReferenceNo claims kept");
        // The same reference is still free: the refusals remembered nothing.
        post(BINDING, good.replace("REF-BAD", newReference())).statusCode(200);
        // ifortepay's copy of the standard names the phone msisdn.
        post(BINDING, good.replace("REF-BAD", newReference()).replace("\"phoneNo\"", "\"msisdn\"")).statusCode(200)
                .body("responseCode", equalTo("2000700"));

        assertRefused(post(INQUIRY, "{}"), 400, "4000802", "Invalid Mandatory Field partnerReferenceNo");
        assertRefused(post(INQUIRY, "{\"referenceNo\":\"\"}"), 400, "4000801", "Invalid Field Format referenceNo");
        assertRefused(post(UNBINDING, "{\"referenceNo\":\"bnd_x\"}"), 400, "4000902",
                "Invalid Mandatory Field merchantId");
        assertRefused(post(UNBINDING, "{\"merchantId\":\"demo\"}"), 400, "4000902",
                "Invalid Mandatory Field partnerReferenceNo");
        assertRefused(post(UNBINDING, "{\"merchantId\":\"other\",\"referenceNo\":\"bnd_x\"}"), 404, "4040908",
                "Invalid Merchant");
    }

    @Test
    void theDoorRefusesTamperedBodiesReusedExternalIdsAndOtherMerchantsTokens() throws Exception {
        String body = bindingBody(newReference(), newCustomerId(), "BCA_DD");
        long bindings = count("binding");
        String timestamp = signing(DEMO, demo).timestamp();
        String signature = SnapTransactionSigner.sign(DEMO.clientSecret(), "POST", BINDING, demo,
                body.getBytes(StandardCharsets.UTF_8), timestamp);
        assertRefused(snap(DEMO, demo).header("X-TIMESTAMP", timestamp).header("X-SIGNATURE", signature)
                .body(body.replace("Budi", "Andi")).post(BINDING).then(), 401, "4010700",
                "Unauthorized. Invalid signature");
        // demo2's token with demo's client key: a token of another merchant.
        assertRefused(snap(DEMO, demo2).body(body).post(BINDING).then(), 401, "4010701", "Invalid Token (B2B)");
        assertRefused(given().contentType("application/json").body(body).post(BINDING).then(), 401, "4010701",
                "Invalid Token (B2B)");
        assertRefused(snap(DEMO, demo + "x").body(body).post(BINDING).then(), 401, "4010703", "Token Not Found (B2B)");
        // §0's signature opens no SNAP path.
        assertRefused(as(DEMO).body(body).post(BINDING).then(), 401, "4010701", "Invalid Token (B2B)");
        assertRefused(snap(DEMO, demo).header("CHANNEL-ID", "").body(body).post(BINDING).then(), 400, "4000702",
                "Invalid Mandatory Field CHANNEL-ID");
        assertEquals(bindings, count("binding"));

        String externalId = "ext-" + newReference();
        snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(BINDING).then().statusCode(200);
        for (String path : new String[]{BINDING, INQUIRY, UNBINDING}) {
            String code = "409" + switch (path) {
                case BINDING -> "07";
                case INQUIRY -> "08";
                default -> "09";
            } + "00";
            assertRefused(snap(DEMO, demo).header("X-EXTERNAL-ID", externalId).body(body).post(path).then(), 409,
                    code, "Conflict");
        }
        // The other services' paths of the door carry their own codes here too.
        assertRefused(snap(DEMO, demo2).body("{}").post(INQUIRY).then(), 401, "4010801", "Invalid Token (B2B)");
        assertRefused(snap(DEMO, demo2).body("{}").post(UNBINDING).then(), 401, "4010901", "Invalid Token (B2B)");
    }

    @Test
    void anotherMerchantsBindingAnswersLikeAnUnknownOne() {
        String reference = newReference();
        String id = post(BINDING, bindingBody(reference, newCustomerId(), "BCA_DD")).statusCode(200).extract()
                .path("referenceNo");
        simulate(id, "ACTIVE").statusCode(200);
        for (String asked : new String[]{"{\"referenceNo\":\"" + id + "\"}",
                "{\"partnerReferenceNo\":\"" + reference + "\"}"}) {
            Response foreign = snap(DEMO2, demo2).body(asked).post(INQUIRY);
            Response unknown = post(INQUIRY, asked.replace(id, "bnd_UNKNOWN").replace(reference, "REF-UNKNOWN"))
                    .extract().response();
            assertRefused(foreign.then(), 404, "4040801", "Transaction Not Found");
            assertEquals(unknown.asString(), foreign.asString());
            assertRefused(snap(DEMO2, demo2).body(asked.replace("{", "{\"merchantId\":\"demo2\",")).post(UNBINDING)
                    .then(), 404, "4040901", "Transaction Not Found");
        }
        // A reference and an id that name different bindings are no binding.
        String other = newPendingBinding(newCustomerId());
        assertRefused(post(INQUIRY, "{\"referenceNo\":\"" + other + "\",\"partnerReferenceNo\":\"" + reference
                + "\"}"), 404, "4040801", "Transaction Not Found");
        as(DEMO).get(BIND + "/" + id).then().body("status", equalTo("ACTIVE"));
    }

    @Test
    void unbindingAnActiveBindingUnbindsItAndAgainAnswersTheSame() {
        String reference = newReference();
        String id = post(BINDING, bindingBody(reference, newCustomerId(), "MANDIRI_DD")).statusCode(200).extract()
                .path("referenceNo");
        String unbinding = "{\"merchantId\":\"demo\",\"partnerReferenceNo\":\"" + reference + "\"}";
        assertRefused(post(UNBINDING, unbinding), 404, "4040900", "Invalid Transaction Status"); // PENDING
        simulate(id, "ACTIVE").statusCode(200);
        for (int i = 0; i < 2; i++) {
            post(UNBINDING, unbinding).statusCode(200).body("responseCode", equalTo("2000900"))
                    .body("responseMessage", equalTo("Successful")).body("referenceNo", equalTo(id))
                    .body("unlinkResult", equalTo("SUCCESS")).body("additionalInfo.status", equalTo("UNBOUND"))
                    .body("additionalInfo.channel", equalTo("MANDIRI_DD"));
        }
        as(DEMO).get(BIND + "/" + id).then().body("status", equalTo("UNBOUND"));
        post(INQUIRY, "{\"referenceNo\":\"" + id + "\"}").statusCode(200).body("additionalInfo.status", equalTo("UNBOUND"))
                .body("accountToken", nullValue());

        // A §4 binding is unbound through SNAP by its id alike; a FAILED one cannot be.
        String plain = as(DEMO).body(body(newCustomerId(), "BNI_DD")).post(BIND).then().extract().path("bindingId");
        simulate(plain, "ACTIVE").statusCode(200);
        post(UNBINDING, "{\"merchantId\":\"demo\",\"referenceNo\":\"" + plain + "\"}").statusCode(200)
                .body("partnerReferenceNo", nullValue());
        String failed = newPendingBinding(newCustomerId());
        simulate(failed, "FAILED").statusCode(200);
        assertRefused(post(UNBINDING, "{\"merchantId\":\"demo\",\"referenceNo\":\"" + failed + "\"}"), 404, "4040900",
                "Invalid Transaction Status");
        post(INQUIRY, "{\"referenceNo\":\"" + failed + "\"}").statusCode(200)
                .body("additionalInfo.status", equalTo("FAILED"))
                .body("additionalInfo.failureReason", equalTo("SIMULATED"));
    }

    long count(String table) throws Exception {
        try (var c = dataSource.getConnection(); var s = c.createStatement();
             var rs = s.executeQuery("SELECT count(*) FROM " + table)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
