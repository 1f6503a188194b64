package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

class StrengthLevelsTest {
    private static final StrengthLevels LEVELS = new StrengthLevels(List.of(
            new StrengthLevels.Level(700, 650, 750, 8, 0),
            new StrengthLevels.Level(100, 40, 160, 1, 4),
            new StrengthLevels.Level(400, 350, 450, 1, 1)));

    @TempDir
    Path tmp;

    @Test
    void levelsAreSortedAndTheNearestIsChosenTheWeakerOnATie() {
        assertEquals(List.of(100, 400, 700), LEVELS.levels().stream().map(StrengthLevels.Level::elo).toList());
        assertEquals(100, LEVELS.minElo());
        assertEquals(700, LEVELS.maxElo());
        assertEquals(400, LEVELS.level(500).elo());
        assertEquals(700, LEVELS.level(551).elo());
        assertEquals(400, LEVELS.level(550).elo(), "a tie goes to the weaker level");
        assertEquals(100, LEVELS.level(100).elo());
        assertEquals(700, LEVELS.level(700).elo());
        assertEquals("simulations=1,temp=4", LEVELS.level(100).specOptions());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LEVELS.level(701));
        assertTrue(e.getMessage().contains("expected 100..700"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LEVELS.level(Double.NaN));
    }

    @Test
    void badLevelsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new StrengthLevels(List.of()));
        assertThrows(IllegalArgumentException.class, () -> new StrengthLevels.Level(100, 120, 160, 1, 0),
                "an interval that does not hold its Elo");
        assertThrows(IllegalArgumentException.class, () -> new StrengthLevels.Level(100, 50, 160, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new StrengthLevels.Level(100, 50, 160, 1, -1));
        assertThrows(IllegalArgumentException.class, () -> new StrengthLevels(List.of(
                new StrengthLevels.Level(100, 50, 160, 1, 0), new StrengthLevels.Level(100, 50, 160, 2, 0))));
    }

    /** A PUCT player named net over a uniform evaluator, with LEVELS. */
    private static AgentRegistry registry() {
        EvaluatorSource uniform = (model, rules) -> new UniformEvaluator(rules.houses());
        return BuiltInAgents.registry().with(new LevelledFactory(PuctAgent.factory("net", uniform, 200), LEVELS,
                "test levels"));
    }

    @Test
    void anEloPlaysItsLevelsSimulationsAndTemperature() {
        try (AgentRegistry r = registry();
                Agent a = r.create("net:elo=650", RuleSet.DEFAULT, 1);
                Agent b = r.create("net:elo=380,batch=1", RuleSet.DEFAULT, 1);
                Agent plain = r.create("net", RuleSet.DEFAULT, 1)) {
            assertEquals(8, a.decide(new Board()).nodes(), "the level at 700: 8 simulations");
            assertEquals("net:simulations=8,temp=0", a.spec());
            assertEquals(1, b.decide(new Board()).nodes());
            assertEquals("net:batch=1,simulations=1,temp=1", b.spec(), "the spec's other keys are kept");
            assertEquals(200, plain.decide(new Board()).nodes(), "without elo= the player is unchanged");
            assertEquals(LEVELS, r.levels("net:elo=650"));
            assertNull(r.levels("alphabeta:depth=2"));
            assertTrue(r.help().stream().anyMatch(h -> h.startsWith("net:") && h.contains("elo=N")));
        }
    }

    @Test
    void aHighTemperatureLevelDrawsItsMovesTheGreedyOneDoesNot() {
        // At one simulation the move is drawn from the priors, uniform here: a temperature-4 level
        // plays several first moves over seeds; a temperature-0 level always the same one.
        try (AgentRegistry r = registry()) {
            java.util.Set<Integer> hot = new java.util.HashSet<>();
            java.util.Set<Integer> cold = new java.util.HashSet<>();
            for (long seed = 0; seed < 20; seed++) {
                try (Agent a = r.create("net:elo=100", RuleSet.DEFAULT, seed);
                        Agent b = r.create("net:elo=700", RuleSet.DEFAULT, seed)) {
                    hot.add(a.decide(new Board()).move());
                    cold.add(b.decide(new Board()).move());
                }
            }
            assertTrue(hot.size() > 2, "temperature 4 at one simulation plays several moves: " + hot);
            assertEquals(1, cold.size(), "temperature 0 plays one move: " + cold);
        }
    }

    @Test
    void badElosAreOneClearError() {
        try (AgentRegistry r = registry()) {
            AgentSpecException abc = assertThrows(AgentSpecException.class, () -> r.create("net:elo=abc", RuleSet.DEFAULT, 1));
            assertTrue(abc.getMessage().contains("elo=abc") && abc.getMessage().contains("not a number")
                    && abc.getMessage().contains("100..700"), abc.getMessage());
            AgentSpecException high = assertThrows(AgentSpecException.class, () -> r.create("net:elo=5000", RuleSet.DEFAULT, 1));
            assertTrue(high.getMessage().contains("elo=5000") && high.getMessage().contains("outside the calibrated range")
                    && high.getMessage().contains("100..700") && high.getMessage().contains("test levels"), high.getMessage());
            AgentSpecException both = assertThrows(AgentSpecException.class,
                    () -> r.create("net:elo=400,sims=50", RuleSet.DEFAULT, 1));
            assertTrue(both.getMessage().contains("sims=50") && both.getMessage().contains("elo"), both.getMessage());
            assertThrows(AgentSpecException.class, () -> r.create("net:elo=400,temp=1", RuleSet.DEFAULT, 1));
            assertThrows(AgentSpecException.class, () -> r.create("net:elo=400,movetime=100", RuleSet.DEFAULT, 1));
        }
    }

    @Test
    void aPlayerWhoseLevelsCannotBeReadRefusesEloAndPlaysOtherwise() {
        EvaluatorSource uniform = (model, rules) -> new UniformEvaluator(rules.houses());
        try (AgentFactory f = LevelledFactory.unavailable(PuctAgent.factory("net", uniform, 200), "levels.json: broken");
                AgentRegistry r = BuiltInAgents.registry().with(f);
                Agent a = r.create("net:sims=5", RuleSet.DEFAULT, 1)) {
            assertEquals(5, a.decide(new Board()).nodes());
            AgentSpecException e = assertThrows(AgentSpecException.class, () -> r.create("net:elo=400", RuleSet.DEFAULT, 1));
            assertTrue(e.getMessage().contains("levels.json: broken"), e.getMessage());
            assertNull(r.levels("net"));
        }
    }

    @Test
    void theLevelsFileRoundTripsAndNamesItsProblems() throws Exception {
        LevelsFile file = new LevelsFile("strong", "random", "./oware tournament --seed 1", "2026-12-02", LEVELS,
                List.of(new LevelsFile.Reference("alphabeta:depth=2", 350, 300, 400)));
        Path p = tmp.resolve(LevelsFile.FILE);
        file.write(p);
        LevelsFile back = LevelsFile.read(p);
        assertEquals(file, back);
        Files.writeString(p, Files.readString(p).replace("\"simulations\" : 8", "\"simulations\" : 0"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LevelsFile.read(p));
        assertTrue(e.getMessage().startsWith(p.toString()) && e.getMessage().contains("levels[2]")
                && e.getMessage().contains("simulations 0"), e.getMessage());
        Files.writeString(p, "{\"format\": 2}");
        e = assertThrows(IllegalArgumentException.class, () -> LevelsFile.read(p));
        assertTrue(e.getMessage().contains("format 2"), e.getMessage());
    }
}
