package org.owarelab.training.loop;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleFunction;

/**
 * Progress of a long phase: on a terminal one line rewritten in place every 2 seconds; otherwise
 * (logs, CI) a plain line every 30 seconds, so a log is never flooded. A line reads
 * {@code gen 3/14 self-play: 120/256 games, 12 s  ~14 s left in the generation, ~9 min in the run}:
 * the phase's count, its time so far, and what the caller's outlook makes of the time the phase
 * still needs at its measured pace. Only ever printed between the loop's own lines (a phase's
 * line is cleared before the next line is printed), so the generation lines read as before.
 */
final class Progress {
    private final PrintStream out;
    private final boolean terminal;
    private final ScheduledExecutorService timer;
    private ScheduledFuture<?> task;
    private boolean drawn;

    Progress(PrintStream out) {
        this.out = out;
        this.terminal = System.console() != null && out == System.out;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "progress");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Starts reporting {@code done} out of {@code total} {@code unit} under {@code label};
     * {@code outlook} turns the phase's seconds left (NaN before its first unit is done) into the
     * line's tail ("" for none).
     */
    synchronized void start(String label, String unit, long total, AtomicLong done, DoubleFunction<String> outlook) {
        stop();
        long t0 = System.nanoTime();
        long period = terminal ? 2 : 30;
        task = timer.scheduleAtFixedRate(() -> draw(label, unit, done.get(), total, t0, outlook), period, period,
                TimeUnit.SECONDS);
    }

    private synchronized void draw(String label, String unit, long done, long total, long t0,
            DoubleFunction<String> outlook) {
        if (task == null) {
            return; // stopped meanwhile
        }
        double secs = (System.nanoTime() - t0) / 1e9;
        double left = done > 0 ? secs / done * Math.max(0, total - done) : Double.NaN;
        String line = String.format(Locale.ROOT, "%s: %d/%d %s, %.0f s%s", label, done, total, unit, secs,
                outlook.apply(left));
        if (terminal) {
            out.print("\r\033[K" + line);
            drawn = true;
        } else {
            out.println(line);
        }
        out.flush();
    }

    /** Stops reporting and clears the in-place line. */
    synchronized void stop() {
        if (task != null) {
            task.cancel(false);
            task = null;
        }
        if (drawn) {
            out.print("\r\033[K");
            out.flush();
            drawn = false;
        }
    }

    /** What a phase computes while a progress line reports it. */
    @FunctionalInterface
    interface Phase<T> {
        T run() throws java.io.IOException, InterruptedException;
    }

    /** Runs {@code phase}, then {@link #stop}s reporting (also when it throws). */
    <T> T stopAfter(Phase<T> phase) throws java.io.IOException, InterruptedException {
        try {
            return phase.run();
        } finally {
            stop();
        }
    }

    /** A one-off line. */
    synchronized void note(String line) {
        stop();
        out.println(line);
        out.flush();
    }

    /** "~12 s", "~4 min", "~1.5 h"; "" for NaN (not known yet). */
    static String duration(double seconds) {
        if (Double.isNaN(seconds)) {
            return "";
        }
        if (seconds < 90) {
            return String.format(Locale.ROOT, "~%d s", Math.round(seconds));
        }
        if (seconds < 5400) {
            return String.format(Locale.ROOT, "~%d min", Math.round(seconds / 60));
        }
        return String.format(Locale.ROOT, "~%.1f h", seconds / 3600);
    }
}
