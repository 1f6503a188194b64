package org.owarelab.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

class TextsTest {
    @Test
    void controlCharactersBecomeVisibleEscapes() {
        assertEquals("a\\x00b\\x1b[0m\\n\\r\\t\\x7f\\u2028", Texts.escape("a\u0000b\u001b[0m\n\r\t\u007f\u2028"));
        String plain = "plain text, é and \\ kept";
        assertSame(plain, Texts.escape(plain), "nothing to escape: the same string");
        assertEquals("null", Texts.escape(null));
    }

    @Test
    void jsonProblemsLoseTheParsersSourceAnnotations() {
        assertEquals("Unexpected end-of-input: expected close marker for Object", Texts.jsonProblem("Unexpected "
                + "end-of-input: expected close marker for Object (start marker at [Source: REDACTED "
                + "(`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 1])\n at [Source: REDACTED "
                + "(`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 12]"));
        assertEquals("Unrecognized token 'x'", Texts.jsonProblem("Unrecognized token 'x'\n at [Source: (String)\"x\"; line: 1]"));
    }

    @Test
    void reasonsNameNoJavaClass() {
        assertEquals("boom", Texts.reason(new IllegalStateException("boom")));
        assertEquals("line one line two", Texts.reason(new IllegalArgumentException("line one\nline two")));
        assertEquals("I/O error: disk full", Texts.reason(new UncheckedIOException(new IOException("disk full"))));
        assertEquals("could not load a part of the program: no torch", Texts.reason(new UnsatisfiedLinkError("no torch")));
        assertEquals("out of memory", Texts.reason(new OutOfMemoryError()));
        assertEquals("deep", Texts.reason(new RuntimeException(null, new IllegalStateException("deep"))));
        assertEquals("internal error with no message (a bug: please report it)", Texts.reason(new NullPointerException()));
    }
}
