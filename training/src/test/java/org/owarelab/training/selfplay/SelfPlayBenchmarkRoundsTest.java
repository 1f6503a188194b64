package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class SelfPlayBenchmarkRoundsTest {
    /** A round of {@code evaluated} evaluations in {@code seconds}, against a raw throughput of {@code raw}/s. */
    private static SelfPlayBenchmark.Result round(long evaluated, double seconds, double raw) {
        SelfPlayStats s = new SelfPlayStats(1, 10, 20, 100, 5, evaluated, 0, 0, 0, 0);
        return new SelfPlayBenchmark.Result(2, s, seconds, 2 * seconds, seconds, raw);
    }

    @Test
    void roundsAreSummedAndTheirRawThroughputAndEfficiencyAreMedians() {
        // efficiencies 0.5, 0.8, 0.6 (evaluated / seconds / raw)
        SelfPlayBenchmark.Rounds r = SelfPlayBenchmark.Rounds.of(List.of(round(500, 1, 1000), round(1600, 2, 1000),
                round(600, 1, 1000)));
        assertEquals(0.6, r.medianEfficiency(), 1e-12);
        assertEquals(0.5, r.minEfficiency(), 1e-12);
        assertEquals(0.8, r.maxEfficiency(), 1e-12);
        assertEquals(2700, r.joined().stats().evaluated());
        assertEquals(4, r.joined().seconds(), 0);
        assertEquals(1000, r.joined().rawEvalsPerSecond(), 0);
        SelfPlayBenchmark.Rounds two = SelfPlayBenchmark.Rounds.of(List.of(round(500, 1, 1000), round(800, 1, 2000)));
        assertEquals(1500, two.joined().rawEvalsPerSecond(), 0, "an even count: the mean of the middle two");
        assertThrows(IllegalArgumentException.class, () -> SelfPlayBenchmark.Rounds.of(List.of()));
    }

    @Test
    void thePlayoutCapOptionReadsPAndFastAndSaysWhatIsWrong() {
        assertEquals(new SelfPlayConfig.PlayoutCap(0.25, 40), SelfPlayConfig.PlayoutCap.parse(" 0.25, 40", 200));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SelfPlayConfig.PlayoutCap.parse("0.25", 200))
                .getMessage().startsWith("expected P,FAST"));
        assertEquals("FAST (400) must be at most --sims (200)", assertThrows(IllegalArgumentException.class,
                () -> SelfPlayConfig.PlayoutCap.parse("0.25,400", 200)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SelfPlayConfig.PlayoutCap.parse("1.5,40", 200))
                .getMessage().contains("playoutCap.fullProbability=1.5"));
    }
}
