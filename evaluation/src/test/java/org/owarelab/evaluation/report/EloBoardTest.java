package org.owarelab.evaluation.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.util.Pythons;

/**
 * A report's Elo series and ratings read back with TensorBoard's own reader (scripts/tensorboard-dump.py
 * in python/.venv, or the python OWARE_PYTHON names; skipped without one), after two renders: the
 * second replaces the first's file.
 */
class EloBoardTest {
    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void eloSeriesAndRatingsAreScalars() throws Exception {
        String python = python();
        assumeTrue(python != null, "no python with tensorboard (run python/venv.sh, or set OWARE_PYTHON): "
                + "the report's TensorBoard files were not read back with TensorBoard's reader");
        ReportTest.tournament(dir);
        Report.render(dir);
        Report.render(dir);
        List<Rating> ratings = RatingsCsv.read(dir.resolve(RatingsCsv.FILE));
        Path run = dir.resolve("tensorboard/run-a");
        try (var files = Files.list(run)) {
            assertEquals(1, files.count(), "a render replaces the file of the one before");
        }
        JsonNode series = dump(python, run).get("scalars").get("elo");
        assertEquals(3, series.size(), series.toString());
        for (int i = 0; i < 3; i++) {
            assertEquals(1000 * (i + 1), series.get(i).get(0).asInt());
            assertEquals(elo(ratings, "ckpt-" + (i + 1)), series.get(i).get(1).asDouble(), 0.01);
        }
        JsonNode all = dump(python, dir.resolve("tensorboard/ratings")).get("scalars");
        for (Rating r : ratings) {
            assertEquals(r.elo(), all.get("elo/" + r.player()).get(0).get(1).asDouble(), 0.01, r.player());
            assertEquals(r.lo(), all.get("elo_lo/" + r.player()).get(0).get(1).asDouble(), 0.01, r.player());
        }
    }

    private static double elo(List<Rating> ratings, String player) {
        return ratings.stream().filter(r -> r.player().equals(player)).findFirst().orElseThrow().elo();
    }

    private static JsonNode dump(String python, Path logdir) throws Exception {
        Process p = new ProcessBuilder(python, REPO.resolve("scripts/tensorboard-dump.py").toString(), logdir.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "the reader failed on " + logdir);
        return new ObjectMapper().readTree(out);
    }

    private static String python() throws Exception {
        return Pythons.find("tensorboard.backend.event_processing.event_accumulator");
    }
}
