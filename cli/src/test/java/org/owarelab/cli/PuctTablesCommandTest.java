package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code puct:...,solver=true,tables=FILE} from the command line, bad table files included. */
class PuctTablesCommandTest {
    @TempDir
    static Path dir;
    static Path file;

    @BeforeAll
    static void build() {
        file = dir.resolve("t5.owtb");
        Cli r = Cli.run("tables", "build", "--seeds", "5", "--out", file.toString(), "--threads", "1");
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void accuracyOfPuctWithSolverAndTable() throws Exception {
        Cli r = Cli.run("accuracy", "--agent", "puct:sims=50,solver=true,tables=" + file, "--seeds", "3-5",
                "--positions", "20", "--tables", file.toString(), "--plot", dir.resolve("p.png").toString());
        assertEquals(0, r.code(), r.err());
        String[] lines = r.outLines();
        JsonNode json = new ObjectMapper().readTree(lines[lines.length - 1]);
        assertEquals(3, json.get("rows").size());
        for (JsonNode row : json.get("rows")) {
            assertEquals(20, row.get("positions").asInt());
        }
    }

    @Test
    void mismatchedOrBrokenTableFilesExitWithTwoAndOneLine() throws Exception {
        assertBadInput(Cli.run("match", "puct:sims=20,tables=" + file, "random", "--games", "2", "--rules",
                "grand-slam=capture-all"), "built for rules default, expected rules grand-slam=capture-all");
        byte[] bytes = Files.readAllBytes(file);
        Path cut = dir.resolve("cut.owtb");
        Files.write(cut, Arrays.copyOf(bytes, bytes.length / 2));
        assertBadInput(Cli.run("match", "puct:sims=20,solver=true,tables=" + cut, "random", "--games", "2"), "truncated");
        assertBadInput(Cli.run("match", "puct:sims=20,solver=maybe", "random", "--games", "2"), "solver");
    }

    private static void assertBadInput(Cli r, String expected) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(expected), r.err());
        assertEquals(1, r.err().strip().lines().count(), "one line: " + r.err());
    }
}
