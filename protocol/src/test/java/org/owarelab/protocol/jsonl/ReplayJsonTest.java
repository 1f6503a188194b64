package org.owarelab.protocol.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.LineReader;

class ReplayJsonTest {
    private static final Position START = Position.start(RuleSet.DEFAULT);

    private static LineReader.Line line(String text) {
        return new LineReader.Line(1, text, -1, false);
    }

    private static String message(LineReader.Line l) {
        return assertThrows(IllegalArgumentException.class, () -> ReplayJson.game(l, START, RuleSet.DEFAULT)).getMessage();
    }

    @Test
    void theStartIsAPlyWithoutAMoveAndTheLastHasTheReasonAndTheFinalStores() {
        List<ObjectNode> plies = ReplayJson.plies(START, "");
        assertEquals(1, plies.size());
        assertEquals("{\"ply\":0,\"move\":null,\"position\":\"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\","
                + "\"counts\":[4,4,4,4,4,4,4,4,4,4,4,4],\"stores\":[0,0],\"houses\":[4,4,4,4,4,4,4,4,4,4,4,4],"
                + "\"toMove\":\"S\",\"legal\":\"ABCDEF\",\"captured\":0,\"ended\":false,\"reason\":null,"
                + "\"finalStores\":[0,0]}", plies.get(0).toString());
    }

    @Test
    void eachMoveIsAPlyAndWhitespaceIsSkipped() {
        List<ObjectNode> plies = ReplayJson.plies(START, "F f");
        assertEquals(3, plies.size());
        assertEquals("F", plies.get(1).get("move").asText());
        assertEquals("f", plies.get(2).get("move").asText());
        assertEquals(2, plies.get(2).get("ply").asInt());
        assertEquals(null, plies.get(1).get("reason"), "only the last ply has a reason");
    }

    @Test
    void aGameThatEndsHasItsReasonAndCapturedSeeds() {
        // The grand-slam position of docs/rules.md: F sows into a and b, 2 and 2, captured in full under capture-all.
        RuleSet rules = RuleSet.parse("grand-slam=capture-all");
        List<ObjectNode> plies = ReplayJson.plies(Position.parse("0-0-0-0-1-2-1-1-0-0-0-0-20-23-S", rules), "F");
        ObjectNode last = plies.get(1);
        assertEquals(4, last.get("captured").asInt());
        assertEquals("[24,23]", last.get("stores").toString());
        assertEquals(true, last.get("ended").asBoolean(), "South holds more than half the seeds");
        assertEquals(true, last.get("reason").isTextual());
        assertEquals(2, last.get("finalStores").size());
    }

    @Test
    void anIllegalMoveThrows() {
        assertThrows(IllegalArgumentException.class, () -> ReplayJson.plies(START, "Fz"));
    }

    @Test
    void aBatchLineHasAnOptionalPositionAndMoves() {
        assertEquals(3, ReplayJson.game(line("{\"moves\":\"Ff\"}"), START, RuleSet.DEFAULT).size());
        assertEquals(1, ReplayJson.game(line("{}"), START, RuleSet.DEFAULT).size());
        assertEquals("0-0-0-0-1-2-1-1-0-0-0-0-20-23-S", ReplayJson.game(
                line("{\"position\":\"0-0-0-0-1-2-1-1-0-0-0-0-20-23-S\",\"moves\":null}"), START, RuleSet.DEFAULT)
                .get(0).get("position").asText());
    }

    @Test
    void aBadBatchLineSaysWhatIsWrong() {
        assertEquals("a line over " + LineReader.DEFAULT_MAX + " bytes (expected a JSON object {\"position\": ..., "
                + "\"moves\": ...})", message(new LineReader.Line(1, null, -1, true)));
        assertEquals("not valid UTF-8 at byte 3 (expected a UTF-8 JSON object {\"position\": ..., \"moves\": ...})",
                message(new LineReader.Line(1, null, 3, false)));
        assertEquals("expected a JSON object {\"position\": ..., \"moves\": ...}", message(line("[1]")));
        assertEquals("expected \"position\" and \"moves\" to be strings", message(line("{\"moves\":1}")));
        String syntax = message(line("{\"moves\":"));
        assertEquals(true, syntax.startsWith("not valid JSON at column "), syntax);
        assertEquals(true, syntax.endsWith(" (expected a JSON object {\"position\": ..., \"moves\": ...})"), syntax);
        assertEquals(true, message(line("{\"moves\":\"F\",\"moves\":\"A\"}")).contains("moves"), "a duplicated key is an error");
    }
}
