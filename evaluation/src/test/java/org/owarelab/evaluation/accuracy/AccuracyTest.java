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
}
