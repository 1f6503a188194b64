package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
}
