package io.paygate.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The commands of the docs' fenced {@code bash} blocks, in the order a reader runs them, each with the reply the doc
 * shows for it. A command is a line (and the lines its trailing {@code \} continues it on); its trailing comment and
 * the {@code #} lines under it show its reply ({@link ReplyShape}) or are prose. Output blocks ({@code ```} without a
 * language) and the synopsis of a tool are not commands.
 */
final class DocCommands {

    /**
     * The docs whose every command runs as printed, in reading order (the longer tour goes on from the README's); a
     * {@code #heading} after a doc's path takes only that section of it (its {@code ## } heading up to the next one).
     */
    static final List<String> DOCS = List.of("README.md", "deploy/local/README.md",
            "docs/merchant-guide.md#Payment links");

    /**
     * The commands left out, each with the reason: they start or build what the test runs on, or need an account of
     * the reader's own. Each must still be in the docs.
     */
    static final Map<String, String> NOT_RUN = Map.of(
            "deploy/local/run", "starts a stack: the test runs on the e2e stack, started as it starts one",
            "./mvnw verify", "the build the test is part of",
            "MIDTRANS_SERVER_KEY=SB-Mid-server-… MIDTRANS_CLIENT_KEY=SB-Mid-client-… deploy/local/run --midtrans-merchant demo",
            "needs a Midtrans sandbox account (MidtransCardBrowserIT runs the flow against the simulator)");

    /** The ports the docs write in URLs: the services, their management ports, the mail's and the merchant's. */
    private static final Pattern DOC_PORT = Pattern.compile("(localhost|127\\.0\\.0\\.1):(808[1-7]|908[1-5]|9000)\\b");

    private DocCommands() {
    }

    /**
     * One command: where it is ({@code file:line}), its text without its trailing comment, the {@code #} lines under
     * it and its trailing comment (null without one).
     */
    record Command(String where, String text, List<String> replyLines, String trailing) {

        List<ReplyShape> shapes() {
            return ReplyShape.of(replyLines, trailing);
        }

        /** A read the reader may repeat until the reply has its shape: a GET, by pgcurl or a curl that sends nothing. */
        boolean isRead() {
            String command = text.replaceFirst("^\\w+=\\$\\(", "")
                    .replaceFirst("^deploy/local/pgcurl --field \\w+ ", "deploy/local/pgcurl ");
            return command.startsWith("deploy/local/pgcurl GET ")
                    || command.startsWith("curl ") && !command.matches("(?s).*\\s(-d|-F|-X|--data\\S*)\\s.*");
        }

        /**
         * This command with the replies its doc shows as they look on a stack at {@code portOffset} (every port written
         * in a URL moved by it); the command itself is run as printed.
         */
        Command repliesAt(int portOffset) {
            return new Command(where, text, replyLines.stream().map(l -> move(l, portOffset)).toList(),
                    trailing == null ? null : move(trailing, portOffset));
        }

        /** Whether the command itself names a default port (it would reach the default stack, not the reader's). */
        boolean namesADefaultPort() {
            return DOC_PORT.matcher(text).find();
        }
    }

    /** Adds {@code portOffset} to every port the docs write in a URL ({@code localhost:8081} …). */
    static String move(String text, int portOffset) {
        Matcher port = DOC_PORT.matcher(text);
        StringBuilder out = new StringBuilder();
        while (port.find()) {
            port.appendReplacement(out, port.group(1) + ":" + (Integer.parseInt(port.group(2)) + portOffset));
        }
        return port.appendTail(out).toString();
    }

    /** Every command of the docs under {@code root}, in order. */
    static List<Command> read(Path root) throws IOException {
        List<Command> commands = new ArrayList<>();
        for (String doc : DOCS) {
            int hash = doc.indexOf('#');
            List<String> lines = Files.readAllLines(root.resolve(hash < 0 ? doc : doc.substring(0, hash)));
            commands.addAll(parse(doc, hash < 0 ? lines : section(doc, lines, doc.substring(hash + 1))));
        }
        return commands;
    }

    /**
     * The lines of section {@code heading} ({@code ## heading} up to the next {@code ## }), the lines before it blank so
     * that a command's {@code file:line} stays the doc's own line.
     */
    static List<String> section(String doc, List<String> lines, String heading) {
        int start = lines.indexOf("## " + heading);
        if (start < 0) {
            throw new IllegalArgumentException(doc + ": no section \"## " + heading + "\"");
        }
        int end = start + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        List<String> kept = new ArrayList<>(java.util.Collections.nCopies(start, ""));
        kept.addAll(lines.subList(start, end));
        return kept;
    }

    /** The commands of one doc's {@code bash} blocks. */
    static List<Command> parse(String doc, List<String> lines) {
        List<Command> commands = new ArrayList<>();
        boolean inBash = false;
        boolean continued = false;
        StringBuilder text = null;
        List<String> reply = new ArrayList<>();
        String trailing = null;
        int start = 0;
        for (int i = 0; i <= lines.size(); i++) {
            String line = i < lines.size() ? lines.get(i) : null;
            if (!inBash) {
                inBash = line != null && line.strip().equals("```bash");
                continue;
            }
            if (line != null && continued) {
                String[] split = splitComment(line);
                text.append('\n').append(split[0].stripTrailing());
                trailing = split[1];
                continued = split[0].stripTrailing().endsWith("\\");
                continue;
            }
            if (line == null || line.strip().equals("```") || !line.isBlank() && !line.strip().startsWith("#")) {
                if (text != null) {
                    commands.add(new Command(doc + ":" + start, text.toString(), List.copyOf(reply), trailing));
                    text = null;
                }
                if (line == null) {
                    throw new IllegalArgumentException(doc + ": a bash block is never closed");
                }
                if (line.strip().equals("```")) {
                    inBash = false;
                    continue;
                }
                String[] split = splitComment(line);
                text = new StringBuilder(split[0].stripTrailing());
                reply = new ArrayList<>();
                trailing = split[1];
                start = i + 1;
                continued = split[0].stripTrailing().endsWith("\\");
            } else if (line.strip().startsWith("#") && text != null) {
                reply.add(line.strip().substring(1).replaceFirst("^ ", ""));
            }
        }
        return commands;
    }

    /** The line's code and its trailing comment (null without one): a {@code #} after a blank, outside quotes. */
    static String[] splitComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"') {
                    i++;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '\\') {
                i++;
            } else if (c == '#' && (i == 0 || Character.isWhitespace(line.charAt(i - 1)))) {
                return new String[]{line.substring(0, i), line.substring(i + 1).strip()};
            }
        }
        return new String[]{line, null};
    }
}
