package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.OwareEnv;
import org.owarelab.env.TimeStep;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;

/** {@code oware jsonl --env}: the environment over JSON lines, checked against {@link OwareEnv} itself. */
class EnvJsonLinesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One server for a sequence of requests; each call answers one line. */
    private static final class Session implements AutoCloseable {
        final AgentRegistry agents = ModelAgents.registry();
        final EnvJsonLines server = new EnvJsonLines(agents, RuleSet.DEFAULT, 0);

        JsonNode ask(String line) throws Exception {
            return JSON.readTree(server.answer(line));
        }

        @Override
        public void close() {
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
    void theServerAnswersEveryLineInOrderAndSkipsBlankOnes() throws Exception {
        StringWriter out = new StringWriter();
        try (AgentRegistry agents = ModelAgents.registry()) {
            int code = new EnvJsonLines(agents, RuleSet.DEFAULT, 0).run(new BufferedReader(new StringReader(
                    "{\"op\": \"reset\", \"id\": 1}\n\n{\"op\": \"nope\", \"id\": 2}\n{\"op\": \"legal\", \"id\": 3}\n")),
                    new PrintWriter(out));
            assertEquals(0, code);
        }
        String[] lines = out.toString().split("\\R");
        assertEquals(3, lines.length, out.toString());
        for (int i = 0; i < 3; i++) {
            assertEquals(i + 1, JSON.readTree(lines[i]).get("id").asInt());
        }
        assertEquals("[0,1,2,3,4,5]", JSON.readTree(lines[2]).get("legal").toString());
    }

    @Test
    void theCommandNeedsExactlyOneMode() {
        Cli neither = Cli.run("jsonl");
        assertEquals(2, neither.code());
        assertTrue(neither.err().contains("exactly one of --agent SPEC"), neither.err());
        Cli both = Cli.run("jsonl", "--env", "--agent", "greedy");
        assertEquals(2, both.code());
        assertFalse(both.err().isEmpty());
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
