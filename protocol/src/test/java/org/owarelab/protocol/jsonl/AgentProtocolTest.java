package org.owarelab.protocol.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;

/** The agent protocol over JSON lines: one reply per line, errors as {"error": ...} and the process goes on. */
class AgentProtocolTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<JsonNode> run(String input) throws IOException {
        StringWriter out = new StringWriter();
        try (AgentRegistry agents = BuiltInAgents.registry()) {
            int code = JsonLines.run(new AgentProtocol(agents, "alphabeta:depth=4", RuleSet.DEFAULT, 1),
                    new StringReader(input), new PrintWriter(out));
            assertEquals(0, code);
        }
        return out.toString().lines().map(l -> {
            try {
                return JSON.readTree(l);
            } catch (IOException e) {
                throw new AssertionError("not JSON: " + l, e);
            }
        }).toList();
    }

    @Test
    void answersEachRequestAndReportsErrorsWithoutStopping() throws IOException {
        List<JsonNode> r = run(String.join("\n",
                "{\"id\": 1, \"moves\": \"Ff\", \"depth\": 3}",
                "not json",
                "",
                "{\"id\": \"x\", \"position\": \"4-4-4-4-4-4-4-4-4-4-4-4-0-1-S\"}",
                "{\"id\": 3, \"moves\": \"FF\"}",
                "{\"id\": 4, \"movetime\": -5}",
                "{\"id\": 5, \"colour\": \"south\"}",
                "[1, 2]",
                "{\"id\": 6, \"position\": \"0-0-0-0-0-1-0-0-0-0-0-1-25-21-S\"}",
                "{\"id\": 7}"));
        assertEquals(10, r.size(), "one reply per line, the blank one too: " + r);
        JsonNode first = r.get(0);
        assertEquals(1, first.path("id").asInt());
        String move = first.path("move").asText();
        assertTrue(move.matches("[A-F]"), first.toString()); // South moves after Ff
        assertEquals(6, first.path("policy").size());
        assertTrue(first.path("pv").asText().startsWith(move), first.toString());
        assertTrue(first.path("value").asDouble() >= -1 && first.path("value").asDouble() <= 1, first.toString());
        assertTrue(r.get(1).path("error").asText().startsWith("not a JSON object"), r.get(1).toString());
        assertTrue(r.get(2).path("error").asText().startsWith("a blank line"), r.get(2).toString());
        assertEquals("x", r.get(3).path("id").asText());
        assertTrue(r.get(3).has("error"), "a position whose counts do not sum to 48: " + r.get(3));
        assertEquals(3, r.get(4).path("id").asInt());
        assertTrue(r.get(4).has("error"), "a second F is North's illegal move letter: " + r.get(4));
        assertTrue(r.get(5).path("error").asText().contains("movetime"), r.get(5).toString());
        assertTrue(r.get(6).path("error").asText().contains("colour"), r.get(6).toString());
        assertTrue(r.get(7).path("error").asText().contains("JSON object"), r.get(7).toString());
        assertEquals(6, r.get(8).path("id").asInt());
        assertTrue(r.get(8).path("error").asText().contains("over"), "South has won: " + r.get(8));
        assertEquals(7, r.get(9).path("id").asInt());
        assertTrue(r.get(9).path("move").asText().matches("[A-F]"), "the start position, South to move: " + r.get(9));
    }

    @Test
    void aReplyDependsOnlyOnTheRequest() throws IOException {
        String req = "{\"moves\": \"Cf\", \"depth\": 4}";
        List<JsonNode> r = run("{\"moves\": \"Ea\", \"depth\": 5}\n" + req + "\n" + req);
        assertEquals(r.get(1).path("move"), r.get(2).path("move"));
        assertEquals(r.get(1).path("pv"), r.get(2).path("pv"));
    }
}
