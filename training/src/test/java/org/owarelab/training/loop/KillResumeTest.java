package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A training process killed with SIGKILL while it works resumes from its last complete
 * generation: the state on disk is consistent, and the resumed run finishes.
 */
class KillResumeTest {
    @TempDir
    Path tmp;

    @Test
    void killNineThenResume() throws Exception {
        Path dir = tmp.resolve("run");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), TrainMain.class.getName(), dir.toString(), "40")
                .redirectErrorStream(true).redirectOutput(tmp.resolve("train.log").toFile()).start();
        RunDirectory run = new RunDirectory(dir);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        try {
            // Wait (polling the files, not a fixed sleep) until two generations are on disk, then kill.
            while (!(Files.exists(run.state()) && run.readState().generation() >= 2)) {
                if (!p.isAlive()) {
                    fail("the training process ended early: " + Files.readString(tmp.resolve("train.log")));
                }
                if (System.nanoTime() > deadline) {
                    fail("no generation written within 120 s: " + Files.readString(tmp.resolve("train.log")));
                }
                Thread.sleep(50);
            }
        } finally {
            p.destroyForcibly(); // SIGKILL: no shutdown hooks, writes may be cut anywhere
            p.waitFor(30, TimeUnit.SECONDS);
        }
        TrainState killed = run.readState();
        assertTrue(killed.generation() >= 2 && killed.generation() < 40, "state at the kill: " + killed);
        assertTrue(Files.isDirectory(run.checkpoints().resolve(killed.checkpoint())), "the named checkpoint exists");
        assertTrue(Files.isRegularFile(dir.resolve(killed.replay())), "the named replay file exists");

        int target = killed.generation() + 2;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.resume(dir, List.of("loop.generations=" + target), "test --resume", TinyRuns.quietLog(log));
        TrainState done = run.readState();
        assertEquals(target, done.generation());
        assertEquals(target * 64L, done.games());
        assertTrue(done.learnerSteps() > killed.learnerSteps());
        assertTrue(log.toString().contains("resuming at generation " + (killed.generation() + 1)), log.toString());
        try (var files = Files.list(dir)) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("replay-")).count(),
                    "only the current replay file is kept");
        }
    }
}
