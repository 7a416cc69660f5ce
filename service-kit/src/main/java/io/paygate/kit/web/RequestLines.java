package io.paygate.kit.web;

import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpMethod;

/**
 * The method and target of a request line that has not been decoded (a request refused at its first byte, or given
 * up before its line ended), read from the bytes there are without consuming them, so that its refusal is coded and
 * logged for its path. Anything that does not look like {@code TOKEN SP /target SP} gives {@code GET /}.
 */
final class RequestLines {

    static final Start UNKNOWN = new Start(HttpMethod.GET, "/");
    private static final int MAX_METHOD = 16;
    private static final int MAX_TARGET = 2048;

    private RequestLines() {
    }

    record Start(HttpMethod method, String target) {
    }

    static Start peek(ByteBuf bytes) {
        int at = bytes.readerIndex();
        int end = bytes.writerIndex();
        while (at < end && (bytes.getByte(at) == '\r' || bytes.getByte(at) == '\n')) {
            at++;
        }
        int methodEnd = at;
        while (methodEnd < end && methodEnd - at < MAX_METHOD && isTokenLetter(bytes.getByte(methodEnd))) {
            methodEnd++;
        }
        if (methodEnd == at || methodEnd >= end || bytes.getByte(methodEnd) != ' ') {
            return UNKNOWN;
        }
        int targetStart = methodEnd + 1;
        int targetEnd = targetStart;
        while (targetEnd < end && targetEnd - targetStart < MAX_TARGET && isVisible(bytes.getByte(targetEnd))) {
            targetEnd++;
        }
        if (targetEnd == targetStart || targetEnd >= end || bytes.getByte(targetEnd) != ' '
                || bytes.getByte(targetStart) != '/') {
            return UNKNOWN;
        }
        StringBuilder method = new StringBuilder(methodEnd - at);
        for (int i = at; i < methodEnd; i++) {
            method.append((char) bytes.getByte(i));
        }
        StringBuilder target = new StringBuilder(targetEnd - targetStart);
        for (int i = targetStart; i < targetEnd; i++) {
            target.append((char) bytes.getByte(i));
        }
        return new Start(HttpMethod.valueOf(method.toString()), target.toString());
    }

    private static boolean isTokenLetter(byte b) {
        return b >= 'A' && b <= 'Z';
    }

    private static boolean isVisible(byte b) {
        return b > 0x20 && b < 0x7f;
    }
}
