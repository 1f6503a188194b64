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
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replay.tableTargets} in the loop: the positions entering the buffer take the table's value
 * targets where it decides them, the games themselves are unchanged, the counts are in
 * {@code metrics.jsonl} and the generation's line, the key is saved with the run so that a resumed
 * run rescores the same way, and a bad table is refused before the run.
 */
class TableTargetsRunTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path train(String name, int generations, ByteArrayOutputStream log, String... extra) throws Exception {
        Path dir = tmp.resolve(name);
        Trainer.start(TinyRuns.config(generations, extra), dir, "test", TinyRuns.quietLog(log));
        return dir;
    }

    @Test
    void targetsComeFromTheTableAndAResumedRunRescoresTheSameWay() throws Exception {
        Path table = TinyRuns.table(tmp, "houses=3,seeds=3", 8);
        String key = "replay.tableTargets=" + table;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Path reference = train("reference", 2, log, key);
        Path plain = train("plain", 2, new ByteArrayOutputStream());

        RunDirectory ref = new RunDirectory(reference);
        List<String> metrics = Files.readAllLines(ref.metrics());
        assertEquals(2, metrics.size());
        for (String line : metrics) {
            JsonNode t = JSON.readTree(line).path("buffer").path("tableTargets");
            int positions = t.path("positions").asInt();
            int covered = t.path("covered").asInt();
            int rescored = t.path("rescored").asInt();
            int changed = t.path("changed").asInt();
            assertEquals(JSON.readTree(line).path("selfplay").path("positions").asInt(), positions, line);
            assertTrue(0 < changed && changed <= rescored && rescored <= covered && covered < positions,
                    "some positions covered, decided and changed, not all: " + line);
        }
        assertTrue(log.toString().contains("table targets "), log.toString());
        assertFalse(Files.readAllLines(new RunDirectory(plain).metrics()).get(0).contains("tableTargets"),
                "no counts without the key");
        assertTrue(Files.readString(ref.config()).contains(table.toString()), "the run's config names the table");
        assertEquals(table.toString(), ref.readConfig().replay().tableTargets());

        // The first generation's games come from the same network either way: the table changes targets only.
        List<String> refGames = Files.readAllLines(ref.selfplay());
        List<String> plainGames = Files.readAllLines(new RunDirectory(plain).selfplay());
        assertEquals(plainGames.subList(0, 64), refGames.subList(0, 64), "generation 1's games");
        String replay1 = "replay-g1.bin";
        Path stopped = train("stopped", 1, new ByteArrayOutputStream(), key);
        Path plain1 = train("plain1", 1, new ByteArrayOutputStream());
        assertFalse(Arrays.equals(Files.readAllBytes(stopped.resolve(replay1)), Files.readAllBytes(plain1.resolve(replay1))),
                "the replay buffer holds other targets");

        // Resumed without naming the key: the saved config rescores as the uninterrupted run did.
        Trainer.resume(stopped, List.of("loop.generations=2"), "test --resume",
                TinyRuns.quietLog(new ByteArrayOutputStream()));
        RunDirectory run = new RunDirectory(stopped);
        assertEquals(refGames, Files.readAllLines(run.selfplay()), "selfplay.jsonl");
        TrainState expected = ref.readState();
        TrainState actual = run.readState();
        assertEquals(List.of(expected.generation(), expected.learnerSteps(), expected.positions(), expected.replay()),
                List.of(actual.generation(), actual.learnerSteps(), actual.positions(), actual.replay()), "state.json");
        for (String file : List.of(expected.replay(), "checkpoints/" + expected.checkpoint() + "/params.djl")) {
            assertArrayEquals(Files.readAllBytes(reference.resolve(file)), Files.readAllBytes(stopped.resolve(file)), file);
        }
        assertEquals(JSON.readTree(metrics.get(1)).path("buffer"),
                JSON.readTree(Files.readAllLines(run.metrics()).get(1)).path("buffer"), "generation 2's counts");
    }

    @Test
    void aMissingCorruptOrOtherRulesTableIsOneLineNamingTheKey() throws Exception {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "replay.tableTargets=" + tmp.resolve("none.owtb")));
        assertTrue(missing.getMessage().contains("replay.tableTargets") && missing.getMessage().contains("no such file"),
                missing.getMessage());
        Path otherRules = TinyRuns.table(tmp, "houses=4,seeds=3", 3);
        IllegalArgumentException mismatch = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "replay.tableTargets=" + otherRules));
        assertTrue(mismatch.getMessage().contains("replay.tableTargets"), mismatch.getMessage());
        assertFalse(mismatch.getMessage().contains("\n"), mismatch.getMessage());
        Path corrupt = tmp.resolve("corrupt.owtb");
        Files.writeString(corrupt, "not a table");
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "replay.tableTargets=" + corrupt));
        assertTrue(bad.getMessage().contains("replay.tableTargets"), bad.getMessage());
        assertEquals(null, TinyRuns.config(1).replay().tableTargets(), "off by default");
        assertEquals(null, TinyRuns.config(1, "replay.tableTargets=").replay().tableTargets(), "empty is off");
    }
}
