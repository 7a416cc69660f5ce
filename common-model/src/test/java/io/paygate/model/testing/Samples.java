package io.paygate.model.testing;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.paygate.model.api.Card;
import io.paygate.model.api.CardInfo;
import io.paygate.model.api.Customer;
import io.paygate.model.api.Meta;
import io.paygate.model.api.disbursement.AdditionalInfo;
import io.paygate.model.api.disbursement.TransferAmount;
import io.paygate.model.api.disbursement.TriggerType;
import io.paygate.model.api.payment.PaymentMethod;
import io.paygate.model.event.DisbursementStatusChanged;
import io.paygate.model.event.PaymentStatusChanged;
import io.paygate.model.status.DisbursementStatus;
import io.paygate.model.status.PaymentStatus;
import java.math.BigDecimal;

/** The records behind the published vectors. */
public final class Samples {

    public static final Customer CUSTOMER = new Customer("CUST-001", "budi@example.com", "Budi", "Santoso", "+6281234567890");
    public static final Card CARD = new Card("411111******1111", new CardInfo("VISA", "SANDBOX BANK", "CREDIT", "CLASSIC", "ID"));

    private Samples() {
    }

    public static Meta meta() {
        ObjectNode data = JsonNodeFactory.instance.objectNode().put("cart", "A-17").put("note", "caf\u00e9");
        return Meta.of(data);
    }

    /** The event whose notification is {@link NotificationVectors#PAYMENT_BODY}. */
    public static PaymentStatusChanged captured() {
        return new PaymentStatusChanged("PC7F3K9Q2M4X8B1N", "ORD-20261121-0001", new BigDecimal("150000.00"), "IDR",
                CUSTOMER, meta(), CARD, PaymentStatus.CAPTURED, null, "https://merchant.example.com/callbacks/payment",
                PaymentMethod.CARD);
    }

    /** The event whose notification is {@link NotificationVectors#DISBURSEMENT_BODY}. */
    public static DisbursementStatusChanged disbursed() {
        return new DisbursementStatusChanged("2026-11-21T10:15:30+07:00", "2026-11-21T10:15:42+07:00", "DB7Q4M2X9K1P",
                "TRF-20261121-0001", "014", "Siti Rahayu", "1234567890", new TransferAmount("250000.00", "IDR"),
                DisbursementStatus.SUCCESS, TriggerType.AUTOMATIC, new AdditionalInfo(null));
    }
}
