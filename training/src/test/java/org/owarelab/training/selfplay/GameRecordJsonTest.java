package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The {@code selfplay.jsonl} line: its fields, its format version, and strings escaped. */
class GameRecordJsonTest {
    @Test
    void lineCarriesTheFormatAndTheDocumentedFields() throws Exception {
        GameRecord g = new GameRecord(7, -3, "grand-slam=\"x\"\\y", "FfBe", -1, "ply-cap", 20, 22, 1, 40, 12, 5000);
        String line = g.jsonLine();
        assertEquals("{\"format\":1,\"id\":7,\"seed\":-3,\"rules\":\"grand-slam=\\\"x\\\"\\\\y\",\"moves\":\"FfBe\","
                + "\"winner\":-1,\"end\":\"ply-cap\",\"stores\":[20,22],\"would_resign\":1,\"would_resign_ply\":40,"
                + "\"positions\":12,\"simulations\":5000}", line);
        JsonNode o = new ObjectMapper().readTree(line);
        assertEquals(GameRecord.FORMAT, o.get("format").asInt());
        assertEquals("grand-slam=\"x\"\\y", o.get("rules").asText());
    }
}
