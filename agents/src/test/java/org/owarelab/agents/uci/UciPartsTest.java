package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.TimeControl;
import org.owarelab.rules.Board;
import org.owarelab.rules.Side;

/** The pieces of the protocol: go parameters and time management, the cp scale, command splitting, info parsing. */
class UciPartsTest {

    private static GoParams go(String line) throws UciInputException {
        return GoParams.parse(line.split(" "), 1);
    }

    @Test
    void goLimitsAndTimeManagement() throws Exception {
        assertEquals(new SearchLimit(6, 0, 0, 1200, false), go("go depth 6 movetime 1200").limit(Side.SOUTH));
        assertEquals(SearchLimit.NONE, go("go").limit(Side.SOUTH));
        assertEquals(new SearchLimit(0, 5000, 0, 0, false), go("go nodes 5000").limit(Side.NORTH));
        // 20 moves to go by default: 10000 / 20 = 500 ms, plus 3/4 of the increment.
        assertEquals(500, go("go wtime 10000 btime 2000").budgetMillis(Side.SOUTH));
        assertEquals(100, go("go wtime 10000 btime 2000").budgetMillis(Side.NORTH));
        assertEquals(575, go("go wtime 10000 btime 2000 winc 100 binc 0").budgetMillis(Side.SOUTH));
        // One move to go: all but the reserve of max(50 ms, a tenth).
        assertEquals(9000, go("go wtime 10000 movestogo 1").budgetMillis(Side.SOUTH));
        assertEquals(30, go("go wtime 80 movestogo 1").budgetMillis(Side.SOUTH));
        // A flagged (negative) clock still gives a move, at once.
        assertEquals(1, go("go wtime -20 btime 5000").budgetMillis(Side.SOUTH));
        // movetime and a clock: the smaller.
        assertEquals(300, go("go movetime 300 wtime 100000").budgetMillis(Side.SOUTH));
        assertEquals(500, go("go movetime 3000 wtime 10000").budgetMillis(Side.SOUTH));
        // The other side's clock does not limit the mover.
        assertEquals(0, go("go btime 10000").budgetMillis(Side.SOUTH));
        // A clock without movetime: the planned time, and the most an unsure move may take (5/2 of it,
        // within half the clock beyond the reserve), which is also the engine's deadline.
        assertEquals(new SearchLimit(0, 0, 0, 500, false, 1250), go("go wtime 10000 btime 2000").limit(Side.SOUTH));
        assertEquals(1250, go("go wtime 10000 btime 2000").hardMillis(Side.SOUTH));
        assertEquals(new SearchLimit(0, 0, 0, 300, false), go("go movetime 300 wtime 100000").limit(Side.SOUTH),
                "a movetime is never stretched");
        assertEquals(300, go("go movetime 300 wtime 100000").hardMillis(Side.SOUTH));
        assertEquals(new SearchLimit(0, 0, 0, 9000, false, 9000), go("go wtime 10000 movestogo 1").limit(Side.SOUTH),
                "the last move before the control takes all but the reserve, no more, and is on the clock (its margin kept)");
        // Infinite and ponder searches carry no time; depth and nodes stay.
        assertEquals(new SearchLimit(4, 0, 0, 0, true), go("go ponder depth 4 wtime 1000").limit(Side.SOUTH));
        assertEquals(new SearchLimit(0, 0, 0, 0, true), go("go infinite").limit(Side.NORTH));
        assertEquals(List.of("searchmoves", "A"), go("go searchmoves A depth 2").ignored());
    }

    @Test
    void ponderhitSpendsThePlannedTime() throws Exception {
        // After ponderhit the search goes on for the planned time less the clock's safety margin,
        // not for the most time (5/2 of it), which only a managed search may reach.
        GoParams clocked = go("go ponder wtime 10000 btime 2000");
        assertEquals(TimeControl.usableMillis(500), clocked.ponderhitMillis(Side.SOUTH));
        assertTrue(clocked.ponderhitMillis(Side.SOUTH) < 500 && 500 < clocked.hardMillis(Side.SOUTH));
        assertEquals(TimeControl.usableMillis(100), clocked.ponderhitMillis(Side.NORTH));
        assertEquals(700, go("go ponder movetime 700").ponderhitMillis(Side.SOUTH), "a movetime is searched in full");
        assertEquals(0, go("go ponder").ponderhitMillis(Side.SOUTH), "no time given: until stop");
    }

    @Test
    void hugeTimesAreReadAsAboutThirtyFiveYears() throws Exception {
        // Times past 2^40 ms would overflow the nanosecond deadlines (a deadline in the past: a move at once).
        long max = GoParams.MAX_MILLIS;
        assertEquals(new SearchLimit(0, 0, 0, max, false), go("go movetime 9223372036854775807").limit(Side.SOUTH));
        assertEquals(max / 20, go("go wtime 9223372036854775807 btime 1000").budgetMillis(Side.SOUTH));
        assertEquals(max - max / 10, go("go wtime 9223372036854775807 winc 9223372036854775807 movestogo 1")
                .budgetMillis(Side.SOUTH), "all but the reserve, not an overflowed sum");
        assertEquals(1, go("go wtime -9223372036854775807 btime 1000").budgetMillis(Side.SOUTH));
        SearchLimit l = go("go wtime 9223372036854775807 btime 1000").limit(Side.SOUTH);
        assertTrue(l.hardMillis() <= max && Math.multiplyExact(l.hardMillis(), 1_000_000L) > 0, l.toString());
    }

    @Test
    void malformedGoNumbersAreRejected() {
        assertTrue(assertThrows(UciInputException.class, () -> go("go movetime -5")).getMessage()
                .contains("movetime '-5': expected a whole number >= 0"));
        assertThrows(UciInputException.class, () -> go("go depth 99999"));
        assertThrows(UciInputException.class, () -> go("go nodes"));
        assertThrows(UciInputException.class, () -> go("go wtime 1.5"));
    }

    @Test
    void centipawnScale() {
        // Proven: 10000 minus the PV length.
        assertEquals(9997, UciScore.centipawns(new SearchInfo(5, 5, 1.0, Double.NaN, 1, 0, 0, new int[] {0, 1, 2})));
        assertEquals(-9999, UciScore.centipawns(new SearchInfo(5, 5, -1.0, 3.0, -1, 0, 0, new int[] {4})));
        // A seed margin wins over the value: 100 per seed.
        assertEquals(250, UciScore.centipawns(new SearchInfo(5, 5, 0.9, 2.5, 0, 0, 0, new int[0])));
        assertEquals(-8999, UciScore.centipawns(new SearchInfo(5, 5, 0.9, -500, 0, 0, 0, new int[0])));
        // Only a value: 2500 per unit.
        assertEquals(1250, UciScore.centipawns(new SearchInfo(5, 5, 0.5, Double.NaN, 0, 0, 0, null)));
        assertEquals(-2500, UciScore.fromValue(-3));
        assertEquals(0, UciScore.fromValue(Double.NaN));
        // And back.
        assertEquals(0.5, UciScore.toValue(1250), 1e-12);
        assertEquals(1.0, UciScore.toValue(9997));
        assertEquals(1, UciScore.proven(9000));
        assertEquals(0, UciScore.proven(8999));
        assertEquals(-2.5, UciScore.toSeedMargin(-250), 1e-12);
        assertTrue(Double.isNaN(UciScore.toSeedMargin(-9990)));
    }

    @Test
    void commandsSplitLikeShellWords() {
        assertEquals(List.of("java", "-jar", "my engine.jar", "service"),
                CommandSplitter.split("  java -jar \"my engine.jar\"   service "));
        assertEquals(List.of("a b", "c\"d", "e\\f", "g h"), CommandSplitter.split("'a b' \"c\\\"d\" \"e\\\\f\" g\\ h"));
        assertEquals(List.of("x=", "y"), CommandSplitter.split("x=\"\" y"));
        assertThrows(AgentSpecException.class, () -> CommandSplitter.split("java \"-jar"));
        assertThrows(AgentSpecException.class, () -> CommandSplitter.split("java 'x"));
        assertThrows(AgentSpecException.class, () -> CommandSplitter.split("   "));
    }

    @Test
    void infoLinesAreReadLeniently() {
        Board b = new Board();
        SearchInfo i = InfoLine.parse("info depth 7 seldepth 12 score cp -150 upperbound nodes 4000 nps 8000 time 500 pv CfAx", b);
        assertEquals(7, i.depth());
        assertEquals(12, i.selDepth());
        assertEquals(-1.5, i.seedMargin(), 1e-12);
        assertEquals(-0.06, i.value(), 1e-12);
        assertEquals(4000, i.nodes());
        assertEquals(500, i.timeMillis());
        assertArrayEquals(new int[] {2, 5, 0}, i.pv()); // cut before x, not a move letter
        SearchInfo mate = InfoLine.parse("info depth 3 score mate -4 pv E", b);
        assertEquals(-1, mate.proven());
        assertEquals(-1.0, mate.value());
        assertNull(InfoLine.parse("info string hello depth 3", b));
        assertNull(InfoLine.parse("info depth x", b));
        assertNull(InfoLine.parse("info currmove A", b));
        assertEquals(new Board().text(), b.text()); // the root is restored
    }

    @Test
    void seedsMapIntoTheEngineOptionRange() {
        assertEquals(12345, UciAgent.seedOption(12345));
        long s = UciAgent.seedOption(-7);
        assertTrue(s >= 0 && s <= UciEngine.SEED_MAX);
        assertEquals(s, UciAgent.seedOption(-7));
        assertEquals("go depth 4 movetime 500", UciAgent.goCommand(new SearchLimit(4, 0, 0, 500, false)));
        assertEquals("go nodes 800", UciAgent.goCommand(SearchLimit.simulations(800)));
        assertEquals("go infinite", UciAgent.goCommand(new SearchLimit(0, 0, 0, 0, true)));
        assertEquals("go", UciAgent.goCommand(SearchLimit.NONE));
    }
}
