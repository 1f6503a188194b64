package org.owarelab.evaluation.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.GreedyAgent;
import org.owarelab.agents.RandomAgent;
import org.owarelab.evaluation.Balance;
import org.owarelab.evaluation.Opening;
import org.owarelab.evaluation.OpeningJudge;
import org.owarelab.evaluation.Openings;
import org.owarelab.evaluation.MatchSeeds;
import org.owarelab.evaluation.TestAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class OpeningsFilterTest {
    private static final RuleSet RULES = RuleSet.DEFAULT;
    private static final Position START = Position.start(RULES);

    /** A fake judge: the store difference for the side to move, one seed worth 0.1. */
    private static final OpeningJudge MARGIN = b -> {
        int me = b.toMove();
        return Math.max(-1, Math.min(1, (b.store(me) - b.store(1 - me)) / 10.0));
    };

    @Test
    void theFilterKeepsOnlyAcceptedPositionsAndStaysAPrefix() {
        Predicate<Board> even = MARGIN.balanced(0.15);
        List<Opening> all = Openings.generate(START, 12, 40, 3);
        long lopsided = all.stream().filter(o -> !even.test(new Board(Position.parse(o.position(), RULES)))).count();
        assertTrue(lopsided > 0, "12 random plies capture now and then: the filter has something to remove");
        List<Opening> kept = Openings.generate(START, 12, 40, 3, even);
        assertEquals(40, kept.size());
        for (Opening o : kept) {
            Board b = new Board(Position.parse(o.position(), RULES));
            assertTrue(Math.abs(MARGIN.value(b)) <= 0.15, o.moves());
        }
        assertEquals(kept.subList(0, 10), Openings.generate(START, 12, 10, 3, even));
    }

    @Test
    void aScheduleWithBalanceUsesItsJudge() {
        ArenaSettings s = ArenaSettings.of(RULES, 3).withOpeningPlies(12).withBalance(new Balance("fake", 0.15));
        TournamentConfig c = new TournamentConfig(List.of("a", "b"), null, 20, 1, s, null);
        Schedule schedule = Schedule.of(c, MARGIN);
        assertEquals(Openings.generate(START, 12, 10, MatchSeeds.derive(3, Schedule.OPENINGS_STREAM), MARGIN.balanced(0.15)),
                schedule.openings());
        // Nothing passes a judge that calls every position lost.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Schedule.of(c, b -> -1));
        assertTrue(e.getMessage().contains("no opening of 12 plies passes the balance filter"), e.getMessage());
    }

    @Test
    void anAgentJudgesWithItsDecisionValue() {
        // Greedy's decisions carry value 0: every opening passes.
        try (OpeningJudge greedy = OpeningJudge.agent(TestAgents.AGENTS, "greedy", RULES)) {
            assertEquals(Openings.generate(START, 4, 12, 9), Openings.generate(START, 4, 12, 9, greedy.balanced(0)));
        }
    }

    @Test
    void theDefaultJudgeNeedsAlphaBeta() {
        // A registry without alpha-beta (registries are composed, so a test can leave it out).
        AgentRegistry noAlphaBeta = AgentRegistry.of(List.of(RandomAgent.FACTORY, GreedyAgent.FACTORY));
        AgentSpecException e = assertThrows(AgentSpecException.class,
                () -> OpeningJudge.agent(noAlphaBeta, OpeningJudge.DEFAULT_SPEC, RULES));
        assertTrue(e.getMessage().contains("balanced openings: cannot build the judge 'alphabeta:depth=4'"), e.getMessage());
        assertTrue(e.getMessage().contains("this registry has no alpha-beta agent"), e.getMessage());
    }
}
