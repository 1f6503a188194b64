package org.owarelab.evaluation.accuracy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
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
    void progressWithinASeedCountCountsThePositionsDone() {
        EndgameTable table = new TableBuilder(RuleSet.DEFAULT, 5, 2, line -> { }).build();
        var random = BuiltInAgents.registry().create("random", RuleSet.DEFAULT, 1);
        List<String> lines = new java.util.ArrayList<>();
        Accuracy.run(table, List.of(random), SearchLimit.NONE, 5, 5, 20, 3, lines::add, 0);
        // period 0: a line after every position but the last, then the seed count's own line
        assertEquals(20, lines.size(), lines.toString());
        assertEquals("accuracy: 5 seeds: 7/20 positions", lines.get(6).substring(0, lines.get(6).indexOf(',')));
        assertTrue(lines.get(6).contains(" s left"), lines.get(6));
        assertTrue(lines.get(19).startsWith("accuracy: 5 seeds: 20 positions, optimal "), lines.get(19));
    }

    @Test
    void severalInstancesGiveTheSameRowsAsOne() {
        // The random mover's moves depend on its seed alone: the rows match only if every position is
        // decided with its own seed, whichever instance (thread) takes it.
        EndgameTable table = new TableBuilder(RuleSet.DEFAULT, 6, 2, line -> { }).build();
        var registry = BuiltInAgents.registry();
        List<Accuracy.Row> one = Accuracy.run(table, registry.create("random", RuleSet.DEFAULT, 1), SearchLimit.NONE,
                4, 6, 80, 5, line -> { });
        List<Agent> three = List.of(registry.create("random", RuleSet.DEFAULT, 1),
                registry.create("random", RuleSet.DEFAULT, 2), registry.create("random", RuleSet.DEFAULT, 3));
        assertEquals(one, Accuracy.run(table, three, SearchLimit.NONE, 4, 6, 80, 5, line -> { }));
        assertTrue(one.stream().allMatch(r -> r.positions() == 80 && r.optimal() < 80), one.toString());
    }

    @Test
    void anAgentsFailureOnAThreadIsThrownByTheRun() {
        EndgameTable table = new TableBuilder(RuleSet.DEFAULT, 6, 2, line -> { }).build();
        Agent illegal = new Agent() {
            @Override
            public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
                int m = 0;
                while (board.isLegal(m)) {
                    m++;
                }
                return new Decision(m, new float[board.housesPerSide()], 0f, 1, 0, 0L, new int[] {m});
            }

            @Override
            public void reset(long seed) {
            }

            @Override
            public String spec() {
                return "illegal";
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Accuracy.run(table, List.of(illegal, illegal), SearchLimit.NONE, 6, 6, 40, 1, line -> { }));
        assertTrue(e.getMessage().startsWith("illegal played an illegal move"), e.getMessage());
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
