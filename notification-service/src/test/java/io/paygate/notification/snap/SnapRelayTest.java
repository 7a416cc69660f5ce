package io.paygate.notification.snap;

import io.paygate.model.event.EventEnvelope;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.event.SnapOrigin;
import io.paygate.model.snap.SnapNotificationVerifier;
import io.paygate.model.snap.SnapSignatureException;
import io.paygate.model.status.PaymentStatus;
import io.paygate.notification.support.Events;
import io.paygate.notification.support.MerchantApi;
import io.paygate.notification.support.MerchantSinkTestBase;
import io.paygate.notification.support.NotificationTestResources;
import io.paygate.testsupport.SandboxMerchants;
import io.paygate.testsupport.sink.MerchantSink;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import static io.paygate.testsupport.SandboxMerchants.DEMO;
import static io.paygate.testsupport.SandboxMerchants.DEMO2;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * docs/contract.md §9 "SNAP notifications", issue 43: the relay across merchants. Merchant A pays its own SNAP payments
 * made with merchant B's {@code partnerReferenceNo} and amount, receives the gateway's really signed {@code 00}
 * notifications and forwards them to B. The standard's string to sign names no merchant and these bodies carried no
 * merchant id, so with one gateway key for everyone B's verifier accepted them. Each merchant's notifications are now
 * signed with a key of its own: A's forwarded request must fail with every key B's endpoint publishes (B is the
 * merchant in a rotation: two keys), verify with A's, and name A in {@code additionalInfo.merchantId}. The
 * notifications are made the real way (events on the broker, the database, the dispatcher, a real HTTP merchant); only
 * the verifier is B's.
 */
@QuarkusTest
@NotificationTestResources
class SnapRelayTest extends MerchantSinkTestBase {

    private static final SandboxMerchants.Merchant A = DEMO2;
    private static final SandboxMerchants.Merchant B = DEMO;
    private static final String QR = "/v1.0/qr/qr-mpm-notify";
    private static final String VA = "/v1.0/transfer-va/payment";
    private static final String DEBIT = "/v1.0/debit/notify";

    @Test
    void aNotificationSignedForOneMerchantDoesNotVerifyWithAnotherMerchantsPublishedKeys() throws Exception {
        register(A, "snapQrNotifyUrl", sink.url(QR));
        register(A, "snapVaPaymentUrl", sink.url(VA));
        register(A, "snapDebitNotifyUrl", sink.url(DEBIT));
        sink.respondWith(MerchantSink.Reply.status(200, "{\"responseCode\":\"2005200\",\"responseMessage\":\"OK\"}"));
        // B's order, paid by A: A made its own QR, VA and debit with B's partnerReferenceNo (trxId) and amount.
        String victimOrder = "B-ORDER-" + Events.id("");
        Events.send(Events.payment(A.id(), 1, captured(Events.id("PCQR"), new SnapOrigin(SnapOrigin.QR, victimOrder,
                null, null, null, null, null))));
        Events.send(Events.payment(A.id(), 1, captured(Events.id("PCVA"), new SnapOrigin(SnapOrigin.VA, victimOrder,
                null, "   22345", "0812", "   223450812", "Toko B"))));
        Events.send(Events.payment(A.id(), 1, captured(Events.id("PCDD"), new SnapOrigin(SnapOrigin.DEBIT,
                victimOrder, null, null, null, null, null))));

        List<MerchantSink.Received> received = sink.awaitReceived(3, WAIT);
        assertEquals(3, received.size(), "A's three SNAP notifications: " + received);
        List<String> victimsKeys = publishedKeys(B);
        List<String> attackersKeys = publishedKeys(A);
        assertEquals(2, victimsKeys.size(), "B is the merchant in a rotation: its current and previous keys");
        assertEquals(1, attackersKeys.size());
        for (MerchantSink.Received relayed : received) {
            String path = relayed.path();
            String timestamp = relayed.header("X-TIMESTAMP");
            String signature = relayed.header("X-SIGNATURE");
            for (String key : victimsKeys) {
                SnapSignatureException refused = assertThrows(SnapSignatureException.class,
                        () -> SnapNotificationVerifier.of(key).verify(path, relayed.body(), timestamp, signature),
                        "A's notification relayed to B must not verify with B's key: " + path);
                assertEquals(SnapSignatureException.INVALID_SIGNATURE, refused.reason());
            }
            assertDoesNotThrow(() -> SnapNotificationVerifier.of(attackersKeys.getFirst())
                    .verify(path, relayed.body(), timestamp, signature), "signed for A: " + path);
            JsonPath body = JsonPath.from(relayed.body());
            assertEquals(A.id(), body.getString("additionalInfo.merchantId"), "the body names A: " + relayed.body());
            assertEquals(A.id(), relayed.header("X-PARTNER-ID"));
        }
    }

    /** The PEM blocks {@code GET /pg/snap/public-keys/<client key>.pem} serves for the merchant, unauthenticated. */
    private static List<String> publishedKeys(SandboxMerchants.Merchant merchant) {
        String pem = given().get("/pg/snap/public-keys/" + merchant.id() + ".pem").then().statusCode(200)
                .extract().asString();
        List<String> blocks = new ArrayList<>();
        String end = "-----END PUBLIC KEY-----\n";
        for (int from = 0, to; (to = pem.indexOf(end, from)) >= 0; from = to + end.length()) {
            blocks.add(pem.substring(from, to + end.length()));
        }
        return blocks;
    }

    private static void register(SandboxMerchants.Merchant merchant, String member, String url) {
        MerchantApi.as(merchant).body("{\"" + member + "\":\"" + url + "\"}").put("/pg/merchant/callbacks").then()
                .statusCode(200).body(member, equalTo(url));
    }

    private static PaymentStatusChanged captured(String code, SnapOrigin snap) {
        SnapOrigin withReference = new SnapOrigin(snap.service(), snap.partnerReferenceNo(), code,
                snap.partnerServiceId(), snap.customerNo(), snap.virtualAccountNo(), snap.virtualAccountName());
        return new PaymentStatusChanged(code, snap.partnerReferenceNo(), new BigDecimal("150000"), "IDR",
                Events.customer(), null, null, PaymentStatus.CAPTURED, "Payment success", null, null)
                .withSnap(withReference);
    }
}
