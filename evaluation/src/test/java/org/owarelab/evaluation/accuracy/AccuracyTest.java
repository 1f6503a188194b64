package org.owarelab.evaluation.accuracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;

class AccuracyTest {
    @Test
    void wilsonIntervalsOfKnownCounts() {
        double[] half = Accuracy.wilson(5, 10);
        assertEquals(0.2366, half[0], 1e-4);
        assertEquals(0.7634, half[1], 1e-4);
        double[] none = Accuracy.wilson(0, 10);
        assertEquals(0.0, none[0]);
        assertEquals(0.2775, none[1], 1e-4);
        assertEquals(1.0, Accuracy.wilson(10, 10)[1]);
    }

    @Test
    void samplesAreJudgeableAndTheRatesAreCountsOverPositions() {
        EndgameTable table = new TableBuilder(RuleSet.DEFAULT, 6, 2, line -> { }).build();
        var random = BuiltInAgents.registry().create("random", RuleSet.DEFAULT, 1);
        List<Accuracy.Row> rows = Accuracy.run(table, random, SearchLimit.NONE, 4, 6, 60, 3, line -> { });
        assertEquals(3, rows.size());
        for (Accuracy.Row r : rows) {
            assertEquals(60, r.positions());
            assertTrue(r.optimal() <= r.outcomeKept(), "an optimal move keeps the outcome: " + r);
            assertTrue(r.optimal() < r.positions(), "a random mover misses some perfect moves: " + r);
            assertTrue(r.meanLoss() > 0 && r.lossLo() <= r.meanLoss() && r.meanLoss() <= r.lossHi());
            assertTrue(r.keptShare() > 0 && r.keptShare() <= 1);
        }
    }

    @Test
    void poolingSumsTheCountsAndRecoversTheLossInterval() {
        // Row A: losses {0, 0, 2, 2} (mean 1, sd 1.155); row B: losses {1, 1} (mean 1, sd 0).
        Accuracy.Row a = row(3, new int[] {0, 0, 2, 2});
        Accuracy.Row b = row(4, new int[] {1, 1});
        Accuracy.Row one = Accuracy.pooled(List.of(a));
        assertEquals(a.meanLoss(), one.meanLoss(), 1e-12);
        assertEquals(a.lossHi(), one.lossHi(), 1e-9, "one row pools to itself");
        Accuracy.Row all = Accuracy.pooled(List.of(a, b, new Accuracy.Row(5, 0, 0, 0, 0, 0, 0, 0)));
        assertEquals(0, all.seeds());
        assertEquals(6, all.positions());
        assertEquals(2, all.optimal());
        assertEquals(1.0, all.meanLoss(), 1e-12);
        // All six losses {0, 0, 2, 2, 1, 1}: sample variance 4/5, half-width 1.96 * sqrt(0.8 / 6).
        assertEquals(1.959963984540054 * Math.sqrt(0.8 / 6), all.lossHi() - all.meanLoss(), 1e-9);
        assertEquals(0.5, all.keptShare(), 1e-12, "6 kept of 12 draws");
    }

    /** A row as {@link Accuracy#run} makes it from these losses (optimal = loss 0, outcome kept always), half the draws kept. */
    private static Accuracy.Row row(int seeds, int[] losses) {
        int n = losses.length;
        double mean = java.util.Arrays.stream(losses).average().orElse(0);
        double var = java.util.Arrays.stream(losses).mapToDouble(x -> (x - mean) * (x - mean)).sum() / (n - 1);
        double half = 1.959963984540054 * Math.sqrt(var / n);
        int optimal = (int) java.util.Arrays.stream(losses).filter(x -> x == 0).count();
        return new Accuracy.Row(seeds, n, optimal, n, mean, Math.max(0, mean - half), mean + half, 0.5);
    }
}
