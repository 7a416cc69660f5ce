package io.paygate.e2e;

import io.paygate.e2e.DocCommands.Command;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How DocCommandsIT reads the docs' commands and the replies they show, without a stack. */
class DocCommandsTest {

    private static final Path ROOT = Path.of(System.getProperty("paygate.home", "..")).toAbsolutePath().normalize();

    @Test
    void everyCommandTheDocsShowIsRunnableAsPrintedWithoutAPlaceholderAndEveryReplyShownIsReadable() throws Exception {
        List<Command> commands = DocCommands.read(ROOT);

        assertTrue(commands.size() > 30, commands.size() + " commands");
        for (Command command : commands) {
            if (!DocCommands.NOT_RUN.containsKey(command.text())) {
                assertFalse(command.text().contains("…"), command.where() + " has a placeholder: " + command.text());
                assertFalse(command.namesADefaultPort(), command.where() + " names a default port, so it works as"
                        + " printed only on a stack at offset 0: " + command.text());
                command.shapes(); // throws when a reply shown is not readable
            }
        }
        for (String left : DocCommands.NOT_RUN.keySet()) {
            assertTrue(commands.stream().anyMatch(c -> c.text().equals(left)), left);
        }
    }

    @Test
    void aCommandIsItsLinesWithoutTheTrailingCommentAndItsReplyIsTheHashLinesUnderIt() {
        List<Command> commands = DocCommands.parse("doc.md", List.of(
                "text",
                "```",
                "not a command",
                "```",
                "```bash",
                "# a comment before any command",
                "curl -s -w '%{http_code} #1\\n' localhost:8081/x \\",
                "  -d a=1   # prose",
                "# 303",
                "",
                "X=$(deploy/local/pgcurl --field id GET /pg/y)   # \"status\":\"ACTIVE\"",
                "# {\"responseCode\":\"2000000\",",
                "#  \"id\":\"a…\"}   then prose",
                "```"));

        assertEquals(2, commands.size());
        Command first = commands.getFirst();
        assertEquals("doc.md:7", first.where());
        assertEquals("curl -s -w '%{http_code} #1\\n' localhost:8081/x \\\n  -d a=1", first.text());
        assertEquals("prose", first.trailing());
        assertEquals(List.of("303"), first.replyLines());
        assertEquals(1, first.shapes().size());
        assertFalse(first.isRead(), "it posts");
        Command second = commands.get(1);
        assertEquals("\"status\":\"ACTIVE\"", second.trailing());
        assertEquals(2, second.shapes().size());
        assertTrue(second.isRead());
    }

    @Test
    void aSectionOfADocIsItsHeadingUpToTheNextAndKeepsTheDocsLineNumbers() {
        List<String> lines = List.of("# Guide", "## Before", "```bash", "echo before", "```", "## Payment links",
                "```bash", "echo link", "```", "### Deeper", "```bash", "echo deeper", "```", "## After", "```bash",
                "echo after", "```");

        List<Command> commands = DocCommands.parse("guide.md#Payment links",
                DocCommands.section("guide.md", lines, "Payment links"));

        assertEquals(List.of("echo link", "echo deeper"), commands.stream().map(Command::text).toList());
        assertEquals("guide.md#Payment links:8", commands.getFirst().where());
        assertThrows(IllegalArgumentException.class, () -> DocCommands.section("guide.md", lines, "Nowhere"));
    }

    @Test
    void theOffsetMovesOnlyThePortsTheDocsWriteInUrls() {
        assertEquals("curl localhost:18081/a localhost:19000/b localhost:19083 localhost:15432 localhost:80810",
                DocCommands.move("curl localhost:8081/a localhost:9000/b localhost:9083 localhost:15432 localhost:80810",
                        10_000));
        assertEquals("curl http://127.0.0.1:18087/ localhost:18085", DocCommands.move(
                "curl http://127.0.0.1:8087/ localhost:8085", 10_000));
    }

    @Test
    void aJsonReplyMatchesWhenEveryMemberShownIsThereAndNotOtherwise() {
        ReplyShape shape = only(List.of("{\"responseCode\":\"2000000\",…,\"paymentCode\":\"PC…\",",
                " \"expiryLink\":\"2026-11-22 10:15:30\",\"processingTime\":195,\"amount\":150000.00,\"x\":null}"), null);
        String reply = "{\"responseCode\":\"2000000\",\"responseMessage\":\"Success\",\"paymentCode\":\"PCJYJQ4Q\","
                + "\"expiryLink\":\"2026-11-27 04:35:29\",\"processingTime\":1573,\"amount\":150000.0,\"x\":null}";

        assertEquals(Optional.empty(), shape.mismatch(reply, ""));
        assertEquals(Optional.empty(), shape.mismatch("PCJYJQ4Q\n", reply + "\n"), "pgcurl --field: the reply on stderr");
        assertTrue(shape.mismatch(reply.replace("2000000", "4000100"), "").isPresent());
        assertTrue(shape.mismatch(reply.replace("PCJYJQ4Q", "XXJYJQ4Q"), "").isPresent());
        assertTrue(shape.mismatch(reply.replace("150000.0", "150000.01"), "").isPresent());
        assertTrue(shape.mismatch(reply.replace("04:35:29", "04:35:29+07:00"), "").isPresent(), "another zone");
        assertTrue(shape.mismatch(reply.replace(",\"x\":null", ""), "").isPresent(), "a member missing");
        assertTrue(shape.mismatch("not json", "").isPresent());
    }

    @Test
    void membersAloneMatchAtAnyDepthAndArrayElementsMatchAnyElement() {
        ReplyShape shape = only(List.of(), "… \"status\":\"CAPTURED\", \"list\":[{\"id\":\"9783b9f0-…\"}]");

        assertEquals(Optional.empty(), shape.mismatch("{\"result\":{\"payment\":{\"status\":\"CAPTURED\"}},"
                + "\"list\":[{\"id\":\"zzz\"},{\"id\":\"ba5c4933-0f11-47b9\"}]}", ""));
        assertTrue(shape.mismatch("{\"result\":{\"payment\":{\"status\":\"PROCESSING\"}},"
                + "\"list\":[{\"id\":\"ba5c4933-0f11-47b9\"}]}", "").isPresent());
        assertTrue(shape.mismatch("{\"status\":\"CAPTURED\",\"list\":[{\"id\":\"PCba5c4933\"}]}", "").isPresent());
    }

    @Test
    void anHttpStatusAndACsvReplyMatchByTheirOwnRules() {
        ReplyShape status = only(List.of("303 http://localhost:18081/pg/pay/PC…"), null);
        assertEquals(Optional.empty(), status.mismatch("303 http://localhost:18081/pg/pay/PCX1\n", ""));
        assertTrue(status.mismatch("200 \n", "").isPresent());
        assertTrue(status.mismatch("303 http://localhost:8081/pg/pay/PCX1\n", "").isPresent());
        assertNull(ReplyShape.of(List.of("the binding is now ACTIVE"), "prose, 4090800").stream().findFirst()
                .orElse(null));

        ReplyShape csv = only(List.of("time,kind,orderId", "2026-11-21T10:15:30+07:00,PAYMENT_CAPTURED,ORD-1"), null);
        assertEquals(Optional.empty(), csv.mismatch("time,kind,orderId\n2026-11-26T04:35:34.31265+07:00,X,ORD-9\n"
                + "2026-11-26T04:36:00.006792+07:00,PAYMENT_CAPTURED,ORD-1\n", ""));
        assertTrue(csv.mismatch("time,kind,orderId\n2026-11-26T04:35:34Z,PAYMENT_CAPTURED,ORD-1\n", "").isPresent());
        assertTrue(csv.mismatch("time,kind\n", "").isPresent());
    }

    private static ReplyShape only(List<String> lines, String trailing) {
        List<ReplyShape> shapes = ReplyShape.of(lines, trailing);
        assertEquals(1, shapes.size(), shapes.toString());
        return shapes.getFirst();
    }
}
