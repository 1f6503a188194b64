package org.owarelab.distributed;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.owarelab.formats.Mappers;

/**
 * The one framing of every message this module puts on the wire: a 4-byte magic naming the
 * message kind, a length-prefixed UTF-8 JSON header (which holds the message's format version),
 * then the kind's binary body. Readers check the magic and the lengths before they trust a byte.
 */
final class Frames {
    static final ObjectMapper JSON = Mappers.json(); // a duplicated key is an error
    /** Largest header accepted (a config and a model card fit in far less). */
    static final int MAX_HEADER = 1 << 20;

    private Frames() {
    }

    /** Writes magic and header; the caller appends the body to the returned stream. */
    static DataOutputStream start(ByteArrayOutputStream bytes, int magic, ObjectNode header) {
        try {
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeInt(magic);
            writeBlock(out, JSON.writeValueAsBytes(header));
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
    }

    static void writeBlock(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
    }

    static byte[] readBlock(DataInputStream in, int max, String what) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max || n > in.available()) {
            throw new IllegalArgumentException(what + ": length " + n + " out of range (truncated or not a message)");
        }
        byte[] b = new byte[n];
        in.readFully(b);
        return b;
    }

    /** Opens a message of kind {@code magic}; {@code header[0]} receives the parsed header. */
    static DataInputStream open(byte[] message, int magic, String what, JsonNode[] header) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(message));
            if (message.length < 8 || in.readInt() != magic) {
                throw new IllegalArgumentException(what + ": not a message of this kind (wrong magic)");
            }
            header[0] = JSON.readTree(readBlock(in, MAX_HEADER, what + " header"));
            if (!header[0].isObject()) {
                throw new IllegalArgumentException(what + ": header is not a JSON object");
            }
            return in;
        } catch (IOException e) {
            throw new IllegalArgumentException(what + ": unreadable (" + e.getMessage() + ")", e);
        }
    }

    /** A required text field of a header. */
    static String text(JsonNode h, String field, String what) {
        JsonNode n = h.get(field);
        if (n == null || !n.isTextual()) {
            throw new IllegalArgumentException(what + ": header field '" + field + "' missing or not text");
        }
        return n.asText();
    }

    /** A required integer field of a header. */
    static long number(JsonNode h, String field, String what) {
        JsonNode n = h.get(field);
        if (n == null || !n.canConvertToLong()) {
            throw new IllegalArgumentException(what + ": header field '" + field + "' missing or not an integer");
        }
        return n.asLong();
    }
}
