package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/** A tiny-board config (3 houses x 3 seeds) that trains in seconds, for the loop's tests. */
final class TinyRuns {
    private TinyRuns() {
    }

    static TrainConfig config(int generations, String... extra) {
        List<String> sets = new ArrayList<>(List.of(
                "rules=houses=3,seeds=3",
                "network.hidden=[64, 64]",
                "learner.learningRate=0.002",
                "selfplay.parallelGames=32",
                "selfplay.simulations=32",
                "selfplay.plyCap=200",
                "replay.window=20000",
                "replay.minPositions=256",
                "loop.generations=" + generations,
                "loop.workers=2",
                "loop.gamesPerGeneration=64",
                "loop.batchSize=128",
                "loop.maxStepsPerGeneration=100",
                "loop.evaluateEvery=0",
                "loop.cacheEntries=4096",
                "arena.opponents=[random]",
                "arena.games=10",
                "arena.finalGames=20",
                "arena.simulations=32",
                "arena.openingPlies=2"));
        sets.addAll(List.of(extra));
        return TrainConfig.parse("", "tiny", sets);
    }

    /** A log sink for tests. */
    static PrintStream quietLog(ByteArrayOutputStream buffer) {
        return new PrintStream(buffer, true, StandardCharsets.UTF_8);
    }

    /**
     * Every generation of the run trained without a skipped step: the learner's guard against a
     * non-finite gradient must never fire on these healthy runs, so a test fails when it does.
     */
    static void assertNoSkippedSteps(RunDirectory run) throws IOException {
        ObjectMapper json = new ObjectMapper();
        for (String line : Files.readAllLines(run.metrics())) {
            var m = json.readTree(line);
            assertEquals(0, m.path("train").path("skippedSteps").asInt(), "skipped learner steps: " + line);
        }
    }

    /** Builds an endgame table of at most {@code seeds} seeds for {@code rules} in {@code dir} (2 threads). */
    static java.nio.file.Path table(java.nio.file.Path dir, String rules, int seeds) throws Exception {
        java.nio.file.Path file = dir.resolve("t-" + rules.replaceAll("[^a-z0-9]", "_") + "-" + seeds + ".owtb");
        new org.owarelab.tables.TableBuilder(org.owarelab.rules.RuleSet.parse(rules), seeds, 2, line -> { }).build()
                .save(file);
        return file;
    }
}
