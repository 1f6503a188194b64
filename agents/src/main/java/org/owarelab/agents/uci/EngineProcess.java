package org.owarelab.agents.uci;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.util.LineReader;

/**
 * An external engine process seen as lines: {@link #send} writes a command, {@link #poll} reads
 * the next reply line with a timeout, and the last lines of its stderr are kept for error
 * messages.
 *
 * <p>Threads: two daemon threads drain the process's stdout (into a queue) and stderr (into a
 * bounded tail, guarded by the tail's lock), so the process never blocks on a full pipe. The
 * other methods are for one caller thread (the agent's).
 */
final class EngineProcess implements AutoCloseable {
    private static final int STDERR_LINES = 8;
    /** Put in the queue when stdout ends. */
    private static final String EOF = new String("<eof>");

    private final String name;
    private final Process process;
    private final Writer stdin;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final ArrayDeque<String> stderrTail = new ArrayDeque<>();
    /** Reads stderr until the engine closes it; joined once the engine has exited, so its last words are kept. */
    private final Thread stderrDrain;
    private boolean ended;

    /**
     * Starts {@code command} in {@code dir} (null: the current directory).
     *
     * @throws AgentSpecException if the program cannot be started (missing, not executable)
     */
    EngineProcess(List<String> command, File dir, String name) {
        this.name = name;
        ProcessBuilder pb = new ProcessBuilder(command);
        if (dir != null) {
            if (!dir.isDirectory()) {
                throw new AgentSpecException("uci engine " + name + ": working directory '" + dir + "' is not a directory");
            }
            pb.directory(dir);
        }
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new AgentSpecException("uci engine " + name + ": cannot start " + command + ": " + e.getMessage());
        }
        stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        daemon("uci-stdout", () -> drain(process.getInputStream(), true));
        stderrDrain = daemon("uci-stderr", () -> drain(process.getErrorStream(), false));
    }

    private static Thread daemon(String threadName, Runnable r) {
        Thread t = new Thread(r, threadName);
        t.setDaemon(true);
        t.start();
        return t;
    }

    private void drain(InputStream s, boolean stdout) {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(s, StandardCharsets.UTF_8))) {
            LineReader reader = new LineReader(r, LineReader.DEFAULT_MAX);
            for (LineReader.Line l = reader.next(); l != null; l = reader.next()) {
                if (l.tooLong()) {
                    continue; // no reply is that long: dropped, and a missing reply times out
                }
                String line = l.text();
                if (stdout) {
                    lines.add(line);
                } else {
                    synchronized (stderrTail) {
                        if (stderrTail.size() == STDERR_LINES) {
                            stderrTail.removeFirst();
                        }
                        stderrTail.addLast(line);
                    }
                }
            }
        } catch (IOException e) {
            // the process went away; the EOF below says so
        } finally {
            if (stdout) {
                lines.add(EOF);
            }
        }
    }

    /**
     * Sends one command line.
     *
     * @throws UciException if the engine is gone (with its exit code and stderr)
     */
    void send(String command) {
        try {
            stdin.write(command);
            stdin.write('\n');
            stdin.flush();
        } catch (IOException e) {
            throw new UciException("uci engine " + name + ": cannot send '" + command + "': " + e.getMessage() + "; "
                    + death());
        }
    }

    /**
     * The next line of the engine's stdout, waiting at most {@code millis}.
     *
     * @return the line, or null when none came in time
     * @throws UciException when the engine's output ended (it died or closed stdout)
     */
    String poll(long millis, String context) throws InterruptedException {
        if (ended) {
            throw new UciException("uci engine " + name + ": its output ended " + context + "; " + death());
        }
        String line = lines.poll(Math.max(0, millis), TimeUnit.MILLISECONDS);
        if (line == EOF) {
            ended = true;
            throw new UciException("uci engine " + name + ": its output ended " + context + "; " + death());
        }
        return line;
    }

    /** Drops lines already received (stale replies). */
    void clearPending() {
        String l;
        while ((l = lines.peek()) != null && l != EOF) {
            lines.poll();
        }
    }

    /** "exited with code C" or "still running", and the last stderr lines. */
    String death() {
        String status;
        try {
            status = process.waitFor(500, TimeUnit.MILLISECONDS) ? "exited with code " + process.exitValue() : "still running";
            if (!process.isAlive()) {
                stderrDrain.join(1000); // a dead engine's stderr ends at once; its drain may not have read it yet
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = "state unknown";
        }
        return status + stderrSummary();
    }

    String stderrSummary() {
        synchronized (stderrTail) {
            return stderrTail.isEmpty() ? " (no stderr output)" : "; last stderr: " + String.join(" | ", stderrTail);
        }
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Sends {@code quit}, waits up to {@code millis} for the exit, then kills the process. */
    void quit(long millis) {
        if (process.isAlive()) {
            try {
                send("quit");
            } catch (UciException e) {
                // already gone
            }
            try {
                if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
                    process.destroy();
                    if (!process.waitFor(millis, TimeUnit.MILLISECONDS)) {
                        process.destroyForcibly().waitFor(millis, TimeUnit.MILLISECONDS);
                    }
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        try {
            stdin.close();
        } catch (IOException e) {
            // closing a dead pipe
        }
    }

    @Override
    public void close() {
        quit(1000);
    }
}
