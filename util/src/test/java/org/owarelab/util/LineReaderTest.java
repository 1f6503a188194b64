package org.owarelab.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Bounded lines: an endless line costs bounded memory, and one bad line is that line's problem. */
class LineReaderTest {
    private static LineReader bytes(String s, int max) {
        return new LineReader(new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8)), max);
    }

    @Test
    void linesEndAtNewlineAndABareCarriageReturnStaysInTheLine() throws IOException {
        for (LineReader r : new LineReader[] {bytes("a\r\nb\rc\n\nlast", 100),
            new LineReader(new StringReader("a\r\nb\rc\n\nlast"), 100)}) {
            assertEquals("a", r.next().text());
            assertEquals("b\rc", r.next().text());
            assertEquals("", r.next().text());
            LineReader.Line last = r.next();
            assertEquals("last", last.text());
            assertEquals(4, last.number());
            assertNull(r.next());
        }
    }

    @Test
    void aLineOverTheLimitIsReportedWithoutItsTextAndTheNextLineIsRead() throws IOException {
        for (LineReader r : new LineReader[] {bytes("12345\n123456789\nok\n", 5),
            new LineReader(new StringReader("12345\n123456789\nok\n"), 5)}) {
            assertEquals("12345", r.next().text());
            LineReader.Line over = r.next();
            assertTrue(over.tooLong());
            assertNull(over.text());
            assertEquals(2, over.number());
            assertEquals("ok", r.next().text());
            assertNull(r.next());
        }
    }

    @Test
    void anEndlessLineReturnsOnceTheLimitIsPassed() throws IOException {
        InputStream zeros = new InputStream() { // /dev/zero: no newline, ever
            @Override
            public int read() {
                return 0;
            }
        };
        LineReader.Line l = new LineReader(zeros, 1000).next();
        assertTrue(l.tooLong());
    }

    @Test
    void aLineOfBadBytesNamesTheFirstBadByte() throws IOException {
        LineReader r = new LineReader(new ByteArrayInputStream(new byte[] {'o', 'k', '\n', 'a', (byte) 0xff, '\n'}), 10);
        assertEquals("ok", r.next().text());
        LineReader.Line bad = r.next();
        assertNull(bad.text());
        assertEquals(2, bad.badByte());
    }
}
