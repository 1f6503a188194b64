package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GameRecordsTest {
    @TempDir
    Path dir;

    private static final GameResult FULL = new GameResult(1, 17, 8, "alphabeta:depth=3", "uci:cmd=\"java -jar e.jar\"",
            "houses=6,seeds=4", null, "Cf", "CfAb", "1-0", "threshold", -42, List.of(12L, 9L), null);

    @Test
    void jsonFormIsTheDocumentedOne() {
        String json = GameRecords.toJson(FULL);
        assertEquals("{\"format\":1,\"game\":17,\"pair\":8,\"south\":\"alphabeta:depth=3\","
                + "\"north\":\"uci:cmd=\\\"java -jar e.jar\\\"\",\"rules\":\"houses=6,seeds=4\",\"opening\":\"Cf\","
                + "\"moves\":\"CfAb\",\"result\":\"1-0\",\"reason\":\"threshold\",\"seed\":-42,\"millis\":[12,9]}", json);
        assertEquals(FULL, GameRecords.parse(json));
    }

    @Test
    void optionalFieldsMayBeLeftOut() {
        GameResult g = GameRecords.parse("{\"format\":1,\"game\":0,\"pair\":-1,\"south\":\"random\",\"north\":\"greedy\","
                + "\"moves\":\"FfBe\",\"result\":\"*\",\"reason\":\"error\",\"seed\":5,\"error\":\"greedy crashed\"}");
        assertEquals("", g.opening());
        assertEquals(List.of(), g.millis());
        assertTrue(!g.finished());
    }

    @Test
    void badRecordsSayWhatIsWrong() {
        String ok = GameRecords.toJson(GameResult.of(3, -1, "a", "b", "", "0-1", "no-moves", 1));
        assertMessage("result must be 1-0, 0-1, 1/2-1/2 or *", ok.replace("\"0-1\"", "\"2-0\""));
        assertMessage("'result'", ok.replace(",\"result\":\"0-1\"", ""));
        assertMessage("format 2 is not supported", ok.replace("\"format\":1", "\"format\":2"));
        assertMessage("\"colour\"", ok.replace("{", "{\"colour\":1,"));
        assertMessage("not a prefix", ok.replace("\"opening\":\"\"", "\"opening\":\"A\""));
        assertMessage("must say what went wrong", ok.replace("\"0-1\"", "\"*\""));
    }

    private static void assertMessage(String expected, String line) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GameRecords.parse(line));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void fileRoundTripAndTornLastLine() throws IOException {
        Path file = dir.resolve(GameRecords.FILE);
        List<GameResult> games = List.of(FULL, GameResult.of(1, -1, "a", "b", "FfBe", "1/2-1/2", "repetition", 9));
        GameRecords.write(file, games);
        assertEquals(games, GameRecords.read(file));
        GameRecords.append(file, GameResult.of(2, -1, "b", "a", "", "0-1", "no-moves", 3));
        assertEquals(3, GameRecords.read(file).size());
        // A crash in the middle of an append leaves a partial line without newline: skipped.
        Files.writeString(file, Files.readString(file) + "{\"format\":1,\"game\":3,\"pa");
        assertEquals(3, GameRecords.read(file).size());
        // A bad line anywhere else is an error with its line number.
        Files.writeString(file, "{\"format\":1}\n" + Files.readString(file));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> GameRecords.read(file));
        assertTrue(e.getMessage().contains("games.jsonl:1:"), e.getMessage());
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
}
