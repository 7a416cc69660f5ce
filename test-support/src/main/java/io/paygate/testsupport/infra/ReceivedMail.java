package io.paygate.testsupport.infra;

import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Multipart;
import jakarta.mail.Part;
import jakarta.mail.internet.MimeMessage;

import java.io.IOException;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * One mail as {@link EmbeddedMailServer} received it: its sender, recipients, subject and date, and its plain-text
 * and HTML bodies (null when it has no such part), decoded.
 */
public record ReceivedMail(String from, List<String> to, String subject, Instant sentAt, String text, String html) {

    static ReceivedMail of(MimeMessage message) throws MessagingException, IOException {
        Bodies bodies = new Bodies();
        bodies.collect(message);
        Address[] from = message.getFrom();
        Address[] to = message.getRecipients(Message.RecipientType.TO);
        return new ReceivedMail(from == null || from.length == 0 ? null : from[0].toString(),
                to == null ? List.of() : Arrays.stream(to).map(Address::toString).toList(), message.getSubject(),
                message.getSentDate() == null ? null : message.getSentDate().toInstant(), bodies.text, bodies.html);
    }

    private static final class Bodies {
        String text;
        String html;

        void collect(Part part) throws MessagingException, IOException {
            if (part.isMimeType("multipart/*")) {
                Multipart parts = (Multipart) part.getContent();
                for (int i = 0; i < parts.getCount(); i++) {
                    collect(parts.getBodyPart(i));
                }
            } else if (part.isMimeType("text/plain") && text == null) {
                text = normalized(part.getContent());
            } else if (part.isMimeType("text/html") && html == null) {
                html = normalized(part.getContent());
            }
        }

        private static String normalized(Object content) {
            return content.toString().replace("\r\n", "\n");
        }
    }
}
