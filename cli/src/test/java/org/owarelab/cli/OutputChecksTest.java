package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Nothing written when a command fails (issue 27, section 3): every option and every output
 * path is checked before the first file is created, and a refusal is one line with exit code 2.
 */
class OutputChecksTest {
    @TempDir
    Path tmp;

    private static void assertOneLine(Cli r, String expected) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains(expected), r.err());
    }

    private static List<String> tree(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    private Path fakeRun() throws Exception {
        Path run = tmp.resolve("run");
        for (int step : new int[] {2, 40}) {
            Path c = Files.createDirectories(run.resolve("checkpoints").resolve("step-" + step));
            Files.writeString(c.resolve("meta.json"), "{\"step\":" + step + ",\"wallSeconds\":" + step + "}");
        }
        return run;
    }

    @Test
    void aLadderWithABadOptionLeavesNothing() throws Exception {
        Path run = fakeRun();
        Path out = tmp.resolve("L");
        String[][] cases = {
            {"--confidence", "2", "--confidence 2.0: expected a coverage between 0 and 1"},
            {"--confidence", "0", "--confidence 0.0: expected a coverage between 0 and 1"},
            {"--bootstrap", "5", "--bootstrap 5: expected at least 20 resamples"},
            {"--games-per-pair", "0", "--games-per-pair 0: expected >= 1"},
            {"--threads", "0", "--threads 0: expected >= 1"},
        };
        List<String> before = tree(run);
        for (String[] c : cases) {
            Cli r = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "--checkpoint-spec",
                    "mcts:sims={step}", "--out", out.toString(), c[0], c[1]);
            assertOneLine(r, "oware ladder: " + c[2]);
            assertFalse(Files.exists(out), c[0] + " " + c[1] + " left " + out);
            Cli byDefault = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "--checkpoint-spec",
                    "mcts:sims={step}", c[0], c[1]);
            assertEquals(2, byDefault.code(), byDefault.err());
            assertEquals(before, tree(run), "the default RUN/ladder is not created either");
        }
    }

    @Test
    void aLadderOrTournamentOutputThatIsAFileIsRefusedBeforeAnyGame() throws Exception {
        Path run = fakeRun();
        Path file = Files.writeString(tmp.resolve("file"), "x");
        Cli ladder = Cli.run("ladder", "--run", run.toString(), "--ladder", "random", "--checkpoint-spec",
                "mcts:sims={step}", "--games-per-pair", "2", "--out", file.toString());
        assertOneLine(ladder, "--out " + file + ": is a file, not a directory");
        assertFalse(ladder.out().contains("played"), ladder.out());
        Cli tournament = Cli.run("tournament", "--players", "random", "greedy", "--games-per-pair", "2", "--out",
                file.toString());
        assertOneLine(tournament, "--out " + file + ": is a file, not a directory");
        assertEquals("", tournament.out());
        Cli under = Cli.run("tournament", "--players", "random", "greedy", "--games-per-pair", "2", "--out",
                file.resolve("t").toString());
        assertOneLine(under, file + " is a file, not a directory");
        assertEquals("x", Files.readString(file));
    }

    @Test
    void aTournamentWithABadOptionLeavesNothing() throws Exception {
        Path out = tmp.resolve("T");
        for (String[] c : new String[][] {{"--confidence", "2"}, {"--bootstrap", "5"}, {"--games-per-pair", "0"},
                {"--threads", "0"}}) {
            List<String> args = new ArrayList<>(List.of("tournament", "--players", "random", "greedy", "--out",
                    out.toString(), c[0], c[1]));
            Cli r = Cli.run(args.toArray(String[]::new));
            assertOneLine(r, c[0] + " ");
            assertFalse(Files.exists(out), String.join(" ", c));
        }
    }

    @Test
    void matchRecordsThatCannotBeWrittenAreRefusedBeforeTheFirstGame() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        Cli r = Cli.run("match", "random", "greedy", "--games", "2", "--out", file + "/");
        assertOneLine(r, file + " is a file, not a directory");
        Path dir = Files.createDirectories(tmp.resolve("d"));
        Files.createDirectories(dir.resolve("games.jsonl"));
        Cli d = Cli.run("match", "random", "greedy", "--games", "2", "--out", dir.toString());
        assertOneLine(d, "--out " + dir.resolve("games.jsonl") + ": is a directory (expected a file)");
        assertEquals("", d.out(), "no game played");
    }

    @Test
    void trainWantsANewOrEmptyRunDirectory() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("notes"));
        Files.writeString(dir.resolve("todo.txt"), "mine");
        // The override is bad too: without the output check, the config's complaint would come first.
        Cli r = Cli.run("train", "--out", dir.toString(), "--set", "loop.generations=x");
        assertOneLine(r, "oware train: --out " + dir + ": exists and is not empty (expected a new or empty directory)");
        assertEquals(List.of("", "todo.txt"), tree(dir));
        Path file = Files.writeString(tmp.resolve("file"), "x");
        Cli under = Cli.run("train", "--out", file.resolve("run").toString(), "--set", "loop.generations=x");
        assertOneLine(under, file + " is a file, not a directory");
    }

    @Test
    void exportChecksItsOutputWithTheSameWords() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        Cli r = Cli.run("export", tmp.resolve("nope").toString(), "--out", file.toString());
        assertOneLine(r, "oware export: --out " + file + ": is a file, not a directory (expected a new directory)");
    }

    /**
     * A run in a read-only directory (issue 48): resuming it is an output that cannot be written,
     * exit 2 and one line naming the directory, as {@code --out} into one is; not the lock file's
     * "I/O error" with exit 1.
     */
    @Test
    void resumingARunInAReadOnlyDirectoryIsRefusedLikeAnOutThere() throws Exception {
        Path run = Files.createDirectories(tmp.resolve("ro-run"));
        Files.writeString(run.resolve("config.yaml"), "seed: 1\n");
        Path parent = Files.createDirectories(tmp.resolve("ro-parent"));
        try (ReadOnlyDirectory ro = ReadOnlyDirectory.of(run); ReadOnlyDirectory roParent = ReadOnlyDirectory.of(parent)) {
            Cli r = Cli.run("train", "--resume", run.toString());
            assertOneLine(r, "oware train: --resume " + run + ": cannot write to the run directory");
            Cli out = Cli.run("train", "--out", parent.resolve("new").toString());
            assertOneLine(out, "oware train: --out " + parent.resolve("new") + ": cannot write to " + parent);
        }
        assertEquals(List.of("", "config.yaml"), tree(run), "nothing written, no lock file");
    }
}
