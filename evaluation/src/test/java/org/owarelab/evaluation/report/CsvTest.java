package org.owarelab.evaluation.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {
    @Test
    void quotesOnlyWhatNeedsIt() {
        assertEquals("a,\"b,c\",\"say \"\"hi\"\"\",", Csv.line("a", "b,c", "say \"hi\"", ""));
        assertEquals(List.of("a", "b,c", "say \"hi\"", ""), Csv.parse("a,\"b,c\",\"say \"\"hi\"\"\","));
    }

    @Test
    void quotesLineBreaksAndCarriageReturnsAndWritesNullAsEmpty() {
        assertEquals("\"two\nlines\",\"cr\rhere\",,plain", Csv.line("two\nlines", "cr\rhere", null, "plain"));
        assertEquals("\"\"\"\"", Csv.field("\""), "a lone quote: quoted, doubled");
        assertEquals("alphabeta:depth=2", Csv.field("alphabeta:depth=2"), "a colon or equals sign needs no quotes");
        assertEquals(" spaced ", Csv.field(" spaced "), "spaces are kept as they are (RFC 4180)");
        assertEquals(Csv.line("a", "b"), Csv.line(List.of("a", "b")));
    }

    @Test
    void everyFieldReadsBackAsWritten() {
        List<String> fields = List.of("", ",", "\"", "\"\"", "a,\"b\"", "x\ny", "mcts:sims=4,c=1", "é");
        assertEquals(fields, Csv.parse(Csv.line(fields)));
    }

    @Test
    void numbersRoundTripExactly() {
        for (double x : new double[] {0, -0.5, 190.84850188786498, 1e-7, 123456789.125, Double.POSITIVE_INFINITY,
            Double.NEGATIVE_INFINITY}) {
            assertEquals(x, Csv.parseNumber(Csv.number(x)));
        }
        assertEquals("190", Csv.number(190.0));
        assertEquals("inf", Csv.number(Double.POSITIVE_INFINITY));
    }

    @Test
    void badQuotingIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> Csv.parse("\"open"));
        assertThrows(IllegalArgumentException.class, () -> Csv.parse("\"a\"b"));
    }
}
