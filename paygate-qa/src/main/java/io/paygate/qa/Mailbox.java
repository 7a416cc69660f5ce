package io.paygate.qa;

import com.fasterxml.jackson.core.type.TypeReference;
import io.paygate.model.json.Json;
import io.restassured.response.Response;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

import static io.restassured.RestAssured.given;

/**
 * The mail a test deployment's SMTP server received (docs/contract.md §8, §11): the link sent to a customer and the
 * receipts of captured link payments, read from the server's reader ({@code paygate.mail-reader-url}; the local stack
 * prints it: {@code http://localhost:8087} at offset 0), {@code GET /messages?to=ADDRESS}, oldest first. A mail
 * follows its cause by moments (it is sent after the transaction that queued it): {@link #await} waits for it.
 *
 * <pre>{@code
 * Mail receipt = paygate.mailbox().await("budi@example.com", Duration.ofSeconds(30),
 *         m -> m.text().contains(orderId));
 * }</pre>
 */
public final class Mailbox {

    /** One mail as the server received it; {@code text} and {@code html} are its decoded parts (null when absent). */
    public record Mail(String from, List<String> to, String subject, String sentAt, String text, String html) {
    }

    private final String readerUrl;

    Mailbox(String readerUrl) {
        this.readerUrl = readerUrl;
    }

    /** Every mail to {@code address}, oldest first. */
    public List<Mail> to(String address) {
        Response response = given().queryParam("to", address).get(readerUrl + "/messages");
        Waits.expect(response, 200, "the mail to " + address);
        return Json.mapper().convertValue(Json.tree(response.asString()), new TypeReference<List<Mail>>() {
        });
    }

    /** Polls until a mail to {@code address} matches {@code wanted}; fails naming what arrived after {@code timeout}. */
    public Mail await(String address, Duration timeout, Predicate<Mail> wanted) {
        List<Mail> seen = Waits.until(timeout, "a mail to " + address, () -> to(address),
                mails -> mails.stream().anyMatch(wanted), mails -> mails.stream().map(Mail::subject).toList());
        return seen.stream().filter(wanted).findFirst().orElseThrow();
    }
}
