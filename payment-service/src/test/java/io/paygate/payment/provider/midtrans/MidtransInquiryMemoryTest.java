package io.paygate.payment.provider.midtrans;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Midtrans inquiry memory (docs/contract.md §2): a state of a charge is remembered for the memory and no longer,
 * per charge and state, never more than its capacity however many orders notifications name; and the states it keys
 * on are few per charge whatever unsigned text a notification carries.
 */
class MidtransInquiryMemoryTest {

    private final AtomicLong nanos = new AtomicLong();

    @Test
    void aStateIsRememberedForTheMemoryAndNoLonger() {
        MidtransInquiryMemory memory = new MidtransInquiryMemory(Duration.ofSeconds(60), 100, nanos::get);
        memory.remember("mid CHG1", "200 deny accept");

        assertTrue(memory.asked("mid CHG1", "200 deny accept"));
        assertFalse(memory.asked("mid CHG1", "202 deny accept"), "another state of the charge");
        assertFalse(memory.asked("mid CHG2", "200 deny accept"), "another charge");
        assertFalse(memory.asked("mid2 CHG1", "200 deny accept"), "another merchant's order id");
        nanos.addAndGet(Duration.ofSeconds(59).toNanos());
        assertTrue(memory.asked("mid CHG1", "200 deny accept"));
        nanos.addAndGet(Duration.ofSeconds(1).toNanos());
        assertFalse(memory.asked("mid CHG1", "200 deny accept"), "60 s later Midtrans is asked again");
    }

    @Test
    void notificationsForEverMoreOrdersNeverGrowItPastItsCapacity() {
        MidtransInquiryMemory memory = new MidtransInquiryMemory(Duration.ofSeconds(60), 1_000, nanos::get);
        for (int i = 0; i < 20_000; i++) {
            memory.remember("mid CHG" + i, "200 deny accept");
        }
        assertTrue(memory.size() <= 1_000, "remembered: " + memory.size());
        assertTrue(memory.size() > 0);
        assertTrue(MidtransInquiryMemory.CAPACITY > 0 && MidtransInquiryMemory.CAPACITY <= 100_000);
    }

    @Test
    void aMemoryOfZeroRemembersNothing() {
        MidtransInquiryMemory memory = new MidtransInquiryMemory(Duration.ZERO);
        memory.remember("mid CHG1", "200 deny accept");
        assertFalse(memory.asked("mid CHG1", "200 deny accept"));
        assertEquals(0, memory.size());
    }

    /** fraud_status is not signed, and any text passes under deny, cancel or refund: it cannot make new states. */
    @Test
    void unsignedTextMakesNoNewStates() {
        Set<String> states = new HashSet<>();
        for (String fraud : new String[] {"x1", "x2", "  Y ", "zzz", "\u00e9"}) {
            states.add(notification("200", "deny", fraud).state());
        }
        states.add(notification("200", " Deny ", "x3").state());
        assertEquals(Set.of("200 deny ?"), states);
        assertEquals("200 settlement accept", notification("200", "settlement", "ACCEPT").state());
        assertEquals("201 capture challenge", notification("201", "capture", "challenge").state());
        assertEquals("202 expire ", notification("202", "expire", null).state());
    }

    private static MidtransTransaction notification(String code, String status, String fraud) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("order_id", "CHG1").put("status_code", code)
                .put("transaction_status", status).put("gross_amount", "10000.00");
        if (fraud != null) {
            body.put("fraud_status", fraud);
        }
        return MidtransTransaction.of(body);
    }
}
