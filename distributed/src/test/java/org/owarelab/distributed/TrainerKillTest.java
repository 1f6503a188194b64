package org.owarelab.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.model.DeviceChoice;

/**
 * The trainer, a child process, is killed with SIGKILL mid-run and resumed with {@code --resume}
 * on the same port; the worker (in this JVM, never restarted) reconnects by itself and the run
 * completes with one record per game. Two JVM starts and a kill: tagged slow.
 */
@Tag("slow")
class TrainerKillTest {
    private static final long DEADLINE_SECONDS = 600;

    @TempDir
    Path tmp;

    private static Process launch(Path log, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "-Dai.djl.pytorch.num_threads=1",
                ClusterTrainMain.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    private static long lines(Path file) throws IOException {
        return Files.exists(file) ? Files.readAllLines(file).stream().filter(l -> !l.isBlank()).count() : 0;
    }

    @Test
    void aTrainerKilledAndResumedGetsItsWorkersBack() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("run"));
        String runId = ClusterGameSource.runId(dir);
        int port = ClusterRuns.freePort();
        Path log = tmp.resolve("trainer.log");
        ByteArrayOutputStream wlog = new ByteArrayOutputStream();
        Process first = launch(log, dir.toString(), "start", "5", String.valueOf(port));
        // A worker joins a trainer that is there (else it says so and ends): wait for the trainer to listen.
        ClusterRuns.awaitTrainer(runId, port, first::isAlive);
        try (ClusterWorker w = new ClusterWorker(runId, new ClusterSettings.HostPort("127.0.0.1", port), 1, "w",
                DeviceChoice.parse("cpu"), ClusterRuns.log(wlog))) {
            w.start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
            while (lines(dir.resolve("metrics.jsonl")) < 2) { // polled condition: two generations done
                if (!first.isAlive() || System.nanoTime() > deadline) {
                    fail("the trainer ended or hung before generation 2: " + Files.readString(log));
                }
                Thread.sleep(20);
            }
            first.destroyForcibly(); // SIGKILL
            first.waitFor();
            long pushedBefore = w.pushed();
            Process second = launch(log, dir.toString(), "resume", String.valueOf(port));
            if (!second.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                second.destroyForcibly();
                fail("the resumed trainer did not end: " + Files.readString(log));
            }
            assertEquals(0, second.exitValue(), Files.readString(log));
            assertTrue(w.pushed() > pushedBefore, "the worker pushed to the resumed trainer");
        }
        String worker = wlog.toString();
        assertTrue(worker.contains("w: lost the trainer; reconnecting"), worker);
        assertTrue(worker.contains("w: connected to the trainer"), worker);
        JsonNode state = Frames.JSON.readTree(dir.resolve("state.json").toFile());
        assertEquals(5, state.get("generation").asInt());
        List<JsonNode> games = ClusterRuns.jsonLines(dir.resolve("selfplay.jsonl"));
        assertEquals(state.get("games").asLong(), games.size(), "one line per game the state counts");
        Set<Long> ids = new HashSet<>();
        games.forEach(g -> ids.add(g.get("id").asLong()));
        assertEquals(games.size(), ids.size(), "each game accepted once");
        assertEquals(5, ClusterRuns.jsonLines(dir.resolve("metrics.jsonl")).size());
        assertTrue(Files.readString(log).contains("resuming at generation"), Files.readString(log));
    }
}
