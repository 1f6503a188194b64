package org.owarelab.util;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The one line reader for input the lab does not control (protocol streams, record files named on
 * the command line): lines of at most a given length, so that an endless line ({@code /dev/zero}, a
 * client that never sends a newline) costs bounded memory instead of all of it.
 *
 * <p>Lines end at {@code \n}; a {@code \r} just before it is dropped, a bare {@code \r} is part of
 * the line (it does not split it). Over a byte stream each line is decoded as UTF-8 on its own, so
 * that one line of bad bytes is that line's problem and not the whole file's
 * ({@code Files.newBufferedReader} fails the whole read at the first bad byte;
 * {@code InputStreamReader} silently replaces it). A line longer than the limit is returned as
 * {@link Line#tooLong()} as soon as the limit is passed, without its text; the next call skips the
 * rest of it. Not thread-safe.
 */
public final class LineReader {
    /** The default limit: 1 MiB, far above any request, command or record line the lab writes. */
    public static final int DEFAULT_MAX = 1 << 20;

    /**
     * One line: its 1-based number and text; or a null text and either the 1-based offset of the
     * first byte that is not valid UTF-8, or {@code tooLong}.
     */
    public record Line(int number, String text, int badByte, boolean tooLong) {
    }

    private final InputStream bytes;
    private final Reader chars;
    private final int max;
    private final ByteArrayOutputStream byteBuffer = new ByteArrayOutputStream(256);
    private final StringBuilder charBuffer = new StringBuilder();
    private int number;
    /** Whether the rest of a too-long line is still to be skipped. */
    private boolean skipping;

    /** Lines of UTF-8 bytes, each at most {@code maxBytes} long (not counting the end of line). */
    public LineReader(InputStream in, int maxBytes) {
        this(new BufferedInputStream(in), null, maxBytes);
    }

    /** Lines of characters, each at most {@code maxChars} long (not counting the end of line). */
    public LineReader(Reader in, int maxChars) {
        this(null, in, maxChars);
    }

    private LineReader(InputStream bytes, Reader chars, int max) {
        if (max < 1) {
            throw new IllegalArgumentException("line limit " + max + ": expected >= 1");
        }
        this.bytes = bytes;
        this.chars = chars;
        this.max = max;
    }

    /** The limit on a line's length (bytes or characters). */
    public int max() {
        return max;
    }

    private int read() throws IOException {
        return bytes != null ? bytes.read() : chars.read();
    }

    /** The next line, or null at the end of the input. */
    public Line next() throws IOException {
        int c;
        if (skipping) {
            do {
                c = read();
            } while (c >= 0 && c != '\n');
            skipping = false;
            if (c < 0) {
                return null;
            }
        }
        byteBuffer.reset();
        charBuffer.setLength(0);
        int length = 0;
        while ((c = read()) >= 0 && c != '\n') {
            if (length == max) {
                number++;
                skipping = true;
                return new Line(number, null, 0, true);
            }
            if (bytes != null) {
                byteBuffer.write(c);
            } else {
                charBuffer.append((char) c);
            }
            length++;
        }
        if (c < 0 && length == 0) {
            return null;
        }
        number++;
        if (bytes == null) {
            int n = charBuffer.length();
            return new Line(number, charBuffer.substring(0, n > 0 && charBuffer.charAt(n - 1) == '\r' ? n - 1 : n), 0,
                    false);
        }
        byte[] b = byteBuffer.toByteArray();
        int n = b.length > 0 && b[b.length - 1] == '\r' ? b.length - 1 : b.length;
        try {
            return new Line(number, decoder().decode(ByteBuffer.wrap(b, 0, n)).toString(), 0, false);
        } catch (CharacterCodingException e) {
            return new Line(number, null, firstBadByte(b, n) + 1, false);
        }
    }

    private static CharsetDecoder decoder() {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /** The offset of the first byte that does not decode. */
    private static int firstBadByte(byte[] bytes, int length) {
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        CoderResult r = decoder().decode(in, CharBuffer.allocate(length + 1), true);
        return r.isError() ? in.position() : length;
    }
}
