package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchListener;
import org.owarelab.evaluation.Tally;
import org.owarelab.evaluation.stats.ScoreInterval;

/**
 * Progress of {@code oware match} on stderr: on a terminal one line rewritten after every game;
 * otherwise (logs, pipes) a line every tenth of the match or every 30 s, and the last game.
 * Failed games are reported as they happen. Each line ends with the time left, estimated from the
 * games this process has finished (games kept from a resumed file took no time here), as if every
 * game is played (an SPRT may stop the match sooner). Called under the match's lock.
 */
final class MatchProgress implements MatchListener {
    private static final long QUIET_NANOS = 30_000_000_000L;

    private final PrintWriter err;
    private final boolean terminal;
    private final LongSupplier clock;
    private final long t0;
    private long lastLine;
    private int lastCount;
    private final int saved;
    private final Supplier<String> extra;
    private final BooleanSupplier ended;
    private boolean endSeen;

    /**
     * Progress lines that end with {@code extra}'s text (e.g. an SPRT's LLR; null: nothing), with a
     * last line as soon as {@code ended} says the match will start no more games (null: at the last game).
     * {@code saved} games were counted before this process (a resumed match); {@code clock} gives
     * nanoseconds ({@code System::nanoTime}).
     */
    MatchProgress(PrintWriter err, boolean terminal, Supplier<String> extra, BooleanSupplier ended, int saved,
            LongSupplier clock) {
        this.err = err;
        this.terminal = terminal;
        this.extra = extra;
        this.ended = ended;
        this.saved = saved;
        this.clock = clock;
        this.t0 = clock.getAsLong();
        this.lastLine = t0;
    }

    @Override
    public void gameFinished(MatchRecord record, Tally tally, int total) {
        if (record.isError()) {
            err.print(terminal ? "\r\033[K" : "");
            err.println("oware match: game " + record.game() + ": " + record.error() + " (forfeit)");
        }
        int done = tally.games();
        long now = clock.getAsLong();
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
                + (end ? "" : left(secs, done - saved, total - done))
                + (extra == null ? "" : "  " + extra.get());
        if (terminal) {
            err.print("\r\033[K" + line + (end ? "\n" : ""));
        } else {
            err.println(line);
        }
        err.flush();
    }

    /** "  ~12 min left": the games to play at the pace of those this process played; "" before one ended. */
    static String left(double secs, int playedHere, int toPlay) {
        if (playedHere <= 0 || toPlay <= 0) {
            return "";
        }
        double left = secs / playedHere * toPlay;
        if (left < 90) {
            return String.format(Locale.ROOT, "  ~%d s left", Math.round(left));
        }
        if (left < 90 * 60) {
            return String.format(Locale.ROOT, "  ~%d min left", Math.round(left / 60));
        }
        return String.format(Locale.ROOT, "  ~%.1f h left", left / 3600);
    }
}
