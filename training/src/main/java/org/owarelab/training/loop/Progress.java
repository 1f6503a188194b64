package org.owarelab.training.loop;

import java.io.PrintStream;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Progress of a long phase: on a terminal one line rewritten in place every second; otherwise
 * (logs, CI) a plain line every 30 seconds, so a log is never flooded.
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

    /** Starts reporting {@code done} out of {@code total} under {@code label}. */
    synchronized void start(String label, long total, AtomicLong done) {
        stop();
        long t0 = System.nanoTime();
        long period = terminal ? 1 : 30;
        task = timer.scheduleAtFixedRate(() -> draw(label, done.get(), total, t0), period, period, TimeUnit.SECONDS);
    }

    private synchronized void draw(String label, long done, long total, long t0) {
        double secs = (System.nanoTime() - t0) / 1e9;
        String line = String.format("%s: %d/%d games, %.0f s", label, done, total, secs);
        if (terminal) {
            out.print("\r" + line + "   ");
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
            out.print("\r" + " ".repeat(79) + "\r");
            drawn = false;
        }
    }

    /** A one-off line. */
    synchronized void note(String line) {
        stop();
        out.println(line);
        out.flush();
    }
}
