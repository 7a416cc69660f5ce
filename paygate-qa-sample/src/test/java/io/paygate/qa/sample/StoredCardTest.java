package io.paygate.qa.sample;

import io.paygate.model.api.credential.PurchaseResponse;
import io.paygate.model.api.credential.StoredCard;
import io.paygate.qa.Initiated;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import io.paygate.qa.StoredCards;
import io.paygate.qa.TestCard;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.UUID;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Stored cards and one-click payments (docs/contract.md §1b): save a card, charge it one-click, delete it. */
@PaygateTest
class StoredCardTest {

    @Test
    void aSavedCardIsListedChargedOneClickAndDeleted(Paygate paygate) {
        String customer = "QA-" + UUID.randomUUID().toString().substring(0, 12);
        StoredCards cards = paygate.storedCards();
        Initiated first = cards.initiateSaving(PaymentRequest.of("150000.00").withCustomerId(customer));
        cards.payAndSave(first, TestCard.VISA_CAPTURED.number());
        paygate.payments().awaitStatus(first.orderId(), WAIT, "CAPTURED");

        List<StoredCard> stored = cards.list(customer);
        assertEquals(1, stored.size());
        assertEquals("411111******1111", stored.get(0).mask());
        assertEquals("VISA", stored.get(0).brand());

        PaymentRequest again = PaymentRequest.of("75000.00").withCustomerId(customer);
        PurchaseResponse charged = cards.pay(again, stored.get(0).tokenId());
        assertEquals("2000000", charged.responseCode());
        assertEquals("CAPTURED", paygate.payments().awaitStatus(again.orderId(), WAIT, "CAPTURED", "FAILED")
                .status());

        cards.delete(stored.get(0).tokenId());
        assertEquals(List.of(), cards.list(customer));
        cards.payReply(PaymentRequest.of("75000.00").withCustomerId(customer), stored.get(0).tokenId()).then()
                .statusCode(404).body("responseCode", equalTo("4041101"));
    }

    @Test
    void theFirstOnlyCardPaysOnceAndDeclinesLaterCharges(Paygate paygate) {
        String customer = "QA-" + UUID.randomUUID().toString().substring(0, 12);
        StoredCards cards = paygate.storedCards();
        Initiated first = cards.initiateSaving(PaymentRequest.of("150000.00").withCustomerId(customer));
        cards.payAndSave(first, StoredCards.FIRST_ONLY);
        paygate.payments().awaitStatus(first.orderId(), WAIT, "CAPTURED");

        PaymentRequest later = PaymentRequest.of("150000.00").withCustomerId(customer);
        cards.pay(later, cards.list(customer).get(0).tokenId());
        assertEquals("Card declined", paygate.payments().awaitStatus(later.orderId(), WAIT, "FAILED").statusDesc());
    }
}
