package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.tournament.TournamentListener;

/**
 * Progress of a tournament on stderr: on a terminal one line rewritten after every game;
 * otherwise (logs, pipes) a line every tenth of the games or every 30 s, and the last game.
 * Failed games are reported as they happen, the first {@value #SHOWN_FAILURES} per player at
 * fault. Called one game at a time.
 */
final class TournamentProgress implements TournamentListener {
    private static final long QUIET_NANOS = 30_000_000_000L;
    static final int SHOWN_FAILURES = 3;

    private final PrintWriter err;
    private final boolean terminal;
    private final long t0 = System.nanoTime();
    private final Map<String, Integer> failures = new HashMap<>();
    private long lastLine = t0;
    private int lastCount;
    private int failed;

    TournamentProgress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public void gameFinished(MatchRecord r, int done, int total) {
        if (r.isError()) {
            failed++;
            String culprit = r.errorSide() >= 0 ? r.spec(r.errorSide()) : "";
            int n = failures.merge(culprit, 1, Integer::sum);
            if (n <= SHOWN_FAILURES) {
                err.print(terminal ? "\r\033[K" : "");
                err.println("game " + r.game() + " (" + r.south() + " vs " + r.north() + "): " + r.error()
                        + (n == SHOWN_FAILURES ? " [further failures of this player not shown]" : ""));
            }
        }
        long now = System.nanoTime();
        int step = Math.max(1, total / 10);
        if (!(terminal || done == total || done - lastCount >= step || now - lastLine >= QUIET_NANOS)) {
            return;
        }
        lastLine = now;
        lastCount = done;
        double secs = (now - t0) / 1e9;
        String line = String.format(Locale.ROOT, "[%d/%d] %.1f s, %.2f games/s%s; last: %s vs %s %s (%s)", done, total,
                secs, done / Math.max(secs, 1e-9), failed > 0 ? ", " + failed + " failed" : "", r.south(), r.north(),
                r.result(), r.reason());
        if (terminal) {
            err.print("\r\033[K" + line + (done == total ? "\n" : ""));
        } else {
            err.println(line);
        }
        err.flush();
    }
}
