package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.util.Pythons;

/**
 * A tiny run's TensorBoard files, read back with TensorBoard's own reader (tensorboard 2.21.0's
 * {@code EventAccumulator} and event file loader, in python/.venv from python/venv.sh, or the
 * python that OWARE_PYTHON names): every number of {@code metrics.jsonl} at its generation, a
 * histogram's counts against the games of {@code selfplay.jsonl}, the config as text, and after a
 * resume from an earlier state each generation once, in every file as well as after the purge.
 */
class TensorBoardLogTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    private static String python;

    @TempDir
    Path tmp;

    @BeforeAll
    static void findPython() throws Exception {
        python = Pythons.find("tensorboard.backend.event_processing.event_accumulator");
        assumeTrue(python != null, "no python with tensorboard (run python/venv.sh, or set OWARE_PYTHON): "
                + "the TensorBoard files were not read back with TensorBoard's reader");
    }

    @Test
    void everyMetricIsAScalarAtItsGeneration() throws Exception {
        Path dir = tmp.resolve("run");
        Trainer.start(TinyRuns.config(2), dir, "test", TinyRuns.quietLog(new ByteArrayOutputStream()));
        JsonNode tb = dump(dir);
        List<JsonNode> metrics = lines(dir.resolve("metrics.jsonl"));
        assertEquals(2, metrics.size());
        assertMetrics(tb, metrics);
        // The games of generation 1 are the first lines of selfplay.jsonl.
        List<JsonNode> games = lines(dir.resolve("selfplay.jsonl"));
        int n1 = metrics.get(0).at("/selfplay/games").asInt();
        double plies = 0;
        for (int i = 0; i < n1; i++) {
            plies += games.get(i).get("moves").asText().length();
        }
        JsonNode len = tb.at("/histograms/selfplay~1gameLength/0");
        assertEquals(1, len.get(0).asInt(), "step");
        assertEquals(n1, len.get(1).asDouble(), "num");
        assertEquals(plies, len.get(2).asDouble(), 1e-9, "sum");
        assertEquals(n1, len.get(3).asDouble(), "the buckets hold every game");
        JsonNode targets = tb.at("/histograms/selfplay~1valueTarget/1");
        assertEquals(metrics.get(1).at("/selfplay/positions").asDouble(), targets.get(1).asDouble(), "positions");
        assertTrue(targets.get(4).asDouble() >= -1 && targets.get(5).asDouble() <= 1, targets.toString());
        assertTrue(metrics.get(1).at("/train/steps").asInt() > 0);
        JsonNode values = null;
        for (JsonNode h : tb.at("/histograms/train~1networkValue")) {
            values = h.get(0).asInt() == 2 ? h : values;
        }
        assertTrue(values != null, "the network's values at generation 2: " + tb.at("/histograms"));
        assertEquals(128, values.get(1).asDouble(), "one value per sample of the last batch (loop.batchSize)");
        assertTrue(values.get(4).asDouble() >= -1 && values.get(5).asDouble() <= 1, values.toString());
        for (String h : List.of("selfplay/rootValue", "selfplay/rootPolicyEntropy")) {
            assertEquals(2, tb.path("histograms").path(h).size(), h);
        }
        String config = tb.at("/texts/config/0/1").asText();
        assertTrue(config.contains("houses=3,seeds=3"), config);
        assertTrue(tb.at("/texts/versions/0/1").asText().contains("test"), "the command line");
        JsonNode hp = tb.get("hparams");
        assertEquals(32.0, hp.path("selfplay.simulations").asDouble(), hp.toString());
        assertEquals("houses=3,seeds=3", hp.path("rules").asText(), hp.toString());
        JsonNode arena = metrics.get(1).at("/arena/random");
        assertTrue(arena.isObject(), "the last generation plays the arena");
        assertEquals(arena.get("lo").asDouble(), last(tb, "arena/random/lo"), 1e-6);
        double score = arena.get("score").asDouble();
        if (score > 0 && score < 1) {
            assertEquals(TensorBoardLog.elo(score), last(tb, "arena/random/elo"), 1e-3);
        }
    }

    @Test
    void aResumedRunShowsEachGenerationOnce() throws Exception {
        Path dir = tmp.resolve("run");
        RunDirectory run = new RunDirectory(dir);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Trainer.start(TinyRuns.config(2), dir, "test", TinyRuns.quietLog(log));
        // The resume point after generation 2; then generation 3 logs past it, as a session killed
        // before its state.json would have.
        TrainState after2 = run.readState();
        Path saved = Files.createDirectories(tmp.resolve("saved"));
        Files.copy(run.state(), saved.resolve("state.json"));
        Files.copy(dir.resolve(after2.replay()), saved.resolve(after2.replay()));
        Trainer.resume(dir, List.of("loop.generations=3"), "test", TinyRuns.quietLog(log));
        List<JsonNode> killed = lines(run.metrics());
        assertEquals(3, killed.size());
        Files.copy(saved.resolve("state.json"), run.state(), StandardCopyOption.REPLACE_EXISTING);
        Files.copy(saved.resolve(after2.replay()), dir.resolve(after2.replay()), StandardCopyOption.REPLACE_EXISTING);

        Trainer.resume(dir, List.of("loop.generations=4"), "test", TinyRuns.quietLog(log));
        List<JsonNode> metrics = lines(run.metrics());
        assertEquals(4, metrics.size());
        JsonNode tb = dump(dir);
        assertMetrics(tb, metrics);
        for (JsonNode h : tb.at("/histograms/selfplay~1gameLength")) {
            assertTrue(h.get(0).asInt() <= 4, h.toString());
        }
        assertEquals(4, tb.at("/histograms/selfplay~1gameLength").size());
        // Unpurged, as TensorBoard's data server reads the files: still each (tag, step) once.
        Set<String> seen = new HashSet<>();
        for (JsonNode r : tb.get("raw")) {
            if (!r.get(0).asText().equals("config") && !r.get(0).asText().equals("versions")) {
                assertTrue(seen.add(r.get(0).asText() + "@" + r.get(1).asInt()), "twice: " + r);
            }
        }
        assertTrue(seen.contains("train/loss@3"), seen.toString());
    }

    @Test
    void killNineAsGeneration3IsLoggedThenResumeShowsEachGenerationOnce() throws Exception {
        Path dir = tmp.resolve("killed");
        RunDirectory run = new RunDirectory(dir);
        // Killed as soon as an event of generation 3 is on disk: before or after its state.json,
        // whichever the moment gives; either way the resumed run shows each generation once.
        boolean killed = TrainProcess.start(dir, tmp.resolve("killed.log"), 4).killWhen((r, text) -> {
            Path events = TensorBoardLog.dir(r);
            if (!Files.isDirectory(events)) {
                return false;
            }
            try (var files = Files.list(events)) {
                for (Path f : files.toList()) {
                    byte[] bytes = Files.readAllBytes(f);
                    if (org.owarelab.formats.tensorboard.EventWriter.keepUpTo(bytes, 2).length < bytes.length) {
                        return true;
                    }
                }
            }
            return false;
        }, 0);
        assertTrue(killed, "killed in generation 3");
        TrainProcess.resume(dir, tmp.resolve("killed.log")).finish();
        List<JsonNode> metrics = lines(run.metrics());
        assertEquals(4, metrics.size());
        JsonNode tb = dump(dir);
        assertMetrics(tb, metrics);
        Set<String> seen = new HashSet<>();
        for (JsonNode r : tb.get("raw")) {
            if (!r.get(0).asText().equals("config") && !r.get(0).asText().equals("versions")) {
                assertTrue(seen.add(r.get(0).asText() + "@" + r.get(1).asInt()), "twice: " + r);
            }
        }
    }

    /** Every number of each metrics line (objects only) is the scalar of its path at its generation. */
    private static void assertMetrics(JsonNode tb, List<JsonNode> metrics) {
        JsonNode scalars = tb.get("scalars");
        int checked = 0;
        for (JsonNode m : metrics) {
            int gen = m.get("generation").asInt();
            for (Map.Entry<String, Double> e : leaves("", m).entrySet()) {
                String tag = e.getKey().contains("/") ? e.getKey() : "run/" + e.getKey();
                if (tag.equals("run/format") || tag.equals("run/generation")) {
                    continue;
                }
                JsonNode series = scalars.get(tag);
                assertTrue(series != null, "no scalar " + tag + " in " + scalars.fieldNames().next() + "...");
                double got = Double.NaN;
                int times = 0;
                for (JsonNode p : series) {
                    if (p.get(0).asInt() == gen) {
                        got = p.get(1).asDouble();
                        times++;
                    }
                }
                assertEquals(1, times, tag + " at generation " + gen);
                assertEquals(e.getValue(), got, 1e-6 * Math.max(1, Math.abs(e.getValue())), tag + " at " + gen);
                checked++;
            }
            for (JsonNode p : scalars.get("train/loss")) {
                assertTrue(p.get(0).asInt() <= metrics.size(), "no step past the last generation: " + p);
            }
        }
        assertTrue(checked > 20 * metrics.size(), "checked " + checked);
    }

    private static Map<String, Double> leaves(String prefix, JsonNode node) {
        Map<String, Double> out = new java.util.LinkedHashMap<>();
        node.fields().forEachRemaining(e -> {
            String path = prefix.isEmpty() ? e.getKey() : prefix + "/" + e.getKey();
            if (e.getValue().isNumber()) {
                out.put(path, e.getValue().asDouble());
            } else if (e.getValue().isObject()) {
                out.putAll(leaves(path, e.getValue()));
            }
        });
        return out;
    }

    private static double last(JsonNode tb, String tag) {
        JsonNode s = tb.at("/scalars").get(tag);
        assertTrue(s != null && s.size() > 0, "no scalar " + tag);
        return s.get(s.size() - 1).get(1).asDouble();
    }

    private JsonNode dump(Path run) throws Exception {
        Path script = REPO.resolve("scripts/tensorboard-dump.py");
        Path out = tmp.resolve("dump.json");
        Path err = tmp.resolve("dump.err");
        Process p = new ProcessBuilder(python, script.toString(), TensorBoardLog.dir(new RunDirectory(run)).toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "the reader did not finish");
        assertEquals(0, p.exitValue(), Files.readString(err));
        return JSON.readTree(out.toFile());
    }

    private static List<JsonNode> lines(Path file) throws Exception {
        List<JsonNode> out = new ArrayList<>();
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            out.add(JSON.readTree(line));
        }
        return out;
    }
}
