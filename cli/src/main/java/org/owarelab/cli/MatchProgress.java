package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import org.owarelab.evaluation.GameRecord;
import org.owarelab.evaluation.MatchListener;
import org.owarelab.evaluation.Tally;
import org.owarelab.evaluation.stats.ScoreInterval;

/**
 * Progress of {@code oware match} on stderr: on a terminal one line rewritten after every game;
 * otherwise (logs, pipes) a line every tenth of the match or every 30 s, and the last game.
 * Failed games are reported as they happen. Called under the match's lock.
 */
final class MatchProgress implements MatchListener {
    private static final long QUIET_NANOS = 30_000_000_000L;

    private final PrintWriter err;
    private final boolean terminal;
    private final long t0 = System.nanoTime();
    private long lastLine = t0;
    private int lastCount;

    MatchProgress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public void gameFinished(GameRecord record, Tally tally, int total) {
        if (record.isError()) {
            err.print(terminal ? "\r\033[K" : "");
            err.println("oware match: game " + record.game() + ": " + record.error() + " (forfeit)");
        }
        int done = tally.games();
        long now = System.nanoTime();
        int step = Math.max(1, total / 10);
        boolean due = terminal || done == total || done - lastCount >= step || now - lastLine >= QUIET_NANOS;
        if (!due) {
            return;
        }
        lastLine = now;
        lastCount = done;
        ScoreInterval s = tally.score();
        double secs = (now - t0) / 1e9;
        String line = String.format(Locale.ROOT, "[%d/%d] A +%d =%d -%d  score %.3f [%.3f, %.3f]  %.1f s",
                done, total, tally.wins(), tally.draws(), tally.losses(), s.score(), s.lo(), s.hi(), secs);
        if (terminal) {
            err.print("\r\033[K" + line + (done == total ? "\n" : ""));
        } else {
            err.println(line);
        }
        err.flush();
    }
}
