package org.owarelab.training.config;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.util.Inputs;
import org.owarelab.util.Texts;

/**
 * {@code --set} overrides of the training config, as a user types them: a config or a
 * {@link ConfigException} whose message is one line naming the override.
 */
class OverridePropertyTest {
    private static final List<String> KEYS = List.of("seed", "rules", "encoder", "device", "network", "network.kind",
            "network.hidden", "network.blocks", "loop", "loop.generations", "loop.workers", "learner.learningRate",
            "selfplay.simulations", "selfplay.search.cPuct", "arena.opponents", "gating.enabled", "nosuch", "loop.nosuch");
    private static final List<String> VALUES = List.of("3", "-1", "0.5", "abc", "[64,abc]", "[8, 8]", "[", "{a: 1}",
            "true", "houses=4", "houses=9", "mlp", "cnn", "[random, nosuch]", "", "null", "~", "'x'", "\"y", "1e999");

    @Provide
    Arbitrary<String> overrides() {
        Arbitrary<String> shaped = Arbitraries.of(KEYS).flatMap(k -> Arbitraries.oneOf(Arbitraries.of(VALUES),
                Inputs.anyText(10)).map(v -> k + "=" + v));
        return Arbitraries.oneOf(shaped, Inputs.hostile("=.[]{}:, abcdefghiklmnoprstuwy0123456789", 30));
    }

    @Property(tries = 150)
    void overridesGiveAConfigOrOneLineNamingTheOverride(@ForAll("overrides") String override) {
        try {
            TrainConfig.embedded(List.of(override));
        } catch (ConfigException e) {
            String m = e.getMessage();
            assertTrue(Inputs.oneLine(m), () -> "not one printable line: " + Texts.escape(m));
            assertTrue(m.startsWith("--set " + Texts.escape(override)) || m.startsWith("--set " + override),
                    () -> "does not name the override '" + Texts.escape(override) + "': " + m);
        }
    }
}
