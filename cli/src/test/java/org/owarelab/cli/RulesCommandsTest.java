package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The rules commands from the outside: output formats, exit codes, one-line errors. */
class RulesCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void perftPrintsCountAndSpeed() {
        Cli r = Cli.run("perft", "--depth", "5");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("perft(5) = 5219"), r.out());
        assertTrue(r.out().matches("(?s).*leaves/s: \\d+.*"), r.out());
    }

    @Test
    void perftOnThreadsCountsTheSame() {
        Cli r = Cli.run("perft", "--depth", "7", "--threads", "3");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("perft(7) = 139157"), r.out());
        assertTrue(r.out().contains("on 3 threads"), r.out());
        Cli d = Cli.run("perft", "--depth", "5", "--divide", "--threads", "2");
        assertEquals(0, d.code(), d.err());
        assertTrue(d.out().contains("perft(5) = 5219"), d.out());
        Cli bad = Cli.run("perft", "--depth", "5", "--threads", "0");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("--threads 0: expected 1..256"), bad.err());
    }

    @Test
    void benchRulesPrintsWallAndCpuFiguresAndTheThreadedPerft() {
        Cli r = Cli.run("bench", "rules", "--seconds", "0.2", "--perft-depth", "6", "--threads", "2");
        assertEquals(0, r.code(), r.err());
        for (String figure : new String[] {"make+undo/s", "make+undo/cpu-s", "perft leaves/s", "perft leaves/cpu-s",
            "perft leaves/s (2 threads)"}) {
            assertTrue(java.util.Arrays.stream(r.outLines()).anyMatch(l -> l.startsWith(figure + ": ")
                    && l.substring(figure.length() + 2).matches("\\d+")), figure + " in " + r.out());
        }
        assertTrue(r.out().contains("perft(6): 27332 leaves"), r.out());
        assertTrue(r.out().contains("perft(6) on 2 threads: 27332 leaves"), r.out());
    }

    @Test
    void perftDivideSumsToTotal() {
        Cli r = Cli.run("perft", "--depth", "4", "--divide");
        assertEquals(0, r.code(), r.err());
        long sum = 0;
        for (String line : r.outLines()) {
            if (line.matches("[A-F]: \\d+")) {
                sum += Long.parseLong(line.substring(3));
            }
        }
        assertEquals(1014, sum);
        assertTrue(r.out().contains("perft(4) = 1014"));
    }

    @Test
    void replayWritesOneObjectPerPlyWithTheDocumentedFields() throws Exception {
        Cli r = Cli.run("replay", "--moves", "FfBe");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.outLines();
        assertEquals(5, lines.length);
        JsonNode start = JSON.readTree(lines[0]);
        assertEquals(0, start.get("ply").asInt());
        assertTrue(start.get("move").isNull());
        assertEquals("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", start.get("position").asText());
        assertEquals("ABCDEF", start.get("legal").asText());
        JsonNode first = JSON.readTree(lines[1]);
        assertEquals("F", first.get("move").asText());
        assertEquals("4-4-4-4-4-0-5-5-5-5-4-4-0-0-N", first.get("position").asText());
        assertEquals(12, first.get("houses").size());
        assertEquals("N", first.get("toMove").asText());
        assertFalse(first.has("reason"), "only the last object has reason");
        JsonNode last = JSON.readTree(lines[4]);
        assertTrue(last.has("reason") && last.get("reason").isNull());
        assertEquals(2, last.get("finalStores").size());
        assertFalse(last.get("ended").asBoolean());
    }

    @Test
    void replayReportsTheEndOfAGame() throws Exception {
        // North's last seed goes to A; then South has A=1, B=1 and nothing feeds North (worked example 6).
        Cli r = Cli.run("replay", "--position", "0-1-0-0-0-0-0-0-0-0-0-1-23-23-N", "--moves", "f");
        assertEquals(0, r.code(), r.err());
        JsonNode last = JSON.readTree(r.outLines()[1]);
        assertTrue(last.get("ended").asBoolean());
        assertEquals("no-moves", last.get("reason").asText());
        assertEquals("[23,23]", last.get("stores").toString(), "stores show the board as the move left it");
        assertEquals("[25,23]", last.get("finalStores").toString());
    }

    @Test
    void batchReplaysEveryGameAndReportsBadOnesInline() throws Exception {
        String input = "{\"moves\":\"FfBe\"}\n"
                + "{\"moves\":\"FF\"}\n"
                + "not json\n"
                + "{\"position\":\"4-4-4-4-4-4-4-4-4-4-4-4-0-0-N\",\"moves\":\"a\"}\n";
        Cli r = Cli.runWithInput(input, "replay", "--batch", "-");
        assertEquals(0, r.code(), r.err());
        String[] lines = r.outLines();
        assertEquals(4, lines.length);
        JsonNode g0 = JSON.readTree(lines[0]);
        assertEquals(0, g0.get("index").asInt());
        assertEquals(5, g0.get("plies").size());
        JsonNode g1 = JSON.readTree(lines[1]);
        assertTrue(g1.get("error").asText().contains("ply 1"), g1.toString());
        assertFalse(g1.has("plies"));
        assertTrue(JSON.readTree(lines[2]).has("error"));
        assertEquals(2, JSON.readTree(lines[3]).get("plies").size());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "4-4-4-4-4-4-4-4-4-4-4-0-0-S",          // 14 fields
        "4-4-4-4-4-4-4-4-4-4-4-x-0-0-S",        // non-numeric
        "4-4-4-4-4-4-4-4-4-4-4--4-0-0-S",       // negative (empty field)
        "4-4-4-4-4-4-4-4-4-4-4-4-0-0-X",        // side letter
        "4-4-4-4-4-4-4-4-4-4-4-5-0-0-S",        // 49 seeds
    })
    void malformedPositionsExitTwoWithOneLine(String position) {
        Cli r = Cli.run("show", "--position", position);
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().split("\\R").length, r.err());
        assertTrue(r.err().contains(position), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void illegalMoveNamesPlyMoveAndLegalMoves() {
        Cli r = Cli.run("replay", "--moves", "FfF");
        assertEquals(2, r.code());
        assertEquals("", r.out(), "nothing is printed for a game that cannot be replayed");
        assertTrue(r.err().contains("'F' at ply 2"), r.err());
        assertTrue(r.err().contains("legal: ABCDE"), r.err());
    }

    @Test
    void unknownRuleOptionExitsTwo() {
        Cli r = Cli.run("perft", "--depth", "2", "--rules", "grand-slam=sometimes");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("no-capture, illegal, capture-all, to-opponent, spare-last"), r.err());
        Cli k = Cli.run("perft", "--depth", "2", "--rules", "colour=blue");
        assertEquals(2, k.code());
        assertTrue(k.err().contains("unknown option 'colour'"), k.err());
    }

    @Test
    void showDrawsTheBoard() {
        Cli r = Cli.run("show", "--moves", "F");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("N:  [ 4][ 4][ 5][ 5][ 5][ 5]"), r.out());
        assertTrue(r.out().contains("S:  [ 4][ 4][ 4][ 4][ 4][ 0]"), r.out());
    }

    @Test
    void helpAndVersion() {
        assertEquals(0, Cli.run("--version").code());
        for (String cmd : new String[] {"perft", "replay", "show", "bench"}) {
            Cli r = Cli.run(cmd, "--help");
            assertEquals(0, r.code(), cmd);
            assertTrue(r.out().contains("Usage: oware " + cmd), r.out());
        }
        assertEquals(2, Cli.run("no-such-command").code());
    }
}
