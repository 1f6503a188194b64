package org.owarelab.training.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.puct.PuctConfig;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.agents.puct.Temperature;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.selfplay.SelfPlayConfig;

/**
 * The training config's search keys are {@link SearchOption}'s: every key of the {@code selfplay}
 * section that sets the search has a table entry, the rest are self-play's own (a test fails when a
 * new search key is added without an entry), and {@code sims} binds as {@code simulations}.
 */
class SearchSettingsYamlTest {
    /** Keys of {@code selfplay} that are self-play's, not the search's. */
    private static final Set<String> SELF_PLAY_ONLY = Set.of("parallelGames", "leavesPerGame", "playoutCap", "resign",
            "plyCap", "continuous");

    @Test
    void everySearchKeyOfTheSelfplaySectionHasATableEntry() {
        List<String> missing = new ArrayList<>();
        for (RecordComponent c : SelfPlayConfig.class.getRecordComponents()) {
            if (SELF_PLAY_ONLY.contains(c.getName())) {
                continue;
            }
            if (c.getType() == PuctConfig.class || c.getType() == Temperature.class) {
                continue; // their keys: SearchOptionTableTest in the agents module
            }
            if (SearchOption.byYamlKey("selfplay." + c.getName()) == null) {
                missing.add("selfplay." + c.getName());
            }
        }
        assertEquals(List.of(), missing, "selfplay keys that set the search without a SearchOption entry");
        for (SearchOption o : SearchOption.values()) {
            if (o.yamlKey() != null && o.yamlKey().split("\\.").length == 2) {
                String name = o.yamlKey().substring("selfplay.".length());
                assertTrue(List.of(SelfPlayConfig.class.getRecordComponents()).stream().anyMatch(c -> c.getName().equals(name)),
                        o + ": " + o.yamlKey() + " is not a key of selfplay");
            }
        }
    }

    @Test
    void simsIsAnAliasOfSimulationsInTheFileAndInOverrides() {
        TrainConfig file = ConfigLoader.parse("selfplay:\n  sims: 37\narena:\n  sims: 11\n", "x.yaml", TrainConfig.DEFAULT,
                List.of());
        assertEquals(37, file.selfplay().simulations());
        assertEquals(11, file.arena().simulations());
        TrainConfig set = ConfigLoader.parse("", "x.yaml", TrainConfig.DEFAULT, List.of("selfplay.sims=41"));
        assertEquals(41, set.selfplay().simulations());
        TrainConfig plain = ConfigLoader.parse("selfplay:\n  simulations: 43\n", "x.yaml", TrainConfig.DEFAULT, List.of());
        assertEquals(43, plain.selfplay().simulations());
        ConfigException both = assertThrows(ConfigException.class, () -> ConfigLoader.parse(
                "selfplay:\n  sims: 37\n  simulations: 38\n", "x.yaml", TrainConfig.DEFAULT, List.of()));
        assertTrue(both.getMessage().contains("'selfplay.sims': names the same setting as 'selfplay.simulations'"),
                both.getMessage());
    }
}
