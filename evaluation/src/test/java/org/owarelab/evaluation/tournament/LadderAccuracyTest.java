package org.owarelab.evaluation.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.evaluation.report.Csv;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;

class LadderAccuracyTest {
    @TempDir
    Path run;

    @Test
    void theCsvHasFifteenColumnsAndLeavesAMissingEloEmpty() {
        Accuracy.Row row = new Accuracy.Row(0, 40, 30, 36, 0.25, 0.125, 0.375, 0.5);
        List<LadderAccuracy.Entry> entries = List.of(
                new LadderAccuracy.Entry("step-2", 2, new Rating("x", 12.34, -3.06, 27.75, 10, 0.5), row),
                new LadderAccuracy.Entry("a/step-9", 9, null, row));
        String[] lines = LadderAccuracy.csv(entries).split("\n", -1);
        assertEquals("checkpoint,step,elo,elo_lo,elo_hi,positions,optimal,optimal_lo,optimal_hi,outcome,outcome_lo,"
                + "outcome_hi,seed_loss,seed_loss_lo,seed_loss_hi", lines[0]);
        double[] oi = row.optimalInterval();
        double[] ci = row.outcomeInterval();
        String rates = String.format(java.util.Locale.ROOT, "40,0.7500,%.4f,%.4f,0.9000,%.4f,%.4f,0.2500,0.1250,0.3750",
                oi[0], oi[1], ci[0], ci[1]);
        assertEquals("step-2,2,12.3,-3.1,27.8," + rates, lines[1]);
        assertEquals("a/step-9,9,,,," + rates, lines[2]);
        assertEquals("", lines[3], "every line ends in a newline");
        assertEquals(15, Csv.parse(lines[2]).size());
    }

    @Test
    void eachCheckpointIsMeasuredInTheLaddersOrderAndJoinedWithItsRating() throws Exception {
        LadderTest.checkpoint(run, "s2", "{\"step\":2,\"wallSeconds\":10}");
        LadderTest.checkpoint(run, "s30", "{\"step\":30,\"wallSeconds\":100}");
        // The checkpoints stand for ordinary agents: step 2 plays at random, step 30 greedily.
        Ladder ladder = Ladder.of(run, List.of("random"), c -> c.step() == 2 ? "random" : "greedy", RuleSet.DEFAULT);
        EndgameTable table = new TableBuilder(RuleSet.DEFAULT, 4, 2, line -> { }).build();
        List<String> progress = new ArrayList<>();
        List<LadderAccuracy.Entry> told = new ArrayList<>();
        List<LadderAccuracy.Entry> entries = LadderAccuracy.measure(ladder, BuiltInAgents.registry(), table,
                RuleSet.DEFAULT, 10, 1, List.of(new Rating("greedy", 50, 40, 60, 8, 0.6)),
                (label, line) -> progress.add(label), told::add);
        assertEquals(entries, told);
        assertEquals(List.of("s2", "s30"), entries.stream().map(LadderAccuracy.Entry::label).toList());
        assertEquals(List.of(2L, 30L), entries.stream().map(LadderAccuracy.Entry::step).toList());
        assertNull(entries.get(0).elo(), "no rating for the random checkpoint");
        assertEquals(50, entries.get(1).elo().elo());
        // Pooled over the seed counts 2 up to the table's, as Accuracy pools them.
        assertEquals(2, LadderAccuracy.fromSeeds(table));
        assertEquals(Accuracy.pooled(Accuracy.run(table, BuiltInAgents.registry().create("greedy", RuleSet.DEFAULT, 1),
                org.owarelab.agents.SearchLimit.NONE, 2, table.maxSeeds(), 10, 1, line -> { })), entries.get(1).accuracy());
        assertEquals(List.of("s2", "s30"), progress.stream().distinct().toList());
        Path file = LadderAccuracy.write(run, entries);
        assertEquals(run.resolve(LadderAccuracy.FILE), file);
        assertEquals(LadderAccuracy.csv(entries), Files.readString(file));
    }
}
