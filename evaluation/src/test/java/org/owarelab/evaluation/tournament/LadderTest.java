package org.owarelab.evaluation.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.AgentSpec;
import org.owarelab.evaluation.TestAgents;
import org.owarelab.evaluation.report.Report;
import org.owarelab.evaluation.report.TrainingPoint;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.rules.RuleSet;

class LadderTest {
    @TempDir
    Path run;

    /** A fake checkpoint: a directory with a meta.json (no network: the tests map it to ordinary agents). */
    static Path checkpoint(Path run, String name, String meta) throws IOException {
        Path dir = run.resolve(RunCheckpoints.DIR).resolve(name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(RunCheckpoints.META), meta);
        return dir;
    }

    @Test
    void listsCheckpointsByStepWithTheirTimes() throws IOException {
        checkpoint(run, "step-20", "{\"step\":20,\"wallSeconds\":70.5,\"rules\":\"\"}");
        checkpoint(run, "step-3", "{\"step\":3,\"wallSeconds\":9}");
        checkpoint(run, ".step-40.tmp-1", "{\"step\":40}");
        Files.createDirectories(run.resolve("checkpoints/empty"));
        List<Checkpoint> list = RunCheckpoints.list(run);
        assertEquals(List.of("step-3", "step-20"), list.stream().map(Checkpoint::name).toList());
        assertEquals(9, list.get(0).seconds());
        assertEquals(70.5, list.get(1).seconds());
        assertEquals("", list.get(1).rules());
        assertEquals(null, list.get(0).rules());
    }

    @Test
    void withoutWallSecondsTimesCountFromTheFirstCheckpointsCreation() throws IOException {
        checkpoint(run, "a", "{\"step\":100,\"created\":\"2026-01-01T00:10:00Z\"}");
        checkpoint(run, "b", "{\"step\":50,\"created\":\"2026-01-01T00:00:00Z\",\"wallSeconds\":1}");
        Path c = checkpoint(run, "c", "{\"step\":150}");
        // c says nothing: the time meta.json was written counts.
        Files.setLastModifiedTime(c.resolve("meta.json"), FileTime.fromMillis(
                java.time.Instant.parse("2026-01-01T00:30:00Z").toEpochMilli()));
        List<Checkpoint> list = RunCheckpoints.list(run);
        assertEquals(List.of(0.0, 600.0, 1800.0), list.stream().map(Checkpoint::seconds).toList());
    }

    @Test
    void withoutWallSecondsTheRunsMetricsGiveTheTrainingSecondsOfEachCheckpoint() throws IOException {
        checkpoint(run, "a", "{\"step\":100,\"created\":\"2026-01-01T00:10:00Z\"}");
        checkpoint(run, "b", "{\"step\":50,\"created\":\"2026-01-01T00:00:00Z\"}");
        Files.writeString(run.resolve(RunCheckpoints.METRICS), """
                {"generation":1,"step":50,"seconds":297.5}
                {"generation":2,"step":75,"seconds":400}
                not a metrics line
                {"generation":3,"step":100,"seconds":724}
                {"generation":4,"step":12""");
        List<Checkpoint> list = RunCheckpoints.list(run);
        assertEquals(List.of(297.5, 724.0), list.stream().map(Checkpoint::seconds).toList(),
                "the first checkpoint is at its training time, not at 0");

        // A checkpoint the metrics do not list: creation times for all, as before.
        checkpoint(run, "c", "{\"step\":120,\"created\":\"2026-01-01T00:20:00Z\"}");
        assertEquals(List.of(0.0, 600.0, 1200.0), RunCheckpoints.list(run).stream().map(Checkpoint::seconds).toList());
    }

    @Test
    void aRunWithoutCheckpointsOrWithBadMetadataIsAnError() throws IOException {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunCheckpoints.list(run));
        assertTrue(e.getMessage().contains("has no checkpoints"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RunCheckpoints.list(run.resolve("nope")));
        assertTrue(e.getMessage().contains("not a directory"), e.getMessage());
        checkpoint(run, "x", "{\"created\":5}");
        e = assertThrows(IllegalArgumentException.class, () -> RunCheckpoints.list(run));
        assertTrue(e.getMessage().contains("meta.json: \"step\" must be a whole number >= 0"), e.getMessage());
    }

    @Test
    void templatesQuotePathsThatNeedIt() throws IOException {
        Path odd = checkpoint(run, "step 7,b", "{\"step\":7,\"wallSeconds\":1}");
        Checkpoint c = RunCheckpoints.list(run).get(0);
        String spec = Ladder.template(Ladder.DEFAULT_TEMPLATE, 64).apply(c);
        assertEquals(odd.toString(), AgentSpec.parse(spec).string("model", null));
        assertEquals("64", AgentSpec.parse(spec).string("sims", null));
        assertThrows(IllegalArgumentException.class, () -> Ladder.template("mcts:sims=10", 1));
    }

    @Test
    void checkpointsPlayTheLadderAndEachOtherAndTheReportPlotsEloAgainstTraining() throws Exception {
        checkpoint(run, "s2", "{\"step\":2,\"wallSeconds\":10}");
        checkpoint(run, "s30", "{\"step\":30,\"wallSeconds\":100}");
        checkpoint(run, "other-rules", "{\"step\":31,\"wallSeconds\":101,\"rules\":\"houses=4\"}");
        Ladder ladder = Ladder.of(run, List.of("random", "greedy"), Ladder.template("mcts:sims={step}", 0),
                RuleSet.DEFAULT);
        assertEquals(List.of("random", "greedy", "mcts:sims=2", "mcts:sims=30"), ladder.players());
        assertEquals(1, ladder.excluded().size());
        assertTrue(ladder.excluded().values().iterator().next().contains("trained for rules 'houses=4'"));
        String name = run.getFileName().toString();
        assertEquals(List.of(new TrainingPoint("mcts:sims=2", name, 2, 10), new TrainingPoint("mcts:sims=30", name, 30,
                100)), ladder.trainingPoints());

        Path out = run.resolve("ladder");
        TournamentConfig c = new TournamentConfig(ladder.players(), null, 2, 2, ArenaSettings.of(RuleSet.DEFAULT, 1),
                null);
        TournamentResult r = Tournament.prepare(TestAgents.AGENTS, c, out).play(TournamentListener.NONE);
        assertEquals(6 * 2, r.games().size());
        TrainingPoint.write(out.resolve(TrainingPoint.FILE), ladder.trainingPoints());
        List<Path> files = Report.render(out, EloOptions.defaults());
        assertTrue(files.contains(out.resolve(Report.STEPS_PNG)), files.toString());
        assertTrue(files.contains(out.resolve(Report.TIME_PNG)), files.toString());
    }

    @Test
    void everyKeepsTheFirstEachKthAndTheLatestCheckpoint() throws IOException {
        for (int step = 1; step <= 8; step++) {
            checkpoint(run, "s" + step, "{\"step\":" + step + ",\"wallSeconds\":" + step + "}");
        }
        Ladder all = Ladder.of(run, List.of("random"), Ladder.template("mcts:sims={step}", 0), RuleSet.DEFAULT);
        assertEquals(all.players(), all.every(1).players());
        assertEquals(List.of("random", "mcts:sims=1", "mcts:sims=4", "mcts:sims=7", "mcts:sims=8"),
                all.every(3).players());
        assertEquals(List.of("random", "mcts:sims=1", "mcts:sims=5", "mcts:sims=8"), all.every(4).players());
        assertEquals(List.of("random", "mcts:sims=1", "mcts:sims=8"), all.every(100).players());
        assertEquals(List.of(1L, 4L, 7L, 8L), all.every(3).trainingPoints().stream().map(TrainingPoint::step).toList());
        assertThrows(IllegalArgumentException.class, () -> all.every(0));
    }

    @Test
    void severalRunsPlayInOneLadderEachCheckpointNamedByItsRun() throws IOException {
        Path a = run.resolve("a");
        Path b = run.resolve("b");
        checkpoint(a, "s10", "{\"step\":10,\"wallSeconds\":60}");
        checkpoint(a, "s20", "{\"step\":20,\"wallSeconds\":120}");
        checkpoint(b, "s5", "{\"step\":5,\"wallSeconds\":90}");
        Ladder ladder = Ladder.of(List.of(a, b), List.of("random"), Ladder.template("puct:model={path}", 0),
                RuleSet.DEFAULT);
        assertEquals(List.of("a", "b"), ladder.runs());
        assertEquals(List.of("a", "a", "b"), ladder.trainingPoints().stream().map(TrainingPoint::run).toList());
        assertEquals(List.of(10L, 20L, 5L), ladder.trainingPoints().stream().map(TrainingPoint::step).toList());
        // every: per run, so each run keeps its first and latest.
        assertEquals(List.of(10L, 20L, 5L), ladder.every(5).trainingPoints().stream().map(TrainingPoint::step).toList());

        // A template that does not tell the runs' checkpoints apart would merge two players: refused.
        checkpoint(b, "s10", "{\"step\":10,\"wallSeconds\":100}");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Ladder.of(List.of(a, b),
                List.of("random"), Ladder.template("mcts:sims={step}", 0), RuleSet.DEFAULT));
        assertTrue(e.getMessage().contains("would both play as 'mcts:sims=10'"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Ladder.of(List.of(a, a.resolve("..").resolve("a")),
                List.of("random"), Ladder.template("puct:model={path}", 0), RuleSet.DEFAULT));
        assertTrue(e.getMessage().contains("is named twice"), e.getMessage());
    }

    @Test
    void runsThatShareADirectoryNameAreNamedByTheirPaths() throws IOException {
        Path a = run.resolve("x").resolve("run");
        Path b = run.resolve("y").resolve("run");
        checkpoint(a, "s1", "{\"step\":1,\"wallSeconds\":1}");
        checkpoint(b, "s1", "{\"step\":1,\"wallSeconds\":1}");
        Ladder ladder = Ladder.of(List.of(a, b), List.of("random"), Ladder.template("puct:model={path}", 0),
                RuleSet.DEFAULT);
        assertEquals(List.of(a.toString(), b.toString()), ladder.runs());
    }

    @Test
    void nearestPicksEachRunsCheckpointsAtTheSameTrainingTimes() throws IOException {
        Path a = run.resolve("a");
        Path b = run.resolve("b");
        for (int m : new int[] {5, 10, 15, 20, 25, 30}) { // every 5 minutes
            checkpoint(a, "s" + m, "{\"step\":" + m + ",\"wallSeconds\":" + 60 * m + "}");
        }
        for (int m : new int[] {8, 16, 24, 32}) { // every 8 minutes
            checkpoint(b, "s" + m, "{\"step\":" + m + ",\"wallSeconds\":" + 60 * m + "}");
        }
        Ladder all = Ladder.of(List.of(a, b), List.of("random"), Ladder.template("puct:model={path}", 0),
                RuleSet.DEFAULT);
        Ladder picked = all.nearest(List.of(10.0, 22.5, 31.0));
        // a: 10 -> 10; 22.5 -> 20 (tie with 25: the earlier); 31 -> 30. b: 10 -> 8; 22.5 -> 24; 31 -> 32.
        assertEquals(List.of(10L, 20L, 30L, 8L, 24L, 32L),
                picked.trainingPoints().stream().map(TrainingPoint::step).toList());
        // Two times nearest one checkpoint: it plays once.
        assertEquals(List.of(5L, 8L), all.nearest(List.of(0.0, 1.0)).trainingPoints().stream()
                .map(TrainingPoint::step).toList());
        assertThrows(IllegalArgumentException.class, () -> all.nearest(List.of()));
        assertThrows(IllegalArgumentException.class, () -> all.nearest(List.of(-1.0)));
        assertThrows(IllegalArgumentException.class, () -> all.nearest(List.of(Double.NaN)));
    }
}
