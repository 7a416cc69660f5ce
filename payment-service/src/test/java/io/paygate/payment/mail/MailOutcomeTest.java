package io.paygate.payment.mail;

import io.vertx.ext.mail.SMTPException;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a failed send means (docs/contract.md §11: at most once sent): only a refused connection, a name that does not
 * resolve or a 4xx reply are certainly not sent and retried; a 5xx reply is refused for good; anything else may have
 * been taken by the server and is never sent again by itself.
 */
class MailOutcomeTest {

    @Test
    void aServerThatIsAwayOrAnswers4xxDidNotTakeTheMail() {
        assertEquals(MailSender.Outcome.NOT_SENT,
                MailSender.outcomeOf(new CompletionException(new ConnectException("Connection refused"))));
        assertEquals(MailSender.Outcome.NOT_SENT, MailSender.outcomeOf(new RuntimeException(
                new UnknownHostException("smtp.example.com"))));
        assertEquals(MailSender.Outcome.NOT_SENT, MailSender.outcomeOf(new CompletionException(
                new SMTPException("sending data failed", 451, List.of("451 4.3.0 try again later"), false))));
    }

    @Test
    void a5xxReplyRefusedTheMailForGood() {
        assertEquals(MailSender.Outcome.REFUSED, MailSender.outcomeOf(new CompletionException(
                new SMTPException("recipient rejected", 550, List.of("550 5.1.1 no such user"), false))));
    }

    @Test
    void aTimeoutOrALostConnectionLeavesTheOutcomeUnknown() {
        assertEquals(MailSender.Outcome.UNKNOWN, MailSender.outcomeOf(new CompletionException(
                new TimeoutException())));
        assertEquals(MailSender.Outcome.UNKNOWN, MailSender.outcomeOf(new IllegalStateException(
                "Connection was closed")));
    }
}
