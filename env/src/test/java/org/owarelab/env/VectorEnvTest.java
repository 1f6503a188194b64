package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.RuleSet;

class VectorEnvTest {
    private static final EnvConfig SHORT = EnvConfig.DEFAULT.withPlyCap(60).withOpeningPlies(4)
            .withReward(RewardMode.MARGIN);

    @Test
    void equalsNSingleEnvsUnderTheSameSeeds() {
        for (String encoder : Encoders.ids()) {
            EnvConfig config = SHORT.withEncoder(encoder);
            int n = 8;
            VectorEnv vec = new VectorEnv(config, n);
            vec.reset(99);
            int size = vec.observationSize();
            OwareEnv[] singles = new OwareEnv[n];
            for (int i = 0; i < n; i++) {
                singles[i] = new OwareEnv(config);
                TimeStep t = singles[i].reset(vec.episodeSeed(i));
                assertArrayEquals(t.observation(), slice(vec.observations(), i, size));
            }
            SeedStream random = new SeedStream(5);
            int[] actions = new int[n];
            int ended = 0;
            for (int step = 0; step < 400; step++) {
                for (int i = 0; i < n; i++) {
                    actions[i] = random.pick(vec.masks()[i]);
                }
                int[] movers = vec.toMove().clone();
                vec.step(actions);
                for (int i = 0; i < n; i++) {
                    TimeStep t = singles[i].step(actions[i]);
                    assertEquals(1 - movers[i], t.toMove(), "the side to move alternates");
                    assertEquals(t.southReward(), vec.rewards()[2 * i]);
                    assertEquals(t.northReward(), vec.rewards()[2 * i + 1]);
                    assertEquals(t.terminated(), vec.terminated()[i]);
                    assertEquals(t.truncated(), vec.truncated()[i]);
                    assertEquals(t.info().captured(), vec.captured()[i]);
                    if (t.done()) {
                        ended++;
                        assertArrayEquals(t.observation(), slice(vec.finalObservations(), i, size), "final observation");
                        assertEquals(t.info().southScore(), vec.finalScores()[2 * i]);
                        assertEquals(t.info().northScore(), vec.finalScores()[2 * i + 1]);
                        assertEquals(t.info().ply(), vec.episodeLengths()[i]);
                        assertEquals(t.info().endReason(), vec.endReason(i));
                        t = singles[i].reset(vec.episodeSeed(i));
                    }
                    assertArrayEquals(t.observation(), slice(vec.observations(), i, size), "sub-env " + i + " step " + step);
                    assertEquals(t.legalMask(), vec.masks()[i]);
                    assertEquals(t.toMove(), vec.toMove()[i]);
                }
            }
            assertTrue(ended > 20, "episodes of at most 60 plies end and auto-reset (" + ended + ")");
        }
    }

    private static float[] slice(float[] all, int i, int size) {
        return Arrays.copyOfRange(all, i * size, (i + 1) * size);
    }

    @Test
    void autoResetStartsAFreshSeededEpisode() {
        VectorEnv vec = new VectorEnv(SHORT, 4);
        vec.reset(1);
        Set<Long> seeds = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            seeds.add(vec.episodeSeed(i));
        }
        assertEquals(4, seeds.size(), "each sub-env has its own seed");
        SeedStream random = new SeedStream(2);
        int[] actions = new int[4];
        int resets = 0;
        while (resets < 10) {
            long[] before = {vec.episodeSeed(0), vec.episodeSeed(1), vec.episodeSeed(2), vec.episodeSeed(3)};
            for (int i = 0; i < 4; i++) {
                actions[i] = random.pick(vec.masks()[i]);
            }
            vec.step(actions);
            for (int i = 0; i < 4; i++) {
                boolean ended = vec.terminated()[i] || vec.truncated()[i];
                assertTrue(vec.masks()[i] != 0, "an ended episode is replaced at once");
                if (ended) {
                    resets++;
                    assertTrue(seeds.add(vec.episodeSeed(i)), "a new episode seed");
                    assertEquals(4, vec.board(i).ply(), "the new episode starts after its opening");
                    if (vec.truncated()[i]) {
                        assertEquals(60, vec.episodeLengths()[i], "truncated at the cap");
                    }
                } else {
                    assertEquals(before[i], vec.episodeSeed(i));
                }
            }
        }
    }

    @Test
    void sameSeedSameRun() {
        float[] a = run(7);
        assertArrayEquals(a, run(7));
        assertTrue(!Arrays.equals(a, run(8)));
    }

    private static float[] run(long seed) {
        VectorEnv vec = new VectorEnv(SHORT, 3);
        vec.reset(seed);
        SeedStream random = new SeedStream(3);
        int[] actions = new int[3];
        for (int s = 0; s < 100; s++) {
            for (int i = 0; i < 3; i++) {
                actions[i] = random.pick(vec.masks()[i]);
            }
            vec.step(actions);
        }
        return vec.observations().clone();
    }

    @Test
    void stepsAllocateNothing() {
        java.lang.management.ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        assumeTrue(bean instanceof com.sun.management.ThreadMXBean, "allocation counters need a HotSpot JVM");
        com.sun.management.ThreadMXBean hotspot = (com.sun.management.ThreadMXBean) bean;
        assumeTrue(hotspot.isThreadAllocatedMemorySupported() && hotspot.isThreadAllocatedMemoryEnabled());
        for (String encoder : Encoders.ids()) {
            // A cap of 60 plies keeps every board inside its initial 64-ply history.
            VectorEnv vec = new VectorEnv(SHORT.withEncoder(encoder), 16);
            vec.reset(3);
            SeedStream random = new SeedStream(4);
            int[] actions = new int[16];
            steps(vec, random, actions, 2_000); // warm-up, and the first auto-resets
            // The JVM may allocate a kilobyte or two on this thread once, at a moment that depends
            // on the JIT's progress (seen in the first window under load, never with -Xint), so one
            // window is not enough: the claim is that steps allocate nothing, i.e. the allocation
            // does not grow with the steps. Each window has about 1,000 auto-resets, so an allocation
            // per step or per reset shows in every window, and the least of them stays large.
            long[] windows = new long[5];
            for (int w = 0; w < windows.length; w++) {
                long before = hotspot.getCurrentThreadAllocatedBytes();
                steps(vec, random, actions, 4_000);
                windows[w] = hotspot.getCurrentThreadAllocatedBytes() - before;
            }
            long least = Arrays.stream(windows).min().getAsLong();
            assertTrue(least < 1024, encoder + ": every window of 64,000 sub-env steps allocated, bytes: "
                    + Arrays.toString(windows));
        }
    }

    private static void steps(VectorEnv vec, SeedStream random, int[] actions, int count) {
        int[] masks = vec.masks();
        for (int s = 0; s < count; s++) {
            for (int i = 0; i < actions.length; i++) {
                actions[i] = random.pick(masks[i]);
            }
            vec.step(actions);
        }
    }

    @Test
    void misuseIsRefusedWithoutMovingAnySubEnv() {
        VectorEnv vec = new VectorEnv(EnvConfig.DEFAULT, 3);
        IllegalStateException before = assertThrows(IllegalStateException.class, () -> vec.step(new int[3]));
        assertEquals("vector env: step before reset: call reset(seed) first", before.getMessage());
        vec.reset(0);
        vec.step(new int[] {0, 1, 2});
        // South played A, B, C; North now has all six moves, so action 6 is the bad one.
        IllegalActionException bad = assertThrows(IllegalActionException.class, () -> vec.step(new int[] {0, 6, 1}));
        assertTrue(bad.getMessage().startsWith("sub-env 1: action 6 (out of range"), bad.getMessage());
        assertEquals(1, vec.board(0).ply(), "no sub-env moved");
        assertThrows(IllegalArgumentException.class, () -> vec.step(new int[2]));
        assertThrows(EnvConfigException.class, () -> new VectorEnv(EnvConfig.DEFAULT, 0));
        assertThrows(EnvConfigException.class,
                () -> new VectorEnv(EnvConfig.DEFAULT, new CompactEncoder(RuleSet.parse("houses=5")), 2));
    }
}
