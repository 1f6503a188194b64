package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code selfplay.jsonl} line: its fields, its format version, strings escaped, and its reader. */
class SelfPlayRecordJsonTest {
    private static final SelfPlayRecord GAME = new SelfPlayRecord(7, -3, "grand-slam=\"x\"\\y", "FfBe", -1, "ply-cap", 20, 22,
            1, 40, 12, 5000);

    @Test
    void lineCarriesTheFormatAndTheDocumentedFields() throws Exception {
        String line = GAME.jsonLine();
        assertEquals("{\"format\":1,\"id\":7,\"seed\":-3,\"rules\":\"grand-slam=\\\"x\\\"\\\\y\",\"moves\":\"FfBe\","
                + "\"winner\":-1,\"end\":\"ply-cap\",\"stores\":[20,22],\"would_resign\":1,\"would_resign_ply\":40,"
                + "\"positions\":12,\"simulations\":5000}", line);
        JsonNode o = new ObjectMapper().readTree(line);
        assertEquals(SelfPlayRecord.FORMAT, o.get("format").asInt());
        assertEquals("grand-slam=\"x\"\\y", o.get("rules").asText());
    }

    @Test
    void parseReadsBackWhatJsonLineWrote() {
        assertEquals(GAME, SelfPlayRecord.parse(GAME.jsonLine()));
        SelfPlayRecord big = new SelfPlayRecord(Long.MAX_VALUE, Long.MIN_VALUE, "", "", 0, "threshold", 25, 0, -1, -1, 0,
                1L << 40);
        assertEquals(big, SelfPlayRecord.parse(big.jsonLine()));
        assertEquals(big, SelfPlayRecord.fromJson(big.toJson()));
    }

    @Test
    void aLineWithoutTheFormatFieldIsFormatOne() {
        String old = GAME.jsonLine().replace("\"format\":1,", "");
        assertEquals(GAME, SelfPlayRecord.parse(old));
    }

    @Test
    void eachMalformedLineSaysWhatIsWrong() {
        String ok = GAME.jsonLine();
        assertMessage("not JSON", "{\"id\":7,");
        assertMessage("expected a JSON object", "[1,2]");
        assertMessage("missing field \"moves\"", ok.replace("\"moves\":\"FfBe\",", ""));
        assertMessage("unknown field \"result\"", ok.replace("{", "{\"result\":\"1-0\","));
        assertMessage("format 2 is not supported", ok.replace("\"format\":1", "\"format\":2"));
        assertMessage("\"winner\" must be 0 (South), 1 (North) or -1 (a draw), not 5",
                ok.replace("\"winner\":-1", "\"winner\":5"));
        assertMessage("\"winner\" must be a whole number, not \"draw\"", ok.replace("\"winner\":-1", "\"winner\":\"draw\""));
        assertMessage("\"stores\" must be [south, north] seed counts", ok.replace("[20,22]", "[20]"));
        assertMessage("\"moves\" must be a string, not 3", ok.replace("\"FfBe\"", "3"));
        assertMessage("\"simulations\" must be a 64-bit whole number, not 1.5", ok.replace("5000", "1.5"));
        // Issue 27: a duplicated key was read as its last value.
        assertMessage("not JSON: Duplicate field 'winner'", ok.replace("\"winner\":-1", "\"winner\":-1,\"winner\":0"));
    }

    private static void assertMessage(String expected, String line) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SelfPlayRecord.parse(line), line);
        assertTrue(e.getMessage().startsWith(expected), e.getMessage());
    }

    @Test
    void readReturnsTheGamesInOrderAndNamesTheFileAndLineOfABadOne(@TempDir Path dir) throws Exception {
        SelfPlayRecord second = new SelfPlayRecord(8, 4, "", "AfBe", 0, "threshold", 25, 3, -1, -1, 4, 800);
        Path file = dir.resolve("selfplay.jsonl");
        Files.write(file, List.of(GAME.jsonLine(), "", second.jsonLine()), StandardCharsets.UTF_8);
        assertEquals(List.of(GAME, second), SelfPlayRecord.read(file));

        Files.write(file, List.of(GAME.jsonLine(), second.jsonLine().replace("\"end\":\"threshold\",", "")),
                StandardCharsets.UTF_8);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SelfPlayRecord.read(file));
        assertEquals(file + ":2: missing field \"end\"; expected one self-play game record per line", e.getMessage());
    }
}
