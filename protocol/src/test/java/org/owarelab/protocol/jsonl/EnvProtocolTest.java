package org.owarelab.protocol.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.OwareEnv;
import org.owarelab.env.TimeStep;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.LineReader;

/** {@code oware jsonl --env} ({@link EnvProtocol}): the environment over JSON lines, checked against {@link OwareEnv} itself. */
class EnvProtocolTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One server for a sequence of requests; each call answers one line. */
    private static final class Session implements AutoCloseable {
        final AgentRegistry agents = ModelAgents.registry();
        final EnvProtocol server = new EnvProtocol(agents, RuleSet.DEFAULT, 0);

        JsonNode ask(String line) throws Exception {
            return JSON.readTree(JsonLines.answer(server, line));
        }

        @Override
        public void close() {
            server.close();
            agents.close();
        }
    }

    @Test
    void resetAndStepMatchTheJavaEnvironment() throws Exception {
        RuleSet rules = RuleSet.parse("houses=3,seeds=3");
        OwareEnv env = new OwareEnv(EnvConfig.parse("opening=2", rules));
        TimeStep expected = env.reset(7);
        try (Session s = new Session()) {
            JsonNode r = s.ask("{\"op\": \"reset\", \"rules\": \"houses=3,seeds=3\", \"env\": \"opening=2\", \"seed\": 7}");
            assertObservation(expected, r);
            assertEquals(env.observationSize(), r.get("observationSize").asInt());
            assertEquals(3, r.get("actionCount").asInt());
            assertEquals("houses=3,seeds=3", r.get("rules").asText());
            int action = r.get("legal").get(0).asInt();
            expected = env.step(action);
            r = s.ask("{\"op\": \"step\", \"action\": " + action + "}");
            assertObservation(expected, r);
            assertEquals(expected.info().ply(), r.get("info").get("ply").asInt());
            assertEquals(env.board().text(), r.get("position").asText());
        }
    }

    /** A spec checked by {@code check} is built, not searched: a depth no search finishes here answers at once. */
    @Test
    @org.junit.jupiter.api.Timeout(60)
    void checkBuildsAnAgentWithoutSearchingAndRefusesABadValue() throws Exception {
        try (Session s = new Session()) {
            assertEquals("alphabeta:depth=60", s.ask("{\"op\": \"check\", \"agent\": \"alphabeta:depth=60\"}")
                    .get("agent").asText());
            JsonNode bad = s.ask("{\"op\": \"check\", \"agent\": \"alphabeta:depth=-3\"}");
            assertTrue(bad.get("error").asText().contains("depth"), bad.toString());
            assertTrue(s.ask("{\"op\": \"check\"}").get("error").asText().contains("op check needs 'agent'"));
            assertTrue(s.ask("{\"op\": \"render\"}").get("error").asText().contains("no episode"),
                    "a check starts no episode");
        }
    }

    @Test
    void theVectorOpsAnswerFlatVectorEnvsRowsAndRefuseABadActionWithNothingMoved() throws Exception {
        org.owarelab.protocol.bridge.FlatVectorEnv expected = new org.owarelab.protocol.bridge.FlatVectorEnv("", "ply-cap=3", 3);
        float[] rows = expected.reset(-5);
        try (Session s = new Session()) {
            assertTrue(s.ask("{\"op\": \"vstep\", \"actions\": [0, 0, 0]}").get("error").asText()
                    .contains("before reset"));
            JsonNode r = s.ask("{\"op\": \"vreset\", \"count\": 3, \"env\": \"ply-cap=3\", \"seed\": -5}");
            assertRows(rows, r);
            assertEquals(3, r.get("count").asInt());
            assertTrue(r.get("endReasons").size() > 0);
            JsonNode bad = s.ask("{\"op\": \"vstep\", \"actions\": [5, 9, 5]}");
            assertTrue(bad.get("error").asText().contains("sub-env 1"), bad.toString());
            assertTrue(s.ask("{\"op\": \"vstep\", \"actions\": [0, 0]}").get("error").asText().contains("2 actions for 3"));
            int row = org.owarelab.protocol.bridge.FlatEnv.FIELDS + expected.vector().observationSize();
            for (int k = 0; k < 3; k++) {
                int[] actions = new int[3];
                for (int i = 0; i < 3; i++) {
                    int mask = (int) rows[i * row + org.owarelab.protocol.bridge.FlatEnv.MASK];
                    actions[i] = Integer.numberOfTrailingZeros(Integer.highestOneBit(mask)); // the highest legal house
                }
                String json = "[" + actions[0] + ", " + actions[1] + ", " + actions[2] + "]";
                rows = expected.step(actions);
                r = s.ask("{\"op\": \"vstep\", \"actions\": " + json + "}");
                assertRows(rows, r);
            }
            assertEquals(3 * expected.vector().observationSize(), r.get("final").size(), "games capped at ply 3 ended");
            assertTrue(s.ask("{\"op\": \"vreset\", \"count\": 0}").get("error").asText().contains("'count'"));
        }
    }

    private static void assertRows(float[] expected, JsonNode r) {
        assertEquals(expected.length, r.get("rows").size());
        for (int i = 0; i < expected.length; i++) {
            assertEquals(expected[i], (float) r.get("rows").get(i).asDouble(), "rows[" + i + "]");
        }
    }

    @Test
    void aMoveLetterIsTheSameAsItsAction() throws Exception {
        try (Session s = new Session()) {
            s.ask("{\"op\": \"reset\"}");
            JsonNode byLetter = s.ask("{\"op\": \"step\", \"move\": \"C\"}");
            s.ask("{\"op\": \"reset\"}");
            JsonNode byAction = s.ask("{\"op\": \"step\", \"action\": 2}");
            assertEquals(byAction, byLetter);
            assertEquals("4-4-0-5-5-5-5-4-4-4-4-4-0-0-N", byLetter.get("position").asText());
            assertEquals("north", byLetter.get("toMove").asText());
        }
    }

    @Test
    void theFeedingRuleLeavesOnlyMovesThatReachAnEmptyOpponent() throws Exception {
        try (Session s = new Session()) {
            JsonNode r = s.ask("{\"op\": \"reset\", \"position\": \"1-1-1-1-1-2-0-0-0-0-0-0-20-21-S\"}");
            assertEquals("[5]", r.get("legal").toString());
            assertEquals("F", r.get("moves").asText());
            JsonNode bad = s.ask("{\"op\": \"step\", \"move\": \"E\"}");
            assertTrue(bad.get("error").asText().contains("does not feed"), bad.toString());
            assertEquals("[5]", s.ask("{\"op\": \"legal\"}").get("legal").toString(), "a refused step changes nothing");
        }
    }

    @Test
    void aRepeatedPositionEndsTheEpisode() throws Exception {
        try (Session s = new Session()) {
            s.ask("{\"op\": \"reset\", \"position\": \"0-0-0-1-1-1-0-0-0-0-0-1-21-23-S\"}");
            JsonNode r = null;
            for (char c : "FfAaBbEcDdCe".toCharArray()) {
                assertTrue(r == null || !r.get("done").asBoolean(), "ended early: " + r);
                r = s.ask("{\"op\": \"step\", \"move\": \"" + c + "\"}");
            }
            assertTrue(r.get("terminated").asBoolean(), r.toString());
            assertEquals("repetition", r.get("info").get("endReason").asText());
            assertEquals(24, r.get("info").get("southScore").asInt());
            assertEquals(24, r.get("info").get("northScore").asInt());
            assertEquals("[]", r.get("legal").toString());
            JsonNode after = s.ask("{\"op\": \"step\", \"action\": 0}");
            assertTrue(after.get("error").asText().contains("episode is over (repetition)"), after.toString());
        }
    }

    @Test
    void aGameAgainstGreedyEndsWithZeroSumRewardsThatMatchTheScore() throws Exception {
        try (Session s = new Session()) {
            s.ask("{\"op\": \"reset\", \"rules\": \"houses=3,seeds=3\", \"seed\": 3}");
            JsonNode t;
            float south = 0;
            int plies = 0;
            do {
                JsonNode d = s.ask("{\"op\": \"agent\", \"agent\": \"greedy\", \"seed\": " + plies + "}");
                assertTrue(d.has("action"), d.toString());
                t = s.ask("{\"op\": \"step\", \"action\": " + d.get("action").asInt() + "}");
                assertEquals(0f, t.get("reward").get("south").floatValue() + t.get("reward").get("north").floatValue());
                south += t.get("reward").get("south").floatValue();
                plies++;
            } while (!t.get("done").asBoolean() && plies < 400);
            assertTrue(t.get("done").asBoolean(), "no end in 400 plies");
            int diff = t.get("info").get("southScore").asInt() - t.get("info").get("northScore").asInt();
            assertEquals(Integer.signum(diff), (int) Math.signum(south), "result reward vs score " + t.get("info"));
        }
    }

    @Test
    void badLinesGetOneErrorEachAndTheIdBack() throws Exception {
        try (Session s = new Session()) {
            assertTrue(s.ask("{\"op\": \"step\", \"action\": 0}").get("error").asText().contains("no episode"));
            assertTrue(s.ask("{\"op\": \"render\"}").get("error").asText().contains("no episode"));
            JsonNode notJson = s.ask("{oops");
            assertTrue(notJson.get("error").asText().startsWith("not a JSON object"), notJson.toString());
            JsonNode op = s.ask("{\"id\": 9, \"op\": \"jump\"}");
            assertEquals(9, op.get("id").asInt());
            assertTrue(op.get("error").asText().contains("unknown op 'jump'"), op.toString());
            JsonNode field = s.ask("{\"op\": \"legal\", \"house\": 1}");
            assertTrue(field.get("error").asText().contains("unknown field 'house' for op legal"), field.toString());
            JsonNode rules = s.ask("{\"op\": \"reset\", \"rules\": \"houses=99\"}");
            assertTrue(rules.get("error").asText().contains("houses"), rules.toString());
            s.ask("{\"op\": \"reset\"}");
            JsonNode range = s.ask("{\"op\": \"step\", \"action\": 6}");
            assertTrue(range.get("error").asText().contains("'action' must be a whole number 0..5"), range.toString());
            JsonNode both = s.ask("{\"op\": \"step\", \"action\": 1, \"move\": \"B\"}");
            assertTrue(both.get("error").asText().contains("exactly one of"), both.toString());
            JsonNode agent = s.ask("{\"op\": \"agent\", \"agent\": \"nosuch\"}");
            assertTrue(agent.has("error"), agent.toString());
            JsonNode render = s.ask("{\"id\": \"r\", \"op\": \"render\"}");
            assertEquals("r", render.get("id").asText());
            assertTrue(render.get("text").asText().contains("south to move, legal: ABCDEF"), render.toString());
        }
    }

    @Test
    void everyLineGetsExactlyOneReplyInOrderBlankOnesToo() throws Exception {
        StringWriter out = new StringWriter();
        try (AgentRegistry agents = ModelAgents.registry()) {
            int code = JsonLines.run(new EnvProtocol(agents, RuleSet.DEFAULT, 0), new StringReader(
                    "{\"op\": \"reset\", \"id\": 1}\n\n  \t\n{\"op\": \"nope\", \"id\": 2}\r\n"
                    + "{\"op\":\r \"legal\", \"id\": 3}\n"), new PrintWriter(out));
            assertEquals(0, code);
        }
        List<String> lines = out.toString().lines().toList();
        assertEquals(5, lines.size(), out.toString());
        assertEquals(1, JSON.readTree(lines.get(0)).get("id").asInt());
        for (int i = 1; i <= 2; i++) {
            assertTrue(JSON.readTree(lines.get(i)).get("error").asText().startsWith("a blank line"), lines.get(i));
        }
        assertEquals(2, JSON.readTree(lines.get(3)).get("id").asInt());
        JsonNode legal = JSON.readTree(lines.get(4));
        assertEquals(3, legal.get("id").asInt(), "a bare CR inside a line does not split it: " + out);
        assertEquals("[0,1,2,3,4,5]", legal.get("legal").toString());
    }

    @Test
    void aDuplicatedKeyOrTextAfterTheObjectIsAnError() throws Exception {
        try (Session s = new Session()) {
            s.ask("{\"op\": \"reset\"}");
            JsonNode twice = s.ask("{\"op\":\"fly\",\"op\":\"legal\"}");
            assertTrue(twice.get("error").asText().contains("Duplicate field 'op'"), twice.toString());
            JsonNode trailing = s.ask("{\"op\": \"legal\"} {\"op\": \"render\"}");
            assertTrue(trailing.has("error"), trailing.toString());
        }
    }

    @Test
    void aLineOverTheLimitGetsOneErrorAndTheNextLineIsAnswered() throws Exception {
        StringWriter out = new StringWriter();
        String huge = "{\"op\": \"" + "x".repeat(LineReader.DEFAULT_MAX) + "\"}";
        try (AgentRegistry agents = ModelAgents.registry()) {
            JsonLines.run(new EnvProtocol(agents, RuleSet.DEFAULT, 0),
                    new StringReader(huge + "\n{\"op\": \"reset\", \"id\": 1}\n"), new PrintWriter(out));
        }
        List<String> lines = out.toString().lines().toList();
        assertEquals(2, lines.size());
        assertTrue(JSON.readTree(lines.get(0)).get("error").asText().contains("over " + LineReader.DEFAULT_MAX), lines.get(0));
        assertEquals(1, JSON.readTree(lines.get(1)).get("id").asInt());
    }

    @Test
    void aSpecFromTheInputThatStartsAProgramIsRefused() throws Exception {
        try (AgentRegistry agents = ModelAgents.registry();
                EnvProtocol server = new EnvProtocol(agents.restricted(AgentAccess.NONE), RuleSet.DEFAULT, 0)) {
            JsonLines.answer(server, "{\"op\": \"reset\"}");
            JsonNode r = JSON.readTree(JsonLines.answer(server, "{\"op\": \"agent\", \"agent\": \"uci:cmd=x\"}"));
            assertTrue(r.get("error").asText().contains("--allow-engines"), r.toString());
        }
    }

    private static void assertObservation(TimeStep expected, JsonNode r) {
        JsonNode obs = r.get("observation");
        assertEquals(expected.observation().length, obs.size());
        for (int i = 0; i < obs.size(); i++) {
            assertEquals(expected.observation()[i], obs.get(i).floatValue(), "observation[" + i + "]");
        }
        assertEquals(expected.legalMask(), r.get("legalMask").asInt());
        assertEquals(expected.done(), r.get("done").asBoolean());
        assertEquals(expected.southReward(), r.get("reward").get("south").floatValue());
    }
}
