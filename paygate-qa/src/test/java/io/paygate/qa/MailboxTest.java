package io.paygate.qa;

import io.paygate.qa.StandIn.Reply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The kit's mailbox against a stand-in of the local stack's mail reader ({@code GET /messages?to=}). */
@ExtendWith(WithoutEnvironment.class)
class MailboxTest {

    StandIn reader;
    final AtomicInteger reads = new AtomicInteger();

    @BeforeEach
    void start() throws IOException {
        reader = new StandIn(request -> {
            if (!request.target().startsWith("/messages?to=budi%40example.com")) {
                return new Reply(404, "{}");
            }
            String receipt = reads.incrementAndGet() < 3 ? "" : ",{\"from\":\"paygate <no-reply@paygate.local>\","
                    + "\"to\":[\"budi@example.com\"],\"subject\":\"Receipt POSTER-1-1\",\"sentAt\":"
                    + "\"2026-11-29T03:00:00Z\",\"text\":\"Paid 150000.00 for POSTER-1-1\",\"html\":null}";
            return Reply.ok("[{\"from\":\"paygate <no-reply@paygate.local>\",\"to\":[\"budi@example.com\"],"
                    + "\"subject\":\"Your payment link\",\"sentAt\":\"2026-11-29T02:59:00Z\",\"text\":\"Pay here\","
                    + "\"html\":\"<p>Pay here</p>\"}" + receipt + "]");
        });
        System.setProperty("paygate.mail-reader-url", reader.url() + "/");
    }

    @AfterEach
    void stop() {
        System.clearProperty("paygate.mail-reader-url");
        reader.close();
    }

    @Test
    void theMailToAnAddressIsReadOldestFirstAndAwaitedUntilTheOneWantedArrives() {
        Paygate paygate = Paygate.of(PaygateTarget.of("http://127.0.0.1:9", "qa", "s",
                MerchantSelfServiceTest.NOTIFICATION_SECRET));

        List<Mailbox.Mail> first = paygate.mailbox().to("budi@example.com");
        assertEquals(List.of("Your payment link"), first.stream().map(Mailbox.Mail::subject).toList());
        assertEquals("<p>Pay here</p>", first.getFirst().html());

        Mailbox.Mail receipt = paygate.mailbox().await("budi@example.com", Duration.ofSeconds(10),
                m -> m.text().contains("POSTER-1-1"));
        assertEquals("Receipt POSTER-1-1", receipt.subject());
        assertEquals(List.of("budi@example.com"), receipt.to());
        assertEquals(3, reads.get());
    }

    @Test
    void withoutTheReadersAddressTheKitSaysWhichSettingIsMissing() {
        System.clearProperty("paygate.mail-reader-url");
        Paygate paygate = Paygate.of(PaygateTarget.of("http://127.0.0.1:9", "qa", "s",
                MerchantSelfServiceTest.NOTIFICATION_SECRET));
        IllegalStateException missing = assertThrows(IllegalStateException.class, paygate::mailbox);
        assertTrue(missing.getMessage().contains("paygate.mail-reader-url"), missing.getMessage());
        assertTrue(missing.getMessage().contains("PAYGATE_MAIL_READER_URL"), missing.getMessage());
    }
}
