package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.agents.puct.LevelledFactory;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.rules.RuleSet;

/** {@code UCI_LimitStrength} and {@code UCI_Elo}: offered for an agent with calibrated levels, playing the nearest level. */
class UciLevelsTest {
    private static final StrengthLevels LEVELS = new StrengthLevels(List.of(
            new StrengthLevels.Level(100, 40, 160, 1, 4), new StrengthLevels.Level(400, 350, 450, 1, 1),
            new StrengthLevels.Level(700, 650, 750, 8, 0)));

    private static AgentRegistry registry() {
        EvaluatorSource uniform = (model, rules) -> new UniformEvaluator(rules.houses());
        return BuiltInAgents.registry().with(new LevelledFactory(PuctAgent.factory("net", uniform, 30), LEVELS, "test"));
    }

    @Test
    void anAgentWithLevelsOffersThemAndLimitStrengthPlaysTheNearestLevel() throws Exception {
        List<String> specs = new ArrayList<>();
        try (AgentRegistry agents = registry()) {
            UciEngine.AgentMaker maker = (s, r, seed) -> {
                specs.add(s);
                return agents.create(s, r, seed);
            };
            try (EngineHarness e = new EngineHarness(agents, "net:sims=30,c=1.5", RuleSet.DEFAULT, 0, maker,
                    EngineSearch.DEFAULT_GRACE_MILLIS)) {
                e.send("uci");
                List<String> lines = e.until("uciok");
                assertTrue(lines.contains("option name UCI_LimitStrength type check default false"), lines.toString());
                assertTrue(lines.contains("option name UCI_Elo type spin default 700 min 100 max 700"), lines.toString());
                e.send("position startpos");
                e.send("go");
                assertTrue(e.until("bestmove").stream().anyMatch(l -> l.contains(" nodes 30 ")), "full strength: 30 sims");
                e.send("setoption name UCI_Elo value 380");
                e.send("setoption name UCI_LimitStrength value true");
                e.send("go movetime 5000");
                List<String> limited = e.until("bestmove");
                assertTrue(limited.stream().anyMatch(l -> l.contains(" nodes 1 ")), "the level at 400: 1 sim " + limited);
                e.send("setoption name UCI_Elo value 99");
                e.send("setoption name UCI_Elo value abc");
                e.send("setoption name UCI_LimitStrength value yes");
                List<String> errors = e.sync();
                assertEquals(List.of("info string error: setoption UCI_Elo: '99' is not a whole number 100..700",
                        "info string error: setoption UCI_Elo: 'abc' is not a whole number 100..700",
                        "info string error: setoption UCI_LimitStrength: 'yes' is not true or false"), errors);
                e.send("setoption name UCI_Elo value 700");
                e.send("go");
                assertTrue(e.until("bestmove").stream().anyMatch(l -> l.contains(" nodes 8 ")), "the level at 700: 8 sims");
                e.send("setoption name UCI_LimitStrength value false");
                e.send("go");
                assertTrue(e.until("bestmove").stream().anyMatch(l -> l.contains(" nodes 30 ")), "full strength again");
            }
        }
        assertEquals(List.of("net:sims=30,c=1.5", "net:c=1.5,elo=380", "net:c=1.5,elo=700", "net:sims=30,c=1.5"), specs,
                "the level replaces the spec's simulations; the limit off gives them back");
    }

    @Test
    void anAgentWithoutLevelsOffersNoneAndReportsTheOptionsAsUnknown() throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send("uci");
            List<String> lines = e.until("uciok");
            assertTrue(lines.stream().noneMatch(l -> l.contains("UCI_")), lines.toString());
            e.send("setoption name UCI_LimitStrength value true");
            List<String> replies = e.sync();
            assertEquals(1, replies.size(), replies.toString());
            assertTrue(replies.get(0).startsWith("info string unknown option 'UCI_LimitStrength' ignored"), replies.get(0));
        }
    }
}
