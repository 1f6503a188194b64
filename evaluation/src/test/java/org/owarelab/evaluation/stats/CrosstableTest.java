package org.owarelab.evaluation.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CrosstableTest {
    @Test
    void countsReadFromEitherSide() {
        Crosstable t = new Crosstable();
        t.add("b", "a", 1);
        t.add("a", "b", 0.5);
        t.add("a", "b", new WinDrawLoss(2, 0, 1));
        t.add("c", "a", 0);
        assertEquals(List.of("b", "a", "c"), t.players());
        assertEquals(new WinDrawLoss(2, 1, 2), t.wdl("a", "b"));
        assertEquals(new WinDrawLoss(2, 1, 2), t.wdl("b", "a"));
        assertEquals(new WinDrawLoss(3, 1, 2), t.total(t.indexOf("a")));
        assertEquals(WinDrawLoss.NONE, t.wdl("b", "c"));
        assertEquals(WinDrawLoss.NONE, t.wdl("b", "nobody"));
        assertEquals(6, t.games());
    }

    @Test
    void headToHeadRowsFollowTheGivenOrder() {
        Crosstable t = new Crosstable();
        t.add("weak", "strong", new WinDrawLoss(1, 2, 7));
        t.add("weak", "mid", new WinDrawLoss(3, 0, 3));
        List<HeadToHead> rows = t.headToHead(List.of("strong", "mid", "weak"));
        assertEquals(2, rows.size());
        HeadToHead first = rows.get(0);
        assertEquals("strong", first.player());
        assertEquals(new WinDrawLoss(7, 2, 1), first.wdl());
        assertEquals(0.8, first.interval().score(), 1e-15);
        assertEquals(400 * Math.log10(4), first.elo(), 1e-9);
        assertTrue(first.eloLo() < first.elo() && first.elo() < first.eloHi());
        assertEquals("weak", t.headToHead().get(0).player());
    }

    @Test
    void badGamesAreRejected() {
        Crosstable t = new Crosstable();
        assertThrows(IllegalArgumentException.class, () -> t.add("a", "a", 1));
        assertThrows(IllegalArgumentException.class, () -> t.add("a", "b", 0.25));
        assertThrows(IllegalArgumentException.class, () -> t.addPlayer(" "));
    }

    @Test
    void emptyAndSinglePlayerTablesRate() {
        assertTrue(BradleyTerry.fit(new Crosstable(), EloOptions.defaults().withAnchor(null, 0)).ratings().isEmpty());
        Crosstable one = new Crosstable();
        one.addPlayer("random");
        Rating r = BradleyTerry.fit(one, EloOptions.defaults()).rating("random");
        assertEquals(new Rating("random", 0, 0, 0, 0, 0.5), r);
    }
}
