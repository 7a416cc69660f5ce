package io.paygate.payment.support;

import org.jboss.logmanager.ExtLogRecord;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Everything the service logs (INFO and up) while open, as text: message, exception and its causes. */
public final class LogCapture extends Handler implements AutoCloseable {

    private final List<String> lines = new ArrayList<>();

    private LogCapture() {
    }

    public static LogCapture start() {
        LogCapture capture = new LogCapture();
        Logger.getLogger("").addHandler(capture);
        return capture;
    }

    @Override
    public synchronized void publish(LogRecord record) {
        StringBuilder line = new StringBuilder(record.getLoggerName() + " " + record.getLevel() + " ");
        line.append(record instanceof ExtLogRecord ext ? ext.getFormattedMessage() : record.getMessage());
        for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
            line.append(" | ").append(t);
            for (StackTraceElement e : t.getStackTrace()) {
                line.append(' ').append(e);
            }
        }
        lines.add(line.toString());
    }

    public synchronized String text() {
        return String.join("\n", lines);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        Logger.getLogger("").removeHandler(this);
    }
}
