package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.JsonNode;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.payment.support.Methods;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentEvents;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.midtrans.MidtransSimulator;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;

import static io.paygate.payment.provider.midtrans.MidtransMethods.atMidtrans;
import static io.paygate.payment.provider.midtrans.MidtransMethods.charge;
import static io.paygate.payment.provider.midtrans.MidtransMethods.initiate;
import static io.paygate.payment.provider.midtrans.MidtransMethods.pageCode;
import static io.paygate.payment.provider.midtrans.MidtransSetup.MID;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The methods paid later through the Midtrans Core API (docs/contract.md §2a, the simulator over real HTTP): each preselected
 * method is opened with its {@code payment_type} and a custom expiry, the reply carries what Midtrans gave, and the
 * customer's payment at Midtrans captures the payment once Midtrans's status confirms it.
 */
@QuarkusTest
@TestProfile(MidtransSetup.Profile.class)
@PaymentTestResources
@WithTestResource(MidtransSetup.class)
class MidtransMethodsTest extends MidtransTestBase {

    private static final BigDecimal AMOUNT = new BigDecimal("150000");

    @Test
    void aBcaVirtualAccountIsOpenedAtMidtransAndCapturedWhenTheExactAmountArrives() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "VA_BCA");
        String code = pageCode(reply);
        String ref = MidtransDb.reference(code);
        String va = reply.path("paymentCode").asText();
        assertEquals(va, atMidtrans(ref).at("/va_numbers/0/va_number").asText(), "Midtrans's number");
        assertEquals("VA", reply.at("/accountList/0/type").asText());
        assertEquals("BCA", reply.at("/accountList/0/bank").asText());
        assertEquals(va, reply.at("/accountList/0/accountNumber").asText());

        JsonNode sent = charge(ref);
        assertEquals("bank_transfer", sent.path("payment_type").asText());
        assertEquals("bca", sent.at("/bank_transfer/bank").asText());
        assertEquals(150000, sent.at("/transaction_details/gross_amount").asLong());
        assertEquals("second", sent.at("/custom_expiry/unit").asText());
        assertTrue(sent.at("/custom_expiry/order_time").asText().endsWith(" +0700"), sent.toString());
        long lifetime = sent.at("/custom_expiry/expiry_duration").asLong();
        assertTrue(lifetime > 23 * 3600 && lifetime <= 24 * 3600, "the VA's 24 h: " + lifetime);
        PaymentApi.status(MID, orderId).then().body("result.payment.status", equalTo("PENDING"))
                .body("sourceOfFunds.type", equalTo("VA_BCA")).body("sourceOfFunds.paymentCode", equalTo(va));

        assertEquals(MidtransSimulator.Payment.WRONG_AMOUNT, SIM.payVa(va, AMOUNT.add(BigDecimal.ONE)));
        assertEquals(MidtransSimulator.Payment.PAID, SIM.payVa(va, AMOUNT));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        PaymentStatusChanged captured = PaymentEvents.awaitOne(MID.id(), code).dataAs(PaymentStatusChanged.class);
        assertEquals("VA_BCA", captured.sourceOfFunds().type());
        assertEquals(va, captured.sourceOfFunds().paymentCode());
        assertTrue(MidtransMethods.requests("GET", "/v2/" + ref + "/status") >= 1, "decided by the status inquiry");
    }

    @Test
    void everyOtherBankMandiriAndTheStoresCarryMidtranssNumbersAndArePaidThere() {
        for (String bank : new String[]{"VA_BNI", "VA_BRI", "VA_CIMB", "VA_PERMATA"}) {
            JsonNode reply = initiate(Requests.orderId(), bank);
            JsonNode atMidtrans = atMidtrans(MidtransDb.reference(pageCode(reply)));
            String number = bank.equals("VA_PERMATA") ? atMidtrans.path("permata_va_number").asText()
                    : atMidtrans.at("/va_numbers/0/va_number").asText();
            assertEquals(number, reply.path("paymentCode").asText(), bank);
            assertEquals(bank.substring(3), reply.at("/accountList/0/bank").asText(), bank);
        }
        String billOrder = Requests.orderId();
        JsonNode bill = initiate(billOrder, "VA_MANDIRI");
        assertEquals("echannel", charge(MidtransDb.reference(pageCode(bill))).path("payment_type").asText());
        assertEquals("BILL", bill.at("/accountList/0/type").asText());
        assertEquals("70012", bill.at("/accountList/0/billerCode").asText());
        assertEquals(bill.path("paymentCode").asText(), bill.at("/accountList/0/billKey").asText());
        assertEquals(MidtransSimulator.Payment.PAID, SIM.payBill("70012", bill.path("paymentCode").asText(), AMOUNT));
        MidtransCustomer.awaitStatus(MID, billOrder, "CAPTURED");

        for (String store : new String[]{"ALFAMART", "INDOMARET"}) {
            String orderId = Requests.orderId();
            JsonNode reply = initiate(orderId, store);
            JsonNode sent = charge(MidtransDb.reference(pageCode(reply)));
            assertEquals(Map.of("cstore", store.toLowerCase()), Map.of(sent.path("payment_type").asText(),
                    sent.at("/cstore/store").asText()));
            assertEquals(store, reply.at("/accountList/0/store").asText());
            assertEquals(MidtransSimulator.Payment.PAID, SIM.payStore(store, reply.path("paymentCode").asText(),
                    AMOUNT));
            MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        }
    }

    @Test
    void aQrisIsDrawnFromMidtranssQrStringAndCapturedWhenScanned() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "QRIS");
        String code = pageCode(reply);
        assertTrue(reply.path("imageurl").asText().endsWith("/pg/pay/" + code + "/qr.png"), reply.toString());
        assertEquals("qris", charge(MidtransDb.reference(code)).path("payment_type").asText());
        String payload = MidtransMethods.scanQr(code);
        assertTrue(payload.startsWith("000201010212") && payload.contains("5303360"), payload);

        assertEquals(MidtransSimulator.Payment.PAID, SIM.payQr(payload), "the gateway's image is Midtrans's QR");
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        assertEquals("QRIS", PaymentEvents.awaitOne(MID.id(), code).dataAs(PaymentStatusChanged.class)
                .sourceOfFunds().type());
    }

    @Test
    void aGopayPaymentLinksTheAppAndMidtranssQrImageAndIsCapturedWhenApproved() {
        String orderId = Requests.orderId();
        JsonNode reply = initiate(orderId, "GOPAY");
        String code = pageCode(reply);
        String ref = MidtransDb.reference(code);
        assertTrue(reply.path("appurl").asText().startsWith(SIM.baseUrl() + "/sim/wallet/"), reply.toString());
        assertTrue(reply.path("imageurl").asText().startsWith(SIM.baseUrl() + "/v2/gopay/"), reply.toString());
        JsonNode sent = charge(ref);
        assertTrue(sent.at("/gopay/callback_url").asText().endsWith("/pg/pay/" + code), "back to the hosted page");
        assertTrue(sent.at("/gopay/enable_callback").asBoolean());
        assertEquals(900, sent.at("/custom_expiry/expiry_duration").asLong(), 1, "a wallet's 15 minutes");

        assertEquals(MidtransSimulator.Payment.PAID, SIM.payWallet(ref));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
        assertEquals(1, PaymentEvents.awaitRecords(MID.id(), code, 1, Duration.ofSeconds(10)).size());

        JsonNode shopee = initiate(Requests.orderId(), "SHOPEEPAY");
        assertTrue(shopee.path("appurl").asText().startsWith(SIM.baseUrl() + "/sim/wallet/"), shopee.toString());
    }

    /**
     * The charge's answer came too late (after the read timeout): the initiation fails, and its repeat opens the same
     * order id again, which Midtrans refuses as a duplicate (406); its status then gives the same number.
     */
    @Test
    void aChargeWhoseAnswerWasLostIsTheSameChargeWhenTheMerchantAsksAgain() {
        String orderId = Requests.orderId();
        SIM.delayNextCharge(Duration.ofMillis(2500));
        PaymentApi.initiate(MID, Methods.preselecting(orderId, "VA_BNI").toString()).then().statusCode(502);
        JsonNode reply = initiate(orderId, "VA_BNI");
        String ref = MidtransDb.reference(pageCode(reply));
        assertEquals(2, MidtransMethods.charges(ref).size(), "asked twice under one order id");
        assertEquals(atMidtrans(ref).at("/va_numbers/0/va_number").asText(), reply.path("paymentCode").asText());
        assertEquals(MidtransSimulator.Payment.PAID, SIM.payVa(reply.path("paymentCode").asText(), AMOUNT));
        MidtransCustomer.awaitStatus(MID, orderId, "CAPTURED");
    }

    @Test
    void methodsMidtransDoesNotOfferAreRefusedAtInitiation() {
        for (String type : new String[]{"OVO", "DANA", "LINKAJA", "DIRECT_DEBIT"}) {
            String orderId = Requests.orderId();
            PaymentApi.initiate(MID, Methods.preselecting(orderId, type).toString()).then().statusCode(400);
            PaymentApi.status(MID, orderId).then().statusCode(404);
        }
    }
}
