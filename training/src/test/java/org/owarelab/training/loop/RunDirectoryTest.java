package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A resume rolls the run's record files back to the resume point. */
class RunDirectoryTest {
    @TempDir
    Path tmp;

    @Test
    void trimKeepsOnlyWhatTheStateCovers() throws Exception {
        RunDirectory run = new RunDirectory(tmp);
        StringBuilder metrics = new StringBuilder();
        for (int g = 1; g <= 5; g++) {
            metrics.append("{\"format\":1,\"generation\":").append(g).append("}\n");
        }
        metrics.append("{\"format\":1,\"gener"); // torn by a kill
        Files.writeString(run.metrics(), metrics);
        StringBuilder games = new StringBuilder();
        for (int id = 0; id < 10; id++) {
            games.append("{\"id\":").append(id).append(",\"moves\":\"F\"}\n");
        }
        Files.writeString(run.selfplay(), games);

        run.trimTo(new TrainState(TrainState.FORMAT, 3, 30, 6, 100, 1.0, "step-00000030", "replay-g3.bin", null));

        List<String> m = Files.readAllLines(run.metrics());
        assertEquals(3, m.size());
        assertEquals("{\"format\":1,\"generation\":3}", m.get(2));
        List<String> s = Files.readAllLines(run.selfplay());
        assertEquals(6, s.size());
        assertEquals("{\"id\":5,\"moves\":\"F\"}", s.get(5));
    }

    @Test
    void selfPlayRecordsAreTrimmedByCountNotById() throws Exception {
        // A cluster run's game ids carry the network version in their high bits and arrive in any order.
        RunDirectory run = new RunDirectory(tmp);
        StringBuilder games = new StringBuilder();
        long[] ids = {3, 1, 2, 0, 4294967297L, 4294967296L, 8589934592L};
        for (long id : ids) {
            games.append("{\"id\":").append(id).append(",\"moves\":\"F\"}\n");
        }
        games.append("{\"id\":85899"); // torn by a kill
        Files.writeString(run.selfplay(), games);

        run.trimTo(new TrainState(TrainState.FORMAT, 3, 30, 6, 100, 1.0, null, null, null));

        List<String> s = Files.readAllLines(run.selfplay());
        assertEquals(6, s.size());
        assertEquals("{\"id\":4294967296,\"moves\":\"F\"}", s.get(5));
    }

    /**
     * Issue 27 section 4: lines cut short up to the resume point are not dropped silently. The
     * metrics line is rewritten from the state (the generation, and the resume point's figures);
     * a lost game record is counted and named.
     */
    @Test
    void linesLostUpToTheResumePointAreRecoveredOrNamed() throws Exception {
        RunDirectory run = new RunDirectory(tmp);
        Files.writeString(run.metrics(), "{\"format\":1,\"generation\":1}\n{\"format\":1,\"generation\":2,\"st");
        StringBuilder games = new StringBuilder();
        for (int id = 0; id < 5; id++) {
            games.append("{\"id\":").append(id).append(",\"moves\":\"F\"}\n");
        }
        games.append("{\"id\":5,\"mo");
        Files.writeString(run.selfplay(), games);

        List<String> notes = run.trimTo(new TrainState(TrainState.FORMAT, 2, 20, 6, 90, 12.5, "step-00000020",
                "replay-g2.bin", null));

        List<String> m = Files.readAllLines(run.metrics());
        assertEquals(2, m.size(), m.toString());
        var recovered = new com.fasterxml.jackson.databind.ObjectMapper().readTree(m.get(1));
        assertEquals(2, recovered.get("generation").asInt());
        assertEquals(20, recovered.get("step").asLong());
        assertEquals(6, recovered.get("games").asLong());
        assertEquals(12.5, recovered.get("seconds").asDouble());
        assertTrue(recovered.has("recovered"), m.get(1));
        assertEquals(5, Files.readAllLines(run.selfplay()).size());
        assertEquals(2, notes.size(), notes.toString());
        assertTrue(notes.get(0).startsWith("metrics.jsonl: the line of generation 2 was lost"), notes.get(0));
        assertTrue(notes.get(1).startsWith("selfplay.jsonl: 1 game record up to the resume point could not be read "
                + "(cut short or damaged) and is lost: the run's games 6..6 of 6"), notes.get(1));
    }

    @Test
    void linesCutShortAfterTheResumePointAreDroppedAndSaidSo() throws Exception {
        RunDirectory run = new RunDirectory(tmp);
        Files.writeString(run.metrics(), "{\"format\":1,\"generation\":1}\n{\"format\":1,\"gen");
        Files.writeString(run.selfplay(), "{\"id\":0}\n{\"id\":1}\n{\"id");
        List<String> notes = run.trimTo(new TrainState(TrainState.FORMAT, 1, 10, 2, 40, 1.0, "step-00000010",
                "replay-g1.bin", null));
        assertEquals(List.of("{\"format\":1,\"generation\":1}"), Files.readAllLines(run.metrics()));
        assertEquals(2, Files.readAllLines(run.selfplay()).size());
        assertEquals(List.of("metrics.jsonl: dropped 1 line cut short after the resume point (generation 2 is played "
                + "again)", "selfplay.jsonl: dropped 1 line cut short after the resume point (generation 2 is played "
                + "again)"), notes);
        assertEquals(List.of(), run.trimTo(new TrainState(TrainState.FORMAT, 1, 10, 2, 40, 1.0, "step-00000010",
                "replay-g1.bin", null)), "a whole run has nothing to say");
    }
}
