package io.paygate.e2e;

import io.paygate.model.json.CanonicalJson;
import io.paygate.model.signing.NotificationSigner;
import io.paygate.model.signing.WebhookSecret;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/** The e2e suite's own signature check must agree with the contract's and refuse what it should: no stack needed. */
class SignaturesTest {

    static final String BODY = """
            {"order":{"id":"ORD-1","amount":150000.00,"reference":"PC1","currency":"IDR"},\
            "customer":{"id":"C-1","firstName":"Bu\\"di\\u00e9 \\n","lastName":"\\u20ac"},\
            "meta":{"data":null},"result":{"payment":{"amount":150000.50,"status":"CAPTURED","statusDesc":null}},\
            "ok":true,"signature":"x"}""";

    @Test
    void theCanonicalFormIsRfc8785AsCommonModelWritesIt() {
        String mine = Signatures.canonicalWithoutSignature(BODY);
        assertEquals(CanonicalJson.canonicalizeWithoutSignature(BODY), mine);
        assertEquals("{\"customer\":{\"firstName\":\"Bu\\\"dié \\n\",\"id\":\"C-1\",\"lastName\":\"€\"},\"meta\":{\"data\":null},"
                + "\"ok\":true,\"order\":{\"amount\":150000,\"currency\":\"IDR\",\"id\":\"ORD-1\",\"reference\":\"PC1\"},"
                + "\"result\":{\"payment\":{\"amount\":150000.5,\"status\":\"CAPTURED\",\"statusDesc\":null}}}", mine);
    }

    @Test
    void acceptsASignedNotificationAndTellsATamperedBodyApart() {
        NotificationSigner signer = new NotificationSigner(WebhookSecret.parse(SandboxMerchants.DEMO.notificationSecret()));
        String body = signer.withBodySignature(BODY);
        Signatures.verify(received(body, signer.headers("msg_1", Instant.now().getEpochSecond(), body)));

        String tampered = body.replace("150000.50", "150000.51");
        assertEquals(signer.bodySignature(tampered), Signatures.bodySignature(tampered));
        assertNotEquals(Signatures.bodySignature(body), Signatures.bodySignature(tampered));
    }

    private static MerchantSink.Received received(String body, Map<String, String> headers) {
        Map<String, List<String>> all = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        headers.forEach((name, value) -> all.put(name, List.of(value)));
        return new MerchantSink.Received("POST", "/payments", all, body, Instant.now());
    }
}
