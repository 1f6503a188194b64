package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a directory given to {@code oware train} means, before anything is trained. */
class RunPathsTest {
    @TempDir
    Path tmp;

    private static String refusal(Path out, Path resume) {
        return assertThrows(IllegalArgumentException.class, () -> RunPaths.check(out, resume)).getMessage();
    }

    @Test
    void aNewRunMayGoToAMissingOrEmptyDirectory() throws Exception {
        RunPaths.check(tmp.resolve("a/b/c"), null); // created later with its parents
        Files.createDirectories(tmp.resolve("empty"));
        RunPaths.check(tmp.resolve("empty"), null);
        RunPaths.check(null, null);
    }

    @Test
    void aDirectoryHoldingSomethingElseIsRefused() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("full"));
        Files.writeString(dir.resolve("notes.txt"), "x");
        assertEquals("--out " + dir + ": exists and is not empty (expected a ", refusal(dir, null).substring(0,
                ("--out " + dir + ": exists and is not empty (expected a ").length()));
    }

    @Test
    void aRunThatStoppedBeforeItsConfigMayStartAgain() throws Exception {
        // Only the lock of a run that failed at start (e.g. a refused network): the same --out again.
        Path failed = Files.createDirectories(tmp.resolve("failed"));
        Files.writeString(new RunDirectory(failed).lock(), "");
        RunPaths.check(failed, null);
        // The lock beside anything else is still a directory holding something else.
        Files.writeString(failed.resolve("notes.txt"), "x");
        refusal(failed, null);
    }

    @Test
    void aRunsOwnDirectoryIsLeftToTheTrainer() throws Exception {
        // A run killed before it began (config.yaml only), and one that ran (state.json): not refused here.
        Path killed = Files.createDirectories(tmp.resolve("killed"));
        Files.writeString(new RunDirectory(killed).config(), "seed: 1\n");
        RunPaths.check(killed, null);
        Path ran = Files.createDirectories(tmp.resolve("ran"));
        Files.writeString(new RunDirectory(ran).state(), "{}");
        Files.writeString(ran.resolve("metrics.jsonl"), "");
        RunPaths.check(ran, null);
    }

    @Test
    void aFileIsRefusedForEitherOption() throws Exception {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        assertEquals("--out " + file + ": is a file, not a directory (expected a new run directory)",
                refusal(file, null));
        assertEquals("--out " + file + ": is a file, not a directory (expected a new run directory)",
                refusal(file, tmp));
        assertEquals("--resume " + file + ": is a file, not a directory (expected a run directory)",
                refusal(null, file));
        RunPaths.check(null, tmp.resolve("missing")); // the trainer says what is missing
    }

    @Test
    void anUnnamedRunIsNamedForItsConfigAndTime() {
        LocalDateTime t = LocalDateTime.of(2026, 12, 1, 9, 5, 7);
        assertEquals(Path.of("runs", "quick-20261201-090507"), RunPaths.defaultDirectory(null, t));
        assertEquals(Path.of("runs", "default-20261201-090507"),
                RunPaths.defaultDirectory(Path.of("configs/default.yaml"), t));
        assertEquals(Path.of("runs", "gpu-20261201-090507"), RunPaths.defaultDirectory(Path.of("gpu.yml"), t));
    }
}
