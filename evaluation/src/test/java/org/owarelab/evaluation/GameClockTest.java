package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.TimeControl;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/** A match's game clock ({@code --tc}): parsing, the limits the agents get, and a loss on time. */
class GameClockTest {
    @Test
    void parsesBasePlusIncrementInSeconds() {
        assertEquals(new GameClock(60_000, 600), GameClock.parse("60+0.6"));
        assertEquals(new GameClock(300_000, 0), GameClock.parse("300"));
        assertEquals(new GameClock(1500, 10), GameClock.parse(" 1.5+0.01 "));
        assertEquals("60+0.6", GameClock.parse("60+0.6").toString());
        for (String bad : new String[] {"", "0+1", "60+", "+1", "a+b", "1+2+3", "-5+1", "60+0.0001", "1e9"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GameClock.parse(bad), bad);
            assertTrue(e.getMessage().contains("expected BASE+INC"), e.getMessage());
        }
    }

    /**
     * {@code clocked[:spin=true][,micros=U]}: plays random, records each limit; with spin, runs past
     * each move's most time; with micros, takes at least U microseconds a move.
     */
    private static final class Clocked implements AgentFactory {
        final List<SearchLimit> limits = Collections.synchronizedList(new ArrayList<>());

        @Override
        public String name() {
            return "clocked";
        }

        @Override
        public Set<String> keys() {
            return Set.of("spin", "micros");
        }

        @Override
        public String help() {
            return "test agent";
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            boolean spin = spec.bool("spin", false);
            long micros = spec.integer("micros", 0, 0, 1_000_000);
            Agent random = BuiltInAgents.registry().create("random", rules, seed);
            return new Agent() {
                @Override
                public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
                    limits.add(limit);
                    if (spin || micros > 0) {
                        long end = System.nanoTime() + (spin ? (limit.hardMillis() + 20) * 1_000_000L : micros * 1000);
                        while (System.nanoTime() < end) {
                            Thread.onSpinWait();
                        }
                    }
                    return random.decide(board, SearchLimit.NONE, monitor);
                }

                @Override
                public void reset(long s) {
                    random.reset(s);
                }

                @Override
                public String spec() {
                    return spec.text();
                }
            };
        }
    }

    /** One game from the start under {@code clock} between the specs of {@link Clocked} agents (South first). */
    private static MatchRecord play(Clocked f, GameClock clock, String south, String north) {
        GameRunner runner = new GameRunner(AgentRegistry.of(List.of(f)), RuleSet.DEFAULT, Position.start(RuleSet.DEFAULT),
                500, clock);
        return runner.play(new ScheduledGame(0, 0, new Opening(0, "", Position.start(RuleSet.DEFAULT).text()), south, north,
                org.owarelab.rules.Side.SOUTH, 1));
    }

    @Test
    void eachMoveGetsItsLimitFromTheMoversClock() {
        Clocked f = new Clocked();
        MatchRecord r = play(f, new GameClock(60_000, 600), "clocked", "clocked");
        assertNull(r.error(), r.error());
        // Both sides' first moves: a full clock.
        assertEquals(SearchLimit.clock(60_000, 600, 0), f.limits.get(0));
        assertEquals(SearchLimit.clock(60_000, 600, 0), f.limits.get(1));
        assertEquals(TimeControl.perMoveMillis(60_000, 600, 0), f.limits.get(0).movetimeMillis());
        assertTrue(f.limits.get(0).maxMillis() > f.limits.get(0).movetimeMillis());
        // Later moves: the clock grew by the increment (random moves take well under 600 ms).
        assertTrue(f.limits.get(2).movetimeMillis() > f.limits.get(0).movetimeMillis(), f.limits.get(2).toString());
    }

    @Test
    void movesShorterThanAMillisecondAreCharged() {
        // Ten moves of at least 0.4 ms each take at least 4 ms from a clock without increment; a clock
        // kept in whole milliseconds would charge them nothing.
        Clocked f = new Clocked();
        MatchRecord r = play(f, new GameClock(60_000, 0), "clocked:micros=400", "clocked:micros=400");
        assertNull(r.error(), r.error());
        assertTrue(f.limits.size() > 20, f.limits.size() + " moves");
        assertEquals(SearchLimit.clock(60_000, 0, 0), f.limits.get(0));
        SearchLimit eleventh = f.limits.get(20); // the first side's 11th move
        assertTrue(eleventh.movetimeMillis() <= TimeControl.perMoveMillis(60_000 - 4, 0, 0), eleventh.toString());
    }

    @Test
    void aSideWhoseClockRunsOutLosesOnTime() {
        MatchRecord r = play(new Clocked(), new GameClock(200, 0), "clocked:spin=true", "clocked");
        assertEquals(MatchRecord.ERROR, r.reason());
        assertTrue(r.error().contains("lost on time"), r.error());
        assertEquals(org.owarelab.rules.Side.NORTH, r.winner(), "the side on time wins");
    }
}
