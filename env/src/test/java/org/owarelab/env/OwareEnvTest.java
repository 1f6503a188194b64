package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.RulesException;
import org.owarelab.rules.Side;

class OwareEnvTest {
    private static final Position START = Position.start(RuleSet.DEFAULT);
    /** South to move; F sows its one seed into a (1 -> 2) and captures it: 26 > 24, a threshold win. */
    private static final Position THRESHOLD = Position.parse("0-0-0-0-0-1-1-1-0-0-0-0-24-21-S", RuleSet.DEFAULT);

    @Test
    void resetGivesTheStartAndTheRulesMask() {
        TimeStep t = new OwareEnv().reset(1);
        assertEquals(0b111111, t.legalMask());
        assertEquals(Side.SOUTH, t.toMove());
        assertFalse(t.done());
        assertEquals(new StepInfo(0, 0, 0, 0, 0, null, 0), t.info());
        assertEquals(14, t.observation().length);
    }

    @Test
    void sameSeedAndActionsGiveTheSameEpisode() {
        EnvConfig c = EnvConfig.DEFAULT.withOpeningPlies(5).withReward(RewardMode.MARGIN);
        float[] a = playRandom(new OwareEnv(c), 11, 3);
        float[] b = playRandom(new OwareEnv(c), 11, 3);
        assertArrayEquals(a, b);
        assertFalse(java.util.Arrays.equals(a, playRandom(new OwareEnv(c), 12, 3)), "another seed, another game");
    }

    /** Plays a random game and returns the concatenated observations and rewards. */
    private static float[] playRandom(OwareEnv env, long seed, long actionSeed) {
        SeedStream random = new SeedStream(actionSeed);
        TimeStep t = env.reset(seed);
        float[] trace = new float[0];
        while (true) {
            int at = trace.length;
            trace = java.util.Arrays.copyOf(trace, at + t.observation().length + 2);
            System.arraycopy(t.observation(), 0, trace, at, t.observation().length);
            trace[trace.length - 2] = t.southReward();
            trace[trace.length - 1] = t.northReward();
            if (t.done()) {
                return trace;
            }
            t = env.step(random.pick(t.legalMask()));
        }
    }

    @Test
    void masksFollowTheRulesAndTheEndHasAnEmptyMask() {
        OwareEnv env = new OwareEnv();
        for (long seed = 0; seed < 20; seed++) {
            TimeStep t = env.reset(seed);
            Board ref = new Board();
            SeedStream random = new SeedStream(seed);
            while (!t.done()) {
                assertEquals(ref.legalMask(), t.legalMask());
                int a = random.pick(t.legalMask());
                t = env.step(a);
                ref.play(a);
            }
            assertEquals(0, t.legalMask());
            assertEquals(0, env.legalMask());
            assertEquals(t.terminated(), ref.isOver());
        }
    }

    @Test
    void thresholdWinPaysTheResultZeroSum() {
        OwareEnv env = new OwareEnv();
        env.reset(THRESHOLD, 0);
        TimeStep t = env.step(5);
        assertTrue(t.terminated());
        assertFalse(t.truncated());
        assertEquals(0, t.legalMask());
        assertEquals(1f, t.reward(Side.SOUTH));
        assertEquals(-1f, t.reward(Side.NORTH));
        assertEquals(new StepInfo(26, 21, 26, 21, 1, EndReason.THRESHOLD, 2), t.info());
    }

    @Test
    void marginRewardsPayCapturesAndSumToTheMarginGained() {
        OwareEnv env = new OwareEnv(EnvConfig.DEFAULT.withReward(RewardMode.MARGIN));
        env.reset(THRESHOLD, 0);
        TimeStep t = env.step(5);
        // Margin 24-21 = 3 at the reset, 26-21 = 5 at the end: +2/48 for South.
        assertEquals(2f / 48, t.reward(Side.SOUTH), 1e-7);
        assertEquals(-2f / 48, t.reward(Side.NORTH), 1e-7);
    }

    @Test
    void returnsEqualTheSumOfRewardsInBothModes() {
        for (RewardMode mode : RewardMode.values()) {
            OwareEnv env = new OwareEnv(EnvConfig.DEFAULT.withReward(mode));
            for (long seed = 0; seed < 30; seed++) {
                SeedStream random = new SeedStream(seed);
                TimeStep t = env.reset(seed);
                float south = 0;
                float north = 0;
                while (!t.done()) {
                    t = env.step(random.pick(t.legalMask()));
                    assertEquals(0f, t.southReward() + t.northReward(), "zero-sum");
                    south += t.southReward();
                    north += t.northReward();
                }
                int margin = t.info().southScore() - t.info().northScore();
                float expected = mode == RewardMode.RESULT ? Integer.signum(margin) : margin / 48f;
                if (t.terminated() && mode == RewardMode.RESULT) {
                    assertEquals(env.board().result(Side.SOUTH), expected);
                }
                assertEquals(expected, south, 1e-5);
                assertEquals(-expected, north, 1e-5);
            }
        }
    }

    @Test
    void truncationAtTheCapIsScoredByTheChosenRule() {
        // After F from the start South holds 4+4+4+4+4+0 = 20 and North 5+5+5+5+4+4 = 28 (RULES.md example 1).
        float[][] expected = { // {result reward, margin reward} for South
            {-1f, -8f / 48}, // own-side: 20:28
            {0f, 0f}, // stores: 0:0
            {0f, 0f}, // draw
        };
        int[][] scores = {{20, 28}, {0, 0}, {0, 0}};
        for (TruncationRule rule : TruncationRule.values()) {
            for (RewardMode mode : RewardMode.values()) {
                OwareEnv env = new OwareEnv(EnvConfig.DEFAULT.withPlyCap(1).withTruncation(rule).withReward(mode));
                env.reset(START, 0);
                TimeStep t = env.step(5);
                assertTrue(t.truncated(), rule + "/" + mode);
                assertFalse(t.terminated());
                assertEquals(0, t.legalMask(), "a truncated episode has an empty mask");
                assertNull(t.info().endReason());
                assertEquals(expected[rule.ordinal()][mode.ordinal()], t.reward(Side.SOUTH), 1e-7, rule + "/" + mode);
                assertEquals(scores[rule.ordinal()][0], t.info().southScore());
                assertEquals(scores[rule.ordinal()][1], t.info().northScore());
            }
        }
    }

    @Test
    void randomEpisodesNeverPassTheCap() {
        OwareEnv env = new OwareEnv(EnvConfig.DEFAULT.withPlyCap(40).withOpeningPlies(10));
        int truncated = 0;
        for (long seed = 0; seed < 20; seed++) {
            SeedStream random = new SeedStream(seed);
            TimeStep t = env.reset(seed);
            while (!t.done()) {
                t = env.step(random.pick(t.legalMask()));
            }
            assertTrue(t.info().ply() <= 40);
            if (t.truncated()) {
                truncated++;
                assertEquals(40, t.info().ply());
            }
        }
        assertTrue(truncated > 0, "random games of 40 plies are sometimes cut off");
    }

    @Test
    void openingsAreRandomLegalPliesFixedByTheSeed() {
        OwareEnv a = new OwareEnv(EnvConfig.DEFAULT.withOpeningPlies(6));
        OwareEnv b = new OwareEnv(EnvConfig.DEFAULT.withOpeningPlies(6));
        Set<Position> openings = new HashSet<>();
        for (long seed = 0; seed < 30; seed++) {
            TimeStep t = a.reset(seed);
            assertEquals(6, t.info().ply());
            assertFalse(t.done());
            assertArrayEquals(t.observation(), b.reset(seed).observation());
            assertEquals(a.board().position(), b.board().position());
            openings.add(a.board().position());
        }
        assertTrue(openings.size() > 25, "30 seeds gave only " + openings.size() + " openings");
        // reset(position) starts exactly there, with no random plies.
        assertEquals(0, a.reset(START, 5).info().ply());
        assertEquals(START, a.board().position());
    }

    @Test
    void illegalActionNamesTheActionAndTheMask() {
        OwareEnv env = new OwareEnv();
        env.reset(THRESHOLD, 0);
        IllegalActionException e = assertThrows(IllegalActionException.class, () -> env.step(2));
        assertEquals("action 2 (C) is not legal at ply 0: legal mask 0b100000 = actions [5] (F)", e.getMessage());
        assertEquals(2, e.action());
        assertEquals(0b100000, e.legalMask());
        IllegalActionException out = assertThrows(IllegalActionException.class, () -> env.step(6));
        assertTrue(out.getMessage().startsWith("action 6 (out of range: actions are 0..5"), out.getMessage());
        assertFalse(env.isDone(), "a refused action changes nothing");
        assertEquals(THRESHOLD, env.board().position());
    }

    @Test
    void steppingBeforeResetOrAfterTheEndIsRefused() {
        OwareEnv env = new OwareEnv();
        IllegalStateException before = assertThrows(IllegalStateException.class, () -> env.step(0));
        assertEquals("step before reset: call reset(seed) first", before.getMessage());
        env.reset(THRESHOLD, 0);
        env.step(5);
        IllegalStateException after = assertThrows(IllegalStateException.class, () -> env.step(0));
        assertEquals("step after the episode ended: it terminated (threshold) at ply 1; call reset(seed) first",
                after.getMessage());
        env.reset(3); // and a reset makes it usable again
        assertEquals(1, env.step(0).info().ply());
    }

    @Test
    void resetRefusesFinishedPositionsAndOtherRules() {
        OwareEnv env = new OwareEnv();
        Position noFeed = Position.parse("1-1-0-0-0-0-0-0-0-0-0-0-23-23-S", RuleSet.DEFAULT);
        RulesException over = assertThrows(RulesException.class, () -> env.reset(noFeed, 0));
        assertTrue(over.getMessage().contains("is already over (no-moves)"), over.getMessage());
        Position small = Position.start(RuleSet.parse("houses=4,seeds=3"));
        RulesException other = assertThrows(RulesException.class, () -> env.reset(small, 0));
        assertTrue(other.getMessage().contains("for rules houses=4,seeds=3 in an environment for rules default"),
                other.getMessage());
        assertThrows(EnvConfigException.class,
                () -> new OwareEnv(EnvConfig.DEFAULT, new CompactEncoder(RuleSet.parse("houses=4"))));
    }
}
