package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.owarelab.rules.RuleSet;

class EnvBenchTest {
    private static final EnvConfig CONFIG = EnvConfig.parse("", RuleSet.DEFAULT);

    @Test
    void pickChoosesEverySetBitAndNoOther() {
        int mask = 0b101101;
        int seen = 0;
        for (long x = 1, i = 0; i < 1000; i++) {
            x = org.owarelab.util.BenchLoops.xorshift(x);
            int m = EnvBench.pick(mask, x);
            assertTrue((mask & 1 << m) != 0, "bit " + m);
            seen |= 1 << m;
        }
        assertEquals(mask, seen);
        assertEquals(3, EnvBench.pick(0b1000, 12345));
    }

    @Test
    void singleRunCountsWholeBlocksOfStepsAndItsEpisodes() {
        EnvBench.Run r = EnvBench.single(new OwareEnv(CONFIG), 1, 0.05);
        assertTrue(r.steps() >= 4096 && r.steps() % 4096 == 0, "" + r.steps());
        assertTrue(r.episodes() > 0 && r.episodes() < r.steps(), "" + r.episodes());
        assertTrue(r.wallNanos() >= 50_000_000L && r.cpuNanos() > 0);
        assertTrue(r.perSecond() > 0 && r.perCpuSecond() > 0);
    }

    @Test
    void vectorRunStepsEverySubEnv() {
        VectorEnv vec = new VectorEnv(CONFIG, 8);
        EnvBench.Run r = EnvBench.vector(vec, 1, 0.02);
        assertTrue(r.steps() >= 64 * 8 && r.steps() % (64 * 8) == 0, "" + r.steps());
        assertTrue(r.episodes() > 0, "games of random moves end well within the steps: " + r.episodes());
    }
}
