package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
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
    private final Supplier<String> extra;
    private final BooleanSupplier ended;
    private boolean endSeen;

    MatchProgress(PrintWriter err, boolean terminal) {
        this(err, terminal, null, null);
    }

    /**
     * Progress lines that end with {@code extra}'s text (e.g. an SPRT's LLR; null: nothing), with a
     * last line as soon as {@code ended} says the match will start no more games (null: at the last game).
     */
    MatchProgress(PrintWriter err, boolean terminal, Supplier<String> extra, BooleanSupplier ended) {
        this.err = err;
        this.terminal = terminal;
        this.extra = extra;
        this.ended = ended;
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
        boolean end = done == total;
        if (ended != null && !endSeen && ended.getAsBoolean()) {
            end = endSeen = true;
        }
        boolean due = terminal || end || done - lastCount >= step || now - lastLine >= QUIET_NANOS;
        if (!due) {
            return;
        }
        lastLine = now;
        lastCount = done;
        ScoreInterval s = tally.score();
        double secs = (now - t0) / 1e9;
        String line = String.format(Locale.ROOT, "[%d/%d] A +%d =%d -%d  score %.3f [%.3f, %.3f]  %.1f s",
                done, total, tally.wins(), tally.draws(), tally.losses(), s.score(), s.lo(), s.hi(), secs)
                + (extra == null ? "" : "  " + extra.get());
        if (terminal) {
            err.print("\r\033[K" + line + (end ? "\n" : ""));
        } else {
            err.println(line);
        }
        err.flush();
    }
}
