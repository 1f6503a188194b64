package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.owarelab.util.Inputs;

/**
 * {@code oware replay --batch -} fed hostile lines (garbage JSON, wrong types, bad positions and
 * moves, raw bytes that are not UTF-8): exit 0, exactly one output object per non-blank line, in
 * order, each with its plies or a one-line error naming its line.
 */
class ReplayBatchPropertyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Provide
    Arbitrary<byte[]> line() {
        Arbitrary<String> position = Arbitraries.oneOf(Arbitraries.of("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
                "0-0-0-0-0-1-0-0-0-0-0-1-23-23-N", "4-4-4", "x"), Inputs.anyText(12));
        Arbitrary<String> moves = Arbitraries.oneOf(Inputs.textOver("ABCDEFabcdef ", 12), Inputs.anyText(8));
        Arbitrary<String> game = position.flatMap(p -> moves.map(m -> {
            ObjectNode o = JSON.createObjectNode();
            if (!p.equals("x")) {
                o.put("position", p);
            }
            o.put("moves", m);
            return o.toString();
        }));
        Arbitrary<String> text = Arbitraries.oneOf(game, Inputs.anyText(20), Arbitraries.of("{\"moves\": 3}", "[1]",
                "null", "{\"moves\":\"F\"", "{}", "{\"position\":null,\"moves\":null}"));
        Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofMaxSize(12);
        return Arbitraries.oneOf(text.map(s -> s.replace('\n', ' ').replace('\r', ' ').getBytes(StandardCharsets.UTF_8)),
                bytes.map(b -> {
                    for (int i = 0; i < b.length; i++) {
                        b[i] = b[i] == '\n' || b[i] == '\r' ? (byte) 0xff : b[i];
                    }
                    return b;
                }));
    }

    @Property(tries = 60)
    void everyLineGetsItsOwnObject(@ForAll("lines") List<byte[]> lines) throws Exception {
        ByteArrayOutputStream in = new ByteArrayOutputStream();
        int expected = 0;
        for (byte[] l : lines) {
            in.write(l);
            in.write('\n');
            if (!new String(l, StandardCharsets.UTF_8).isBlank()) {
                expected++;
            }
        }
        Cli r = Cli.runWithBytes(in.toByteArray(), "replay", "--batch", "-");
        assertEquals(0, r.code(), r.err());
        assertEquals("", r.err());
        String[] out = r.outLines();
        assertEquals(expected, out.length, r.out());
        for (int i = 0; i < out.length; i++) {
            JsonNode o = JSON.readTree(out[i]);
            assertEquals(i, o.get("index").asInt());
            assertTrue(o.has("plies") != o.has("error"), out[i]);
            if (o.has("error")) {
                String e = o.get("error").asText();
                assertTrue(Inputs.oneLine(e) && e.matches("line [1-9][0-9]*: .+"), e);
            }
        }
    }

    @Provide
    Arbitrary<List<byte[]>> lines() {
        return line().list().ofMaxSize(5);
    }
}
