package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Continuous self-play in the training loop ({@code selfplay.continuous=true}): the same seed gives
 * the same run; games in flight at a generation's end finish in the next one; a run stopped at a
 * checkpoint and resumed is the uninterrupted run bit for bit (games in flight included); a games-
 * in-flight file that is missing, corrupt or does not fit the run is refused by name before the
 * resume writes anything. The kill -9 campaign ({@link KillCampaignTest}) covers kills at any moment.
 */
class ContinuousTrainingTest {
    static final String ON = "selfplay.continuous=true";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path train(String name, int generations, String... sets) throws Exception {
        Path dir = tmp.resolve(name);
        String[] all = new String[sets.length + 1];
        all[0] = ON;
        System.arraycopy(sets, 0, all, 1, sets.length);
        Trainer.start(TinyRuns.config(generations, all), dir, "test", TinyRuns.quietLog(new ByteArrayOutputStream()));
        return dir;
    }

    @Test
    void theSameSeedGivesTheSameRunAndGamesStraddleGenerations() throws Exception {
        Path a = train("a", 3);
        Path b = train("b", 3);
        SameRun.assertSame(a, b);

        RunDirectory run = new RunDirectory(a);
        List<String> metrics = Files.readAllLines(run.metrics());
        assertEquals(3, metrics.size());
        for (String line : metrics) {
            JsonNode m = JSON.readTree(line);
            assertEquals(64, m.path("selfplay").path("games").asInt(), "exactly the generation's games: " + line);
            assertTrue(m.path("source").path("inFlight").asInt() > 0, "games carried over: " + line);
            double fill = m.path("selfplay").path("batchFill").asDouble();
            assertTrue(fill > 0 && fill <= 1, "batch fill in (0, 1]: " + line);
        }
        assertTrue(Files.isRegularFile(InFlightFile.path(run, 3)), "the last checkpoint saves its games in flight");
        assertFalse(Files.exists(InFlightFile.path(run, 2)), "older games-in-flight files are deleted with their checkpoint");
        Set<Long> ids = new HashSet<>();
        for (String line : Files.readAllLines(run.selfplay())) {
            assertTrue(ids.add(JSON.readTree(line).path("id").asLong()), "game ids unique: " + line);
        }
    }

    @Test
    void aRunResumedAtACheckpointWithGamesInFlightIsTheUninterruptedRun() throws Exception {
        Path reference = train("reference", 3);
        Path dir = train("stopped", 1);
        RunDirectory run = new RunDirectory(dir);
        InFlightFile saved = JSON.readValue(InFlightFile.path(run, 1).toFile(), InFlightFile.class);
        Set<Long> inFlight = new HashSet<>();
        saved.workers().forEach(w -> w.slots().forEach(g -> {
            if (g != null) {
                inFlight.add(g.gameId());
            }
        }));
        assertEquals(64, inFlight.size(), "every slot of both workers busy at the checkpoint");

        Trainer.resume(dir, List.of("loop.generations=3"), "test --resume",
                TinyRuns.quietLog(new ByteArrayOutputStream()));
        // The stopped run's last generation had its final evaluation: compare what the runs trained on and saved.
        RunDirectory ref = new RunDirectory(reference);
        assertEquals(Files.readAllLines(ref.selfplay()), Files.readAllLines(run.selfplay()), "selfplay.jsonl");
        TrainState expected = ref.readState();
        TrainState actual = run.readState();
        assertEquals(List.of(expected.generation(), expected.learnerSteps(), expected.games(), expected.positions(),
                expected.checkpoint(), expected.replay()), List.of(actual.generation(), actual.learnerSteps(),
                actual.games(), actual.positions(), actual.checkpoint(), actual.replay()), "state.json (seconds aside)");
        for (String file : List.of(expected.replay(), InFlightFile.name(3), "checkpoints/" + expected.checkpoint()
                + "/params.djl", "checkpoints/" + expected.checkpoint() + "/optimizer.npz")) {
            assertArrayEquals(Files.readAllBytes(reference.resolve(file)), Files.readAllBytes(dir.resolve(file)), file);
        }
        List<String> lines = Files.readAllLines(run.selfplay());
        int straddled = 0;
        for (String line : lines.subList(64, 128)) { // generation 2's games
            straddled += inFlight.contains(JSON.readTree(line).path("id").asLong()) ? 1 : 0;
        }
        assertTrue(straddled > 0, "games in flight at generation 1's checkpoint finished in generation 2");
    }

    @Test
    void aGamesInFlightFileThatDoesNotFitIsRefusedByNameBeforeAnythingIsWritten() throws Exception {
        Path dir = train("bad", 1);
        RunDirectory run = new RunDirectory(dir);
        Path file = InFlightFile.path(run, 1);
        String good = Files.readString(file);
        List<String> extend = List.of("loop.generations=2");

        Files.writeString(file, good.substring(0, good.length() / 2));
        assertRefused(dir, extend, "inflight-g1.json: unreadable", "expected a format 1 games-in-flight file");

        Files.writeString(file, good.replaceFirst("\"format\":1", "\"format\":7"));
        assertRefused(dir, extend, "inflight-g1.json: format 7, this build reads format 1");

        Files.writeString(file, good.replaceFirst("\"generation\":1", "\"generation\":5"));
        assertRefused(dir, extend, "inflight-g1.json: saved at generation 5, expected generation 1");

        Files.writeString(file, good);
        assertRefused(dir, List.of("loop.generations=2", "loop.workers=3"),
                "inflight-g1.json: 2 workers x 32 slots saved, expected 3 x 32");

        Files.delete(file);
        assertRefused(dir, extend, "inflight-g1.json: missing");

        Files.writeString(file, good);
        Trainer.resume(dir, extend, "test --resume", TinyRuns.quietLog(new ByteArrayOutputStream()));
        assertEquals(2, run.readState().generation(), "the repaired run resumes");
    }

    private static void assertRefused(Path dir, List<String> sets, String... expected) throws Exception {
        RunDirectory run = new RunDirectory(dir);
        String config = Files.readString(run.config());
        InFlightFormatException e = assertThrows(InFlightFormatException.class,
                () -> Trainer.resume(dir, sets, "test --resume", TinyRuns.quietLog(new ByteArrayOutputStream())));
        for (String part : expected) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' in: " + e.getMessage());
        }
        assertFalse(Files.exists(dir.resolve("run-2.json")), "nothing written by a refused resume");
        assertEquals(config, Files.readString(run.config()), "config.yaml unchanged");
        assertEquals(1, run.readState().generation());
    }
}
