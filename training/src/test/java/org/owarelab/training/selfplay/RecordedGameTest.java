package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/** Both kinds of game file, read by their own readers into what a replay needs. */
class RecordedGameTest {
    private static final String START4 = "3-3-3-3-3-3-3-3-0-0-S";

    @Test
    void aSelfPlayRecordStartsAtItsRulesStart() {
        SelfPlayRecord g = new SelfPlayRecord(7, 3, "houses=4,seeds=3", "Aa", 1, "threshold", 10, 14, -1, -1, 2, 100);
        RecordedGame r = RecordedGame.parse(g.jsonLine());
        assertEquals(new RecordedGame("houses=4,seeds=3", null, "Aa", 1), r);
        Board start = r.start();
        assertEquals(4, start.housesPerSide());
        assertEquals(START4, start.text());
    }

    @Test
    void aMatchRecordKeepsItsPositionAndAForfeitIsSkipped() {
        org.owarelab.evaluation.MatchRecord m = new org.owarelab.evaluation.MatchRecord(0, 0, 0, "houses=4,seeds=3",
                "3-3-3-3-3-3-2-4-0-0-N", "", 0, "a", "b", Side.SOUTH, 1, -1, "threshold", 0, 0, null, -1, new long[0]);
        RecordedGame r = RecordedGame.parse(m.toJson());
        assertEquals(new RecordedGame("houses=4,seeds=3", "3-3-3-3-3-3-2-4-0-0-N", "", -1), r);
        assertEquals(Side.NORTH, r.start().toMove());
        org.owarelab.evaluation.MatchRecord forfeit = new org.owarelab.evaluation.MatchRecord(1, 0, 0, "",
                org.owarelab.rules.Position.start(RuleSet.DEFAULT).text(), "", 0, "a", "b", Side.SOUTH, 1, Side.NORTH,
                org.owarelab.evaluation.MatchRecord.ERROR, 0, 0, "south agent failed: boom", Side.SOUTH, new long[0]);
        assertNull(RecordedGame.parse(forfeit.toJson()));
    }

    @Test
    void badLinesSayWhatWasExpected() {
        assertEquals("not JSON; expected one game record per line",
                assertThrows(IllegalArgumentException.class, () -> RecordedGame.parse("{\"a\":1,\"a\":2}")).getMessage());
        String m = assertThrows(IllegalArgumentException.class, () -> RecordedGame.parse("[1]")).getMessage();
        assertTrue(m.startsWith("not a game record (") && m.endsWith("); expected a self-play record "
                + "(RUN/selfplay.jsonl) or a match record ('oware match --out')"), m);
        m = assertThrows(IllegalArgumentException.class, () -> RecordedGame.parse("{\"result\":\"1-0\"}")).getMessage();
        assertTrue(m.startsWith("not a game record ("), m);
        assertThrows(IllegalArgumentException.class, () -> new RecordedGame("houses=99", null, "", 0).start());
    }
}
