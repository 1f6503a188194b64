package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.Tally;

class MatchProgressTest {
    private static final long SECOND = 1_000_000_000L;

    private static MatchRecord won(int game) {
        return new MatchRecord(game, game / 2, game / 2, "", "", "", 0, "a", "b", 0, 0, 0, "threshold", 25, 23, null, -1,
                null);
    }

    private final StringWriter out = new StringWriter();
    private final AtomicLong now = new AtomicLong(0);
    private final Tally tally = new Tally();

    /** Progress lines as in a log (not a terminal) on a clock the test moves, after {@code saved} kept games. */
    private MatchProgress progress(int saved) {
        for (int g = 0; g < saved; g++) {
            tally.add(won(g));
        }
        return new MatchProgress(new PrintWriter(out), false, null, null, saved, now::get);
    }

    @Test
    void timeLeftFollowsThePaceOfTheGamesPlayedHere() {
        MatchProgress progress = progress(0);
        for (int g = 0; g < 4; g++) {
            now.addAndGet(100 * SECOND);
            tally.add(won(g));
            progress.gameFinished(won(g), tally, 4);
        }
        String[] lines = out.toString().split("\n");
        assertEquals(4, lines.length, out.toString());
        assertTrue(lines[0].startsWith("[1/4] A +1 =0 -0"), lines[0]);
        assertTrue(lines[0].endsWith("100.0 s  ~5 min left"), lines[0]);
        assertTrue(lines[1].endsWith("200.0 s  ~3 min left"), lines[1]);
        assertTrue(lines[2].endsWith("300.0 s  ~2 min left"), lines[2]);
        assertTrue(lines[3].endsWith("400.0 s"), "no estimate once the match is played: " + lines[3]);
    }

    @Test
    void gamesKeptFromAResumedFileDoNotCountTowardsThePace() {
        MatchProgress progress = progress(10);
        now.addAndGet(600 * SECOND);
        tally.add(won(10));
        progress.gameFinished(won(10), tally, 24);
        String line = out.toString().strip();
        assertTrue(line.startsWith("[11/24]"), line);
        // 13 games to play at 600 s a game: 7,800 s, not 13 x 600 / 11.
        assertTrue(line.endsWith("~2.2 h left"), line);
    }

    @Test
    void timeLeftIsWrittenInUnitsThatFitIt() {
        assertEquals("", MatchProgress.left(50, 0, 10), "no estimate before a game ended here");
        assertEquals("", MatchProgress.left(50, 3, 0));
        assertEquals("  ~45 s left", MatchProgress.left(15, 1, 3));
        assertEquals("  ~2 min left", MatchProgress.left(60, 1, 2));
        assertEquals("  ~89 min left", MatchProgress.left(89 * 60, 1, 1));
        assertEquals("  ~1.5 h left", MatchProgress.left(90 * 60, 1, 1));
        assertFalse(MatchProgress.left(1, 1, 1).contains("min"));
    }
}
