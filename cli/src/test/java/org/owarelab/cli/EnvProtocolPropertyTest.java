package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.protocol.jsonl.EnvProtocol;
import org.owarelab.protocol.jsonl.JsonLines;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Inputs;

/**
 * {@code oware jsonl --env} ({@link EnvProtocol}) fed any mix of good requests and hostile lines: every line gets one
 * JSON object, either a reply or a one-line error, and a refused line leaves the episode exactly
 * as it was (the board drawn before and after is the same).
 */
class EnvProtocolPropertyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Provide
    Arbitrary<List<String>> sessions() {
        Arbitrary<String> good = Arbitraries.of("{\"op\": \"reset\"}", "{\"op\": \"reset\", \"rules\": \"houses=3,seeds=3\"}",
                "{\"op\": \"reset\", \"seed\": 5, \"env\": \"opening=3\"}", "{\"op\": \"legal\"}", "{\"op\": \"render\"}",
                "{\"op\": \"agent\", \"agent\": \"greedy\"}", "{\"op\": \"agent\", \"agent\": \"random\", \"seed\": 2}");
        Arbitrary<String> step = Arbitraries.oneOf(Arbitraries.integers().between(-1, 8).map(a -> "{\"op\": \"step\", \"action\": " + a + "}"),
                Inputs.textOver("ABCDEFabcdefZ", 2).map(m -> "{\"op\": \"step\", \"move\": \"" + m + "\"}"));
        Arbitrary<String> bad = Arbitraries.oneOf(Inputs.anyText(20).map(s -> s.replace('\n', ' ').replace('\r', ' ')),
                Arbitraries.of("{}", "[1]", "null", "{\"op\": 3}", "{\"op\": \"step\"}", "{\"op\": \"reset\", \"rules\": \"houses=0\"}",
                        "{\"op\": \"reset\", \"env\": \"ply-cap=0\"}", "{\"op\": \"reset\", \"position\": \"1-2-S\"}",
                        "{\"op\": \"agent\"}", "{\"op\": \"agent\", \"agent\": \"nosuch:x=1\"}", "{\"op\": \"legal\", \"x\": 1}"));
        return Arbitraries.frequencyOf(Tuple.of(3, good), Tuple.of(4, step), Tuple.of(2, bad))
                .list().ofMaxSize(25);
    }

    @Property(tries = 100)
    void everyLineGetsOneObjectAndARefusalChangesNothing(@ForAll("sessions") List<String> lines) throws Exception {
        try (AgentRegistry agents = BuiltInAgents.registry()) {
            EnvProtocol server = new EnvProtocol(agents, RuleSet.DEFAULT, 0);
            for (String line : lines) {
                String before = JsonLines.answer(server, "{\"op\": \"render\"}");
                String reply = JsonLines.answer(server, line);
                assertTrue(Inputs.oneLine(reply), reply);
                JsonNode r = JSON.readTree(reply);
                assertTrue(r.isObject(), reply);
                if (r.has("error")) {
                    assertTrue(Inputs.oneLine(r.get("error").asText()) && !r.get("error").asText().isBlank(), reply);
                    assertEquals(before, JsonLines.answer(server, "{\"op\": \"render\"}"), "refused: " + line);
                }
            }
        }
    }
}
