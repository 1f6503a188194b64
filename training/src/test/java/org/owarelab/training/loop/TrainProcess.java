package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link TrainMain} child process, killed with SIGKILL when a condition on its run directory or
 * log holds: the kill tests' tool. Conditions are polled, never timed; a generous deadline only
 * turns a hung child into a failure with its log.
 */
final class TrainProcess {
    /** Condition on the run directory and the child's log. */
    interface When {
        boolean holds(RunDirectory run, String log) throws IOException;
    }

    private static final long DEADLINE_SECONDS = 600;

    private final Process process;
    private final Path log;
    private final RunDirectory run;

    private TrainProcess(Process process, Path log, RunDirectory run) {
        this.process = process;
        this.log = log;
        this.run = run;
    }

    /** Starts a tiny run of {@code generations} in {@code dir} with the extra {@code --set}s. */
    static TrainProcess start(Path dir, Path log, int generations, String... sets) throws IOException {
        List<String> args = new ArrayList<>(List.of(dir.toString(), "start", String.valueOf(generations)));
        args.addAll(List.of(sets));
        return launch(dir, log, args);
    }

    /** Resumes the run in {@code dir} with the {@code --set}s. */
    static TrainProcess resume(Path dir, Path log, String... sets) throws IOException {
        List<String> args = new ArrayList<>(List.of(dir.toString(), "resume"));
        args.addAll(List.of(sets));
        return launch(dir, log, args);
    }

    private static TrainProcess launch(Path dir, Path log, List<String> args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path")));
        String threads = System.getProperty("ai.djl.pytorch.num_threads");
        if (threads != null) {
            cmd.add("-Dai.djl.pytorch.num_threads=" + threads);
        }
        cmd.add(TrainMain.class.getName());
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        return new TrainProcess(p, log, new RunDirectory(dir));
    }

    /** Waits for the child to end by itself, which must be a success. */
    void finish() throws IOException, InterruptedException {
        if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            fail("the training process did not end within " + DEADLINE_SECONDS + " s: " + log());
        }
        assertEquals(0, process.exitValue(), "the training process failed: " + log());
    }

    /**
     * Kills the child with SIGKILL as soon as {@code when} holds, after {@code delayMillis} more.
     *
     * @return whether it was killed (false: it ended by itself first, successfully)
     */
    boolean killWhen(When when, long delayMillis) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DEADLINE_SECONDS);
        try {
            while (!when.holds(run, log())) {
                if (!process.isAlive()) {
                    assertEquals(0, process.exitValue(), "the training process failed: " + log());
                    return false;
                }
                if (System.nanoTime() > deadline) {
                    fail("the kill condition did not hold within " + DEADLINE_SECONDS + " s: " + log());
                }
                Thread.sleep(5);
            }
            if (delayMillis > 0) {
                Thread.sleep(delayMillis); // places the kill: what is asserted holds for any kill moment
            }
        } finally {
            process.destroyForcibly(); // SIGKILL: no shutdown hooks, writes may be cut anywhere
            process.waitFor(60, TimeUnit.SECONDS);
        }
        return true;
    }

    String log() throws IOException {
        return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    /** Lines of a run's metrics file (0 when it has none). */
    static int metricLines(RunDirectory run) throws IOException {
        if (!Files.exists(run.metrics())) {
            return 0;
        }
        return (int) Files.readAllLines(run.metrics(), StandardCharsets.UTF_8).stream()
                .filter(l -> l.endsWith("}")).count();
    }
}
