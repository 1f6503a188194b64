package org.owarelab.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.util.Inputs;
import org.owarelab.util.Texts;

/**
 * Agent specs as a user types them in a command, a config or a tournament: parsing and checking
 * against the registry give a spec or an {@link AgentSpecException} whose message is one line
 * naming the spec.
 */
class AgentSpecPropertyTest {
    private static final AgentRegistry REGISTRY = BuiltInAgents.registry();

    @Provide
    Arbitrary<String> specs() {
        Arbitrary<String> names = Arbitraries.of("random", "greedy", "alphabeta", "mcts", "puct", "nosuch", "");
        Arbitrary<String> options = Arbitraries.of("depth=3", "sims=10", "c=1.4", "movetime=5", "tt=0", "qs=off",
                "eval=material", "depth=x", "sims=-1", "reuse=maybe", "cmd=\"a, b\"", "model=", "x=\"unclosed").list()
                .ofMaxSize(3).map(l -> String.join(",", l));
        Arbitrary<String> shaped = names.flatMap(n -> options.map(o -> o.isEmpty() ? n : n + ":" + o));
        return Arbitraries.oneOf(Inputs.hostile("=,:\"\\ abcdeghilmnoprstxyz0123456789", 40), shaped);
    }

    @Property
    void specsParseOrSayWhyInOneLine(@ForAll("specs") String text) {
        try {
            AgentSpec spec = AgentSpec.parse(text);
            REGISTRY.validate(text);
            assertEquals(spec.name(), AgentSpec.parse(spec.text()).name());
        } catch (AgentSpecException e) {
            String m = e.getMessage();
            assertTrue(Inputs.oneLine(m), () -> "not one printable line: " + Texts.escape(m));
            assertTrue(text.isBlank() ? m.startsWith("agent spec is empty") : m.startsWith("agent spec '" + Texts.escape(text) + "'"),
                    () -> "does not name the spec: " + m);
        }
    }
}
