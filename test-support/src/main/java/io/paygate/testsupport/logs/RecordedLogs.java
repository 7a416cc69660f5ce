package io.paygate.testsupport.logs;

import org.jboss.logmanager.ExtLogRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Every log record of the service under test (INFO and up) while open, with its MDC as it was when the line was
 * written: for tests of what a line carries (request id, merchant), not only what it says.
 */
public final class RecordedLogs extends Handler implements AutoCloseable {

    /** One line: logger, level, formatted message (with its exception's messages) and MDC. */
    public record Line(String logger, Level level, String message, Map<String, String> mdc, String thread) {

        public String mdc(String key) {
            return mdc.get(key);
        }

        @Override
        public String toString() {
            return level + " [" + logger + "] (" + thread + ") " + mdc + " " + message;
        }
    }

    private final List<Line> lines = new ArrayList<>();

    private RecordedLogs() {
    }

    public static RecordedLogs start() {
        RecordedLogs logs = new RecordedLogs();
        Logger.getLogger("").addHandler(logs);
        return logs;
    }

    @Override
    public void publish(LogRecord record) {
        if (record.getLevel().intValue() < Level.INFO.intValue()) {
            return;
        }
        String message;
        Map<String, String> mdc;
        if (record instanceof ExtLogRecord ext) {
            message = ext.getFormattedMessage();
            ext.copyMdc();
            mdc = Map.copyOf(ext.getMdcCopy());
        } else {
            message = record.getMessage();
            mdc = Map.of();
        }
        StringBuilder text = new StringBuilder(String.valueOf(message));
        for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
            text.append(" | ").append(t);
        }
        Line line = new Line(record.getLoggerName(), record.getLevel(), text.toString(), mdc,
                Thread.currentThread().getName());
        synchronized (this) {
            lines.add(line);
        }
    }

    public synchronized List<Line> lines() {
        return List.copyOf(lines);
    }

    public List<Line> lines(Predicate<Line> which) {
        return lines().stream().filter(which).toList();
    }

    /** The lines whose MDC carries {@code requestId}. */
    public List<Line> ofRequest(String requestId) {
        return lines(line -> requestId.equals(line.mdc("requestId")));
    }

    /** Every line, as text, MDC included: to check what must never appear. */
    public String text() {
        StringBuilder all = new StringBuilder();
        lines().forEach(line -> all.append(line).append('\n'));
        return all.toString();
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        Logger.getLogger("").removeHandler(this);
    }
}
