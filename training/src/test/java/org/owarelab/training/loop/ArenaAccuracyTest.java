package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code arena.tables}: the evaluation measures accuracy against perfect play; bad tables are refused up front. */
class ArenaAccuracyTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path tinyTable(String rules, int seeds) throws Exception {
        return TinyRuns.table(tmp, rules, seeds);
    }

    @Test
    void theEvaluationWritesAnAccuracyEntryToMetrics() throws Exception {
        Path table = tinyTable("houses=3,seeds=3", 6);
        Path dir = tmp.resolve("run");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(1, "arena.tables=" + table, "arena.accuracyPositions=15"), dir, "test",
                TinyRuns.quietLog(log));

        List<String> metrics = Files.readAllLines(new RunDirectory(dir).metrics());
        JsonNode m = JSON.readTree(metrics.get(metrics.size() - 1));
        assertTrue(m.has("accuracy"), "the last (evaluated) generation has an accuracy entry: " + m);
        JsonNode bySeeds = m.get("accuracy").get("bySeeds");
        assertEquals(5, bySeeds.size(), "one row per seed count 2..6");
        int positions = 0;
        for (int i = 0; i < bySeeds.size(); i++) {
            JsonNode r = bySeeds.get(i);
            assertEquals(2 + i, r.get("seeds").asInt());
            positions += r.get("positions").asInt();
            assertTrue(r.get("optimal_lo").asDouble() <= r.get("optimal").asDouble()
                    && r.get("optimal").asDouble() <= r.get("optimal_hi").asDouble(), r.toString());
            assertTrue(r.get("optimal").asDouble() <= r.get("outcome").asDouble(), "an optimal move keeps the outcome");
        }
        JsonNode pooled = m.get("accuracy").get("pooled");
        assertEquals(0, pooled.get("seeds").asInt());
        assertEquals(positions, pooled.get("positions").asInt(), "pooled over every seed count");
        assertTrue(positions > 0, "positions judged: " + bySeeds);
        double optimal = pooled.get("optimal").asDouble();
        assertTrue(optimal > 0 && optimal <= 1, "rate " + optimal);
        assertTrue(pooled.get("seed_loss").asDouble() >= 0);
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("accuracy ("), "the log line reports it");
    }

    @Test
    void withoutTablesThereIsNoAccuracyEntry() {
        assertFalse(TinyRuns.config(1).arena().hasTables());
        assertEquals(null, TinyRuns.config(1).tables());
    }

    @Test
    void aMissingCorruptOrMismatchedTableIsOneLineBeforeTheRun() throws Exception {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "arena.tables=" + tmp.resolve("none.owtb")));
        assertTrue(missing.getMessage().contains("arena.tables") && missing.getMessage().contains("no such file"),
                missing.getMessage());

        Path otherRules = tinyTable("houses=4,seeds=3", 3);
        IllegalArgumentException mismatch = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "arena.tables=" + otherRules));
        assertTrue(mismatch.getMessage().contains("arena.tables"), mismatch.getMessage());

        Path corrupt = tmp.resolve("corrupt.owtb");
        byte[] bytes = Files.readAllBytes(tinyTable("houses=3,seeds=3", 4));
        bytes[bytes.length - 3] ^= 0x55;
        Files.write(corrupt, bytes);
        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "arena.tables=" + corrupt));
        assertTrue(bad.getMessage().contains("arena.tables"), bad.getMessage());
        assertFalse(bad.getMessage().contains("\n"), "one line: " + bad.getMessage());

        assertThrows(IllegalArgumentException.class, () -> TinyRuns.config(1, "arena.accuracyPositions=0"));
    }
}
