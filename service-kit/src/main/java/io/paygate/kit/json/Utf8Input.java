package io.paygate.kit.json;

import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.io.InputDecorator;
import io.paygate.kit.json.IJsonInput.InvalidUtf8;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;

/**
 * Refuses JSON bytes that are not well-formed UTF-8 (docs/contract.md §0, RFC 7493 §2.1), as Jackson reads them: no second
 * pass over the body. Jackson refuses some ill-formed UTF-8 itself (UTF-8-encoded surrogates {@code ED A0 80},
 * truncated sequences, {@code F8..FF}) but decodes overlong forms ({@code C0 AF} is {@code /}, {@code E0 80 AF}
 * too) and sequences past U+10FFFF ({@code F4 90 80 80}, {@code F5..F7}); this check follows the Unicode table of
 * well-formed byte sequences (Table 3-7) exactly, as the JDK's strict decoder does. A NUL byte is refused as well: it
 * is never part of JSON text in UTF-8, and refusing it also keeps out UTF-16 and UTF-32 bodies, which Jackson would
 * otherwise detect and read.
 */
final class Utf8Input extends InputDecorator {

    private static final long serialVersionUID = 1L;

    @Override
    public InputStream decorate(IOContext context, InputStream in) {
        return new Checked(in);
    }

    /** Bytes at hand are checked at once; Jackson then reads them as they are (no copy). */
    @Override
    public InputStream decorate(IOContext context, byte[] src, int offset, int length) throws IOException {
        Validator validator = new Validator();
        validator.accept(src, offset, length);
        validator.end();
        return null;
    }

    /** Text that is already characters has no bytes to check. */
    @Override
    public Reader decorate(IOContext context, Reader reader) {
        return reader;
    }

    /** The UTF-8 automaton: state carries over between chunks, so a sequence may be split anywhere. */
    static final class Validator {
        /** Continuation bytes still expected in the current sequence. */
        private int pending;
        /** Bounds of the next continuation byte (narrower after E0, ED, F0, F4: Table 3-7). */
        private int low = 0x80;
        private int high = 0xBF;

        void accept(byte[] bytes, int offset, int length) throws InvalidUtf8 {
            for (int i = offset, end = offset + length; i < end; i++) {
                int b = bytes[i];
                if (b > 0 && pending == 0) {
                    continue;
                }
                accept(b & 0xFF);
            }
        }

        void accept(int b) throws InvalidUtf8 {
            if (pending > 0) {
                if (b < low || b > high) {
                    throw new InvalidUtf8();
                }
                pending--;
                low = 0x80;
                high = 0xBF;
            } else if (b >= 0x01 && b <= 0x7F) {
                return;
            } else if (b >= 0xC2 && b <= 0xDF) {
                pending = 1;
            } else if (b >= 0xE0 && b <= 0xEF) {
                pending = 2;
                low = b == 0xE0 ? 0xA0 : 0x80;
                high = b == 0xED ? 0x9F : 0xBF;
            } else if (b >= 0xF0 && b <= 0xF4) {
                pending = 3;
                low = b == 0xF0 ? 0x90 : 0x80;
                high = b == 0xF4 ? 0x8F : 0xBF;
            } else {
                throw new InvalidUtf8();
            }
        }

        void end() throws InvalidUtf8 {
            if (pending != 0) {
                throw new InvalidUtf8();
            }
        }
    }

    private static final class Checked extends FilterInputStream {
        private final Validator validator = new Validator();

        Checked(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b < 0) {
                validator.end();
            } else {
                validator.accept(b);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n < 0) {
                validator.end();
            } else {
                validator.accept(buffer, offset, n);
            }
            return n;
        }

        /** Skipped bytes are read, so that none escapes the check. */
        @Override
        public long skip(long n) throws IOException {
            byte[] buffer = new byte[(int) Math.min(Math.max(n, 0), 8192)];
            int read = read(buffer, 0, buffer.length);
            return Math.max(read, 0);
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }
}
