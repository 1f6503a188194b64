package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.report.TrainingPoint;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.TableBuilder;

class LadderCommandTest {
    @TempDir
    Path run;

    private void checkpoint(String name, String meta) throws Exception {
        checkpoint(run, name, meta);
    }

    private static void checkpoint(Path run, String name, String meta) throws Exception {
        Path dir = run.resolve("checkpoints").resolve(name);
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("meta.json"), meta);
    }

    @Test
    void ratesCheckpointsAgainstTheLadderAndPlotsEloAgainstTraining() throws Exception {
        checkpoint("step-2", "{\"step\":2,\"wallSeconds\":5}");
        checkpoint("step-40", "{\"step\":40,\"wallSeconds\":60}");
        // Fake checkpoints played by ordinary agents: the spec template maps a checkpoint to MCTS by its step.
        Cli r = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "greedy", "--checkpoint-spec",
                "mcts:sims={step}", "--games-per-pair", "2", "--threads", "2");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("2 checkpoints (steps 2, 40) against 2 opponents and each other"), r.out());
        assertTrue(r.out().contains("Ratings (Elo with confidence interval; random = 0)"), r.out());
        Path out = run.resolve("ladder");
        for (String f : List.of("games.jsonl", "checkpoints.csv", "ratings.csv", "report.md", "elo-vs-steps.png",
                "elo-vs-time.png")) {
            assertTrue(Files.exists(out.resolve(f)), f);
        }
        assertEquals(List.of(2L, 40L), TrainingPoint.read(out.resolve("checkpoints.csv")).stream()
                .map(TrainingPoint::step).toList());
        // A new checkpoint: only its games are played.
        checkpoint("step-9", "{\"step\":9,\"wallSeconds\":20}");
        Cli more = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "greedy", "--checkpoint-spec",
                "mcts:sims={step}", "--games-per-pair", "2");
        assertEquals(0, more.code(), more.err());
        assertTrue(more.out().contains("resuming: 12 games saved, 8 to play"), more.out());
    }

    @Test
    void everyRatesASubsetOfTheCheckpoints() throws Exception {
        for (int step : new int[] {1, 2, 3, 4, 5}) {
            checkpoint("step-" + step, "{\"step\":" + step + ",\"wallSeconds\":" + step + "}");
        }
        Cli r = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "--checkpoint-spec",
                "mcts:sims={step}", "--games-per-pair", "2", "--every", "3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("3 checkpoints (steps 1, 4, 5) against 1 opponent and each other"), r.out());
        assertEquals(List.of(1L, 4L, 5L), TrainingPoint.read(run.resolve("ladder").resolve("checkpoints.csv")).stream()
                .map(TrainingPoint::step).toList());
        Cli bad = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "--every", "0");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--every 0: expected >= 1"), bad.err());
    }

    @Test
    void aRunWithoutCheckpointsIsAnError() throws Exception {
        Cli r = Cli.run("ladder", "--run", run.toString(), "--ladder", "random");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("has no checkpoints"), r.err());
        if (!TournamentCommandTest.hasAlphaBeta()) {
            checkpoint("a", "{\"step\":1}");
            Cli ab = Cli.run("ladder", "--run", run.toString());
            assertEquals(2, ab.code());
            assertTrue(ab.err().contains("this build has no alpha-beta agent"), ab.err());
        }
    }

    @Test
    void withTablesPrintsEachCheckpointsAccuracyNextToItsElo() throws Exception {
        checkpoint("step-2", "{\"step\":2,\"wallSeconds\":5}");
        checkpoint("step-300", "{\"step\":300,\"wallSeconds\":60}");
        Path table = run.resolve("tiny.owtb");
        new TableBuilder(RuleSet.parse("houses=3,seeds=3"), 6, 2, line -> { }).build().save(table);
        Cli r = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "--checkpoint-spec",
                "mcts:sims={step}", "--games-per-pair", "2", "--rules", "houses=3,seeds=3", "--tables",
                table.toString(), "--accuracy-positions", "20");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("accuracy against perfect play"), r.out());
        List<String> csv = Files.readAllLines(run.resolve("ladder").resolve("accuracy.csv"));
        assertEquals(3, csv.size(), String.join("\n", csv));
        assertTrue(csv.get(0).startsWith("checkpoint,step,elo,elo_lo,elo_hi,positions,optimal"), csv.get(0));
        for (String line : csv.subList(1, 3)) {
            String[] f = line.split(",");
            assertTrue(!f[2].isEmpty(), "an Elo next to the accuracy: " + line);
            int positions = Integer.parseInt(f[5]);
            double optimal = Double.parseDouble(f[6]);
            assertTrue(positions > 0 && optimal >= 0 && optimal <= 1, line);
            assertTrue(Double.parseDouble(f[7]) <= optimal && optimal <= Double.parseDouble(f[8]), "interval: " + line);
        }
        double weak = Double.parseDouble(csv.get(1).split(",")[6]);
        double strong = Double.parseDouble(csv.get(2).split(",")[6]);
        assertTrue(csv.get(1).startsWith("step-2,") && csv.get(2).startsWith("step-300,"), String.join("\n", csv));
        assertTrue(strong >= weak, "300 simulations play no worse than 2: " + weak + " vs " + strong);
    }

    @Test
    void aBadTableIsOneLineBeforeAnyGame() throws Exception {
        checkpoint("step-2", "{\"step\":2}");
        Cli missing = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "--checkpoint-spec",
                "mcts:sims={step}", "--rules", "houses=3,seeds=3", "--tables", run.resolve("none.owtb").toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("no such file"), missing.err());
        assertEquals(1, missing.err().strip().lines().count(), missing.err());
        Path table = run.resolve("default.owtb");
        new TableBuilder(RuleSet.DEFAULT, 2, 2, line -> { }).build().save(table);
        Cli other = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "--checkpoint-spec",
                "mcts:sims={step}", "--rules", "houses=3,seeds=3", "--tables", table.toString());
        assertEquals(2, other.code());
        assertEquals(1, other.err().strip().lines().count(), other.err());
        assertTrue(!Files.exists(run.resolve("ladder").resolve("games.jsonl")), "no game played");
    }

    @Test
    void severalRunsShareOneLadderWithOneLinePerRun() throws Exception {
        Path a = run.resolve("runs").resolve("a");
        Path b = run.resolve("runs").resolve("b");
        for (int m : new int[] {1, 2, 3, 4}) {
            checkpoint(a, "s" + m, "{\"step\":" + m + ",\"wallSeconds\":" + 60 * m + "}");
        }
        checkpoint(b, "s7", "{\"step\":7,\"wallSeconds\":200}");
        String[] common = {"--ladder", "random", "--checkpoint-spec", "mcts:sims={step}", "--games-per-pair",
            "2"};
        Cli noOut = Cli.run(concat(new String[] {"ladder", "--run", a.toString(), b.toString()}, common));
        assertEquals(2, noOut.code());
        assertTrue(noOut.err().contains("--run names 2 runs: name the ladder's directory with --out"), noOut.err());
        Cli both = Cli.run(concat(new String[] {"ladder", "--run", a.toString(), b.toString(), "--every", "2",
            "--at-minutes", "2"}, common));
        assertEquals(2, both.code());
        assertTrue(both.err().contains("--every and --at-minutes both pick checkpoints"), both.err());

        Path out = run.resolve("ab");
        Path table = run.resolve("tiny.owtb");
        new TableBuilder(RuleSet.parse("houses=3,seeds=3"), 6, 2, line -> { }).build().save(table);
        Cli r = Cli.run(concat(new String[] {"ladder", "--run", a.toString(), b.toString(), "--at-minutes", "1,3.4",
            "--out", out.toString(), "--rules", "houses=3,seeds=3", "--tables", table.toString(),
            "--accuracy-positions", "5"}, common));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("ladder of runs a, b: 3 checkpoints (a: steps 1, 3; b: steps 7) against 1 opponent"),
                r.out());
        List<TrainingPoint> points = TrainingPoint.read(out.resolve("checkpoints.csv"));
        assertEquals(List.of("a", "a", "b"), points.stream().map(TrainingPoint::run).toList());
        assertEquals(List.of(60.0, 180.0, 200.0), points.stream().map(TrainingPoint::seconds).toList());
        assertTrue(Files.exists(out.resolve("elo-vs-time.png")));
        // Accuracy rows name each checkpoint under its run: the directory names alone could repeat.
        assertEquals(List.of("a/s1", "a/s3", "b/s7"), Files.readAllLines(out.resolve("accuracy.csv")).stream().skip(1)
                .map(line -> line.split(",")[0]).toList());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
