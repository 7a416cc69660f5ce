package io.paygate.qa.sample;

import io.paygate.qa.Binding;
import io.paygate.qa.Bindings;
import io.paygate.qa.CallbackReceiver;
import io.paygate.qa.Initiated;
import io.paygate.qa.Paygate;
import io.paygate.qa.PaygateTest;
import io.paygate.qa.PaymentRequest;
import org.junit.jupiter.api.Test;

import java.util.UUID;

import static io.paygate.qa.sample.SampleSuite.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A customer binds a bank account on the sandbox bank page, pays by direct debit through it, and the merchant unbinds
 * it (docs/contract.md §4); the binding's notifications go to the merchant's registered binding callback URL.
 */
@PaygateTest
class DirectDebitTest {

    @Test
    void aBoundAccountPaysByDirectDebitAndIsUnbound(Paygate paygate, CallbackReceiver receiver) {
        paygate.callbacks().register(receiver.url("/disbursements"), receiver.url("/bindings"));
        String customer = "QA-CUST-" + UUID.randomUUID();

        Binding binding = paygate.bindings().bind(customer, Bindings.BCA_DD);
        assertEquals("PENDING", binding.status());
        paygate.sandbox().approveBinding(binding);

        assertEquals("ACTIVE", paygate.bindings().awaitStatus(binding.bindingId(), WAIT, "ACTIVE", "FAILED").status());
        assertEquals("/bindings", receiver.awaitBindingNotification(binding.bindingId(), "ACTIVE", WAIT).path());

        Initiated payment = paygate.payments().initiate(PaymentRequest.of("99000.00").withCustomerId(customer)
                .withCallbackUrl(receiver.url("/payments")));
        paygate.sandbox().payByDirectDebit(payment, binding.bindingId());
        assertEquals("CAPTURED", paygate.payments().awaitStatus(payment.orderId(), WAIT, "CAPTURED", "FAILED")
                .status());
        receiver.awaitPaymentNotification(payment, "CAPTURED", WAIT);

        assertEquals("UNBOUND", paygate.bindings().unbind(binding.bindingId()).status());
        receiver.awaitBindingNotification(binding.bindingId(), "UNBOUND", WAIT);
    }
}
