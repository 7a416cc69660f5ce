package io.paygate.kit.observability;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** Issue 31: a merchant's string with a line break forged a line of the text log. */
class LogTextTest {

    @Test
    void lineBreaksAndOtherControlCharactersAreEscaped() {
        assertEquals("CUST-1\\r\\n2026-11-21 INFO forged", LogText.of("CUST-1\r\n2026-11-21 INFO forged"));
        assertEquals("a\\tb\\u0000c\\u001bd\\u007fe\\u0085f\\u2028g\\u2029h",
                LogText.of("a\tb\u0000c\u001bd\u007fe\u0085f\u2028g\u2029h"));
    }

    @Test
    void plainTextIsLeftAsItIs() {
        String plain = "CUST-1 Budi Santoso, é ü 中文 \\n";
        assertSame(plain, LogText.of(plain));
        assertNull(LogText.of(null));
    }
}
