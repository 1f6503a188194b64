package org.owarelab.protocol.jsonl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import org.owarelab.util.LineReader;
import org.owarelab.util.Texts;

/**
 * The transport both JSON-lines protocols share ({@link AgentProtocol} for an agent's moves,
 * {@link EnvProtocol} for the environment): one JSON object per input line, one JSON object per
 * reply line, in order. Every line gets exactly one reply: a line that cannot be answered (blank,
 * not UTF-8, over {@link LineReader#DEFAULT_MAX} bytes, not a JSON object, a duplicated key or
 * text after the object, or refused by the protocol) gets {@code {"error": "..."}}, with the
 * request's {@code id} when it was readable, and the process goes on. Lines end at {@code \n}
 * ({@code \r\n} too); a bare {@code \r} does not end a line.
 */
public final class JsonLines {
    /** One protocol over this transport. Not thread-safe: one reader. */
    public interface Protocol extends AutoCloseable {
        /**
         * The reply to one request: a JSON object. Throws (any {@link RuntimeException}) for a
         * request it cannot answer; the message becomes the {@code error} reply.
         */
        ObjectNode answer(JsonNode request);

        /** Releases what the protocol built (agents). */
        @Override
        void close();
    }

    static final ObjectMapper JSON = StrictJson.MAPPER;

    private JsonLines() {
    }

    /**
     * Serves {@code protocol} on this process's stdin and stdout until the end of the input, after
     * pointing {@code System.out} at stderr so that stray prints of any library cannot corrupt the
     * replies; closes the protocol at the end.
     *
     * @return the exit status (0)
     */
    public static int serve(Protocol protocol) throws IOException {
        System.setOut(System.err);
        PrintWriter out = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8), false);
        return run(protocol, new LineReader(System.in, LineReader.DEFAULT_MAX), out);
    }

    /** As {@link #run(Protocol, LineReader, PrintWriter)} over characters (for tests and embedding). */
    public static int run(Protocol protocol, Reader in, PrintWriter out) throws IOException {
        return run(protocol, new LineReader(in, LineReader.DEFAULT_MAX), out);
    }

    /** Answers every line of {@code in} until its end, then closes the protocol; returns the exit status (0). */
    public static int run(Protocol protocol, LineReader in, PrintWriter out) throws IOException {
        try (protocol) {
            for (LineReader.Line line = in.next(); line != null; line = in.next()) {
                String reply;
                if (line.tooLong()) {
                    reply = error("line " + line.number() + " is over " + in.max() + " bytes (expected one JSON object "
                            + "per line)");
                } else if (line.text() == null) {
                    reply = error("line " + line.number() + " is not UTF-8 (byte " + line.badByte() + ")");
                } else {
                    reply = answer(protocol, line.text());
                }
                out.println(reply);
                out.flush();
            }
            return 0;
        }
    }

    /** The reply line to one request line; never throws. */
    public static String answer(Protocol protocol, String line) {
        JsonNode id = null;
        ObjectNode reply;
        try {
            JsonNode req = request(line);
            id = req.get("id");
            reply = protocol.answer(req);
        } catch (RuntimeException e) {
            reply = JSON.createObjectNode().put("error", Texts.reason(e));
        }
        if (id == null) {
            return reply.toString();
        }
        ObjectNode withId = JSON.createObjectNode();
        withId.set("id", id);
        withId.setAll(reply);
        return withId.toString();
    }

    private static String error(String message) {
        return JSON.createObjectNode().put("error", message).toString();
    }

    /** One line as a JSON object, strictly ({@link StrictJson}). */
    private static JsonNode request(String line) {
        if (line.isBlank()) {
            throw new IllegalArgumentException("a blank line (expected a JSON object per line)");
        }
        JsonNode req;
        try {
            req = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a JSON object: " + Texts.jsonProblem(e.getOriginalMessage()));
        }
        if (req == null || !req.isObject()) {
            throw new IllegalArgumentException("expected a JSON object per line");
        }
        return req;
    }

    /** A string field (present). */
    static String text(JsonNode req, String field) {
        JsonNode n = req.get(field);
        if (!n.isTextual()) {
            throw new IllegalArgumentException("'" + field + "' must be a string, got " + Texts.escape(n.toString()));
        }
        return n.asText();
    }

    /** A whole-number field in 0..max, 0 when absent. */
    static long number(JsonNode req, String field, long max) {
        JsonNode n = req.get(field);
        if (n == null) {
            return 0;
        }
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0 || n.asLong() > max) {
            throw new IllegalArgumentException("'" + field + "' must be a whole number 0.." + max + ", got "
                    + Texts.escape(n.toString()));
        }
        return n.asLong();
    }
}
