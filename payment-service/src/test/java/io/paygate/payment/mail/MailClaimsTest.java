package io.paygate.payment.mail;

import io.agroal.api.AgroalDataSource;
import io.paygate.payment.support.AllAtOnce;
import io.paygate.payment.support.Db;
import io.paygate.payment.support.PaymentApi;
import io.paygate.payment.support.PaymentTestResources;
import io.paygate.payment.support.Requests;
import io.paygate.testsupport.SandboxMerchants;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduler;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Callable;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The senders' claims (docs/contract.md §11, sent at most once at any number of replicas): senders claiming at the
 * same moment never hold the same mail, and every due mail is claimed by one of them.
 */
@QuarkusTest
@PaymentTestResources
class MailClaimsTest {

    private static final int MAILS = 40;
    private static final int SENDERS = 6;

    @Inject
    MailOutbox outbox;

    @Inject
    Scheduler scheduler;

    @Inject
    AgroalDataSource dataSource;

    @Test
    void sendersClaimingAtOnceNeverHoldTheSameMail() throws Exception {
        String linkId = "LNK-" + UUID.randomUUID().toString().substring(0, 18);
        PaymentApi.as(SandboxMerchants.DEMO).body("""
                {"link":{"id":"%s","description":"Claims","amount":"1000.00"},"url":{"callbackUrl":"%s"}}"""
                .formatted(linkId, Requests.CALLBACK_URL)).post("/pg/payment-links").then().statusCode(200);
        Db db = new Db(dataSource);
        UUID link = UUID.fromString(db.value("SELECT id::text FROM payment_link WHERE link_id = ?", linkId));
        scheduler.pause("mail-sender"); // these senders alone
        try {
            QuarkusTransaction.requiringNew().run(() -> {
                for (int i = 0; i < MAILS; i++) {
                    outbox.enqueue(new OutgoingMail(OutgoingMail.Kind.RECEIPT, link, "PC-CLAIM-" + i, "demo",
                            "claim" + i + "@example.com", "en", "s", "t", "<p>h</p>"), Instant.now().minusSeconds(1));
                }
            });
            List<Callable<List<UUID>>> senders = new ArrayList<>();
            for (int i = 0; i < SENDERS; i++) {
                senders.add(() -> {
                    List<UUID> mine = new ArrayList<>();
                    List<MailOutbox.Claimed> claimed;
                    do {
                        Instant now = Instant.now();
                        claimed = outbox.claim(now, now.plus(Duration.ofMinutes(2)), 1);
                        claimed.forEach(c -> mine.add(c.id()));
                    } while (!claimed.isEmpty());
                    return mine;
                });
            }
            List<UUID> all = AllAtOnce.run(senders).stream().flatMap(List::stream).toList();

            Set<UUID> distinct = new HashSet<>(all);
            assertEquals(all.size(), distinct.size(), "a mail claimed by two senders");
            assertEquals(MAILS, distinct.size());
            assertEquals(MAILS, db.count("SELECT count(*) FROM mail_outbox WHERE link = ? AND state = 'SENDING'"
                    + " AND attempts = 1", link));
        } finally {
            db.update("DELETE FROM mail_outbox WHERE link = ?", link);
            scheduler.resume("mail-sender");
        }
    }
}
