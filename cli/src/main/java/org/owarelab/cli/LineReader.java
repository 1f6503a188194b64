package org.owarelab.cli;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Reads a stream line by line and decodes each line as UTF-8 on its own, so that one line of bad
 * bytes is that line's problem and not the whole file's ({@code Files.newBufferedReader} fails the
 * whole read at the first bad byte; {@code InputStreamReader} silently replaces it). Lines end at
 * {@code \n}; a {@code \r} before it is dropped. Not thread-safe.
 */
final class LineReader {
    /**
     * One line: its 1-based number and text, or a null text and the 1-based offset of the first byte
     * that is not valid UTF-8.
     */
    record Line(int number, String text, int badByte) {
    }

    private final InputStream in;
    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(256);
    private int number;

    LineReader(InputStream in) {
        this.in = new BufferedInputStream(in);
    }

    /** The next line, or null at the end of the stream. */
    Line next() throws IOException {
        buffer.reset();
        int b;
        while ((b = in.read()) >= 0 && b != '\n') {
            buffer.write(b);
        }
        if (b < 0 && buffer.size() == 0) {
            return null;
        }
        byte[] bytes = buffer.toByteArray();
        int length = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
        number++;
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return new Line(number, decoder.decode(ByteBuffer.wrap(bytes, 0, length)).toString(), 0);
        } catch (CharacterCodingException e) {
            return new Line(number, null, firstBadByte(bytes, length) + 1);
        }
    }

    /** The offset of the first byte that does not decode, found by decoding ever longer prefixes' ends. */
    private static int firstBadByte(byte[] bytes, int length) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, length);
        java.nio.CharBuffer out = java.nio.CharBuffer.allocate(length + 1);
        java.nio.charset.CoderResult r = decoder.decode(in, out, true);
        return r.isError() ? in.position() : length;
    }
}
