package io.paygate.local;

import io.paygate.local.LocalStack.Options;
import io.paygate.testsupport.infra.EmbeddedMailServer;
import jakarta.mail.Message;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The local stack's SMTP server (docs/contract.md §8): started by the launcher on 8086 + the offset with its reader on
 * 8087 + the offset, payment-service pointed at it, and what it received readable over HTTP as text and JSON.
 */
class MailServerTest {

    @Test
    void whatTheStacksSmtpServerReceivesIsReadOverHttp() throws Exception {
        try (EmbeddedMailServer mail = LocalStack.startMail(0, 0)) {
            send(mail.port(), "budi@example.com", "Payment request from Demo Store", "Pay here: http://x/pg/link/PL1");
            send(mail.port(), "sari@example.com", "Receipt", "Thank you.");

            HttpClient http = HttpClient.newHttpClient();
            String text = http.send(HttpRequest.newBuilder(URI.create(mail.readerUrl() + "/?to=budi@example.com"))
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            assertTrue(text.startsWith("1 mail to budi@example.com"), text);
            assertTrue(text.contains("Subject: Payment request from Demo Store"), text);
            assertTrue(text.contains("Pay here: http://x/pg/link/PL1"), text);
            assertFalse(text.contains("Receipt"), text);

            HttpResponse<String> json = http.send(HttpRequest.newBuilder(URI.create(mail.readerUrl() + "/messages"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, json.statusCode());
            assertTrue(json.headers().firstValue("Content-Type").orElse("").startsWith("application/json"));
            assertTrue(json.body().contains("\"to\":[\"budi@example.com\"]"), json.body());
            assertTrue(json.body().contains("\"subject\":\"Receipt\""), json.body());
            assertEquals(2, mail.received().size());
        }
    }

    @Test
    void theLauncherPutsTheSmtpServerBesideTheServicesAndPointsPaymentServiceAtIt() {
        Options options = Options.parse(new String[] {"--port-offset", "100"}, java.util.Map.of());
        assertEquals(8186, options.smtpPort());
        assertEquals(8187, options.mailReaderPort());
        assertEquals(0, Options.forTests(Path.of("."), 0, List.of()).smtpPort()); // tests: free ports

        List<ServiceSpec> firsts = ServiceSpec.all(0);
        ServiceConfig config = new ServiceConfig(db -> db, "k", "i", "e", "p", List.of(), ServiceConfig.LOOPBACK,
                List.of(), "t", "x", 8086);
        for (ServiceSpec spec : firsts) {
            List<String> lines = config.lines(spec, firsts);
            boolean payment = spec.name().equals("payment-service");
            assertEquals(payment, lines.contains("quarkus.mailer.host=127.0.0.1"), spec.id());
            assertEquals(payment, lines.contains("quarkus.mailer.port=8086"), spec.id());
        }
        List<Integer> ports = LocalStack.stackPorts(firsts, 15432, List.of(19092), List.of(8086, 8087));
        assertTrue(ports.containsAll(List.of(8086, 8087)), "no callback may name the mail ports: " + ports);
    }

    private static void send(int port, String to, String subject, String text) throws Exception {
        Properties properties = new Properties();
        properties.put("mail.smtp.host", "127.0.0.1");
        properties.put("mail.smtp.port", String.valueOf(port));
        MimeMessage message = new MimeMessage(Session.getInstance(properties));
        message.setFrom(new InternetAddress("no-reply@paygate.local"));
        message.setRecipient(Message.RecipientType.TO, new InternetAddress(to));
        message.setSubject(subject);
        message.setText(text);
        Transport.send(message);
    }
}
