package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.rules.Side;
import org.owarelab.util.AtomicFiles;

class MatchRecordsTest {
    @TempDir
    Path dir;

    private static final MatchRecord FULL = new MatchRecord(17, 8, 3, "houses=6,seeds=4", "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
            "CfAb", 2, "alphabeta:depth=3", "uci:cmd=\"java -jar e.jar\"", Side.NORTH, -42, Side.SOUTH, "threshold", 27,
            21, null, -1, new long[] {12, 9});

    @Test
    void anOutDirectoryHoldsGamesJsonlAndAnyOtherOutIsTheFileItself() throws IOException {
        Path sub = Files.createDirectory(dir.resolve("m"));
        assertEquals(sub.resolve(MatchRecords.FILE), MatchRecords.at(sub.toString()));
        assertEquals(dir.resolve("new").resolve(MatchRecords.FILE), MatchRecords.at(dir.resolve("new") + "/"));
        assertEquals(dir.resolve("g.jsonl"), MatchRecords.at(dir.resolve("g.jsonl").toString()));
    }

    @Test
    void jsonFormIsTheDocumentedOne() {
        String json = FULL.toJson();
        assertEquals("{\"format\":1,\"game\":17,\"pair\":8,\"opening\":3,\"rules\":\"houses=6,seeds=4\","
                + "\"position\":\"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\",\"moves\":\"CfAb\",\"openingPlies\":2,"
                + "\"south\":\"alphabeta:depth=3\",\"north\":\"uci:cmd=\\\"java -jar e.jar\\\"\",\"a\":\"north\","
                + "\"seed\":-42,\"result\":\"1-0\",\"scoreA\":0.0,\"reason\":\"threshold\",\"stores\":[27,21],"
                + "\"error\":null,\"errorSide\":null,\"moveMicros\":[12,9]}", json);
        assertEquals(FULL, MatchRecords.parse(json));
        assertEquals("Cf", FULL.openingMoves());
        assertEquals(1.0, FULL.scoreOf("alphabeta:depth=3"));
        assertEquals(0.0, FULL.scoreOf("uci:cmd=\"java -jar e.jar\""));
    }

    @Test
    void failedGamesRoundTripAndAreNotRated() {
        MatchRecord f = TestGames.failed(4, 2, "a", "b", Side.NORTH, "north agent failed: IllegalStateException: boom");
        MatchRecord back = MatchRecords.parse(f.toJson());
        assertEquals(f, back);
        assertFalse(back.rated());
        assertEquals(Side.NORTH, back.errorSide());
        assertEquals("1-0", back.result());
    }

    @Test
    void badRecordsSayWhatIsWrong() {
        String ok = FULL.toJson();
        assertMessage("\"result\" must be 1-0, 0-1 or 1/2-1/2", ok.replace("\"1-0\"", "\"2-0\""));
        assertMessage("missing field \"reason\"", ok.replace(",\"reason\":\"threshold\"", ""));
        assertMessage("format 2 is not supported", ok.replace("\"format\":1", "\"format\":2"));
        assertMessage("unknown field \"colour\"", ok.replace("{", "{\"colour\":1,"));
        assertMessage("opening plies must be 0..4", ok.replace("\"openingPlies\":2", "\"openingPlies\":5"));
        assertMessage("an error is given exactly when", ok.replace("\"error\":null", "\"error\":\"x\""));
        assertMessage("\"scoreA\" 1.0 does not match", ok.replace("\"scoreA\":0.0", "\"scoreA\":1.0"));
        assertMessage("\"seed\" must be a 64-bit whole number", ok.replace("\"seed\":-42", "\"seed\":\"x\""));
        assertMessage("\"a\" must be south or north", ok.replace("\"a\":\"north\"", "\"a\":\"east\""));
        assertMessage("not JSON", "{\"format\":1,");
    }

    private static void assertMessage(String expected, String line) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MatchRecords.parse(line));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void fileRoundTripAndTornLastLine() throws IOException {
        Path file = dir.resolve(MatchRecords.FILE);
        List<MatchRecord> games = List.of(FULL, TestGames.game(1, -1, "a", "b", "1/2-1/2", 9));
        MatchRecords.write(file, games);
        assertEquals(games, MatchRecords.read(file));
        try (MatchRecords.Appender out = new MatchRecords.Appender(file, false)) {
            out.append(TestGames.game(2, -1, "b", "a", "0-1", 3));
            // Flushed per record: readable before the appender is closed.
            assertEquals(3, MatchRecords.read(file).size());
        }
        // A kill in the middle of an append leaves a partial line without newline: skipped.
        Files.writeString(file, Files.readString(file) + "{\"format\":1,\"game\":3,\"pa");
        assertEquals(3, MatchRecords.read(file).size());
        // A bad line anywhere else is an error with its line number.
        Files.writeString(file, "{\"format\":1}\n" + Files.readString(file));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MatchRecords.read(file));
        assertTrue(e.getMessage().contains("games.jsonl:1:"), e.getMessage());
    }

    @Test
    void appenderCanStartAnEmptyFile() throws IOException {
        Path file = dir.resolve("sub/games.jsonl");
        MatchRecords.write(dir.resolve("x.jsonl"), List.of(FULL));
        Files.createDirectories(file.getParent());
        Files.copy(dir.resolve("x.jsonl"), file);
        try (MatchRecords.Appender out = new MatchRecords.Appender(file, true)) {
            out.append(TestGames.game(0, 0, "a", "b", "1-0", 1));
        }
        assertEquals(List.of(TestGames.game(0, 0, "a", "b", "1-0", 1)), MatchRecords.read(file));
    }

    @Test
    void atomicWriteLeavesNoTemporaryFiles() throws IOException {
        Path file = dir.resolve("x.txt");
        AtomicFiles.writeString(file, "one");
        AtomicFiles.writeString(file, "two");
        assertEquals("two", Files.readString(file));
        try (var list = Files.list(dir)) {
            assertEquals(1, list.count());
        }
    }

    @Test
    void jsonStringsAreEscaped() {
        MatchRecord odd = TestGames.game(0, 0, "uci:cmd=\"a\\b\"\n", "x\u0001", "1-0", 1);
        String json = odd.toJson();
        assertTrue(json.contains("\"south\":\"uci:cmd=\\\"a\\\\b\\\"\\n\""), json);
        assertTrue(json.contains("\"north\":\"x\\u0001\""), json);
        assertFalse(json.contains("\n"), "one line");
        assertEquals(odd, MatchRecords.parse(json));
        assertEquals(odd.hashCode(), MatchRecords.parse(json).hashCode());
    }
}
