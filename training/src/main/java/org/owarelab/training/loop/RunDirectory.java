package org.owarelab.training.loop;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.owarelab.formats.Mappers;
import org.owarelab.util.AtomicFiles;

/**
 * The files of one training run:
 * <pre>
 * RUN/config.yaml          the effective config (after file and --set overrides)
 * RUN/run.json             seed, versions, git commit, machine (one per session: run.json, run-2.json, ...)
 * RUN/state.json           the resume point ({@link TrainState}), written last: a directory is a run once it has one
 * RUN/lock                 empty; locked by the process training in the run (see RunLock)
 * RUN/checkpoints/step-N/  network + optimizer state + meta.json (see Checkpoints)
 * RUN/replay-gG.bin        the replay buffer after generation G (versioned format, see ReplayFile)
 * RUN/selfplay.jsonl       self-play game records, one JSON object per game
 * RUN/metrics.jsonl        one JSON object per generation
 * RUN/eval/                arena games against the baselines (games-gG-OPPONENT.jsonl, final-*.jsonl)
 * </pre>
 * Every file is written atomically (temp file + rename) or appended line by line.
 */
public final class RunDirectory {
    static final ObjectMapper JSON = Mappers.jsonBuilder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private final Path root;

    public RunDirectory(Path root) {
        this.root = root;
    }

    public Path root() {
        return root;
    }

    public Path config() {
        return root.resolve("config.yaml");
    }

    public Path state() {
        return root.resolve("state.json");
    }

    public Path checkpoints() {
        return root.resolve("checkpoints");
    }

    public Path metrics() {
        return root.resolve("metrics.jsonl");
    }

    public Path selfplay() {
        return root.resolve("selfplay.jsonl");
    }

    public Path eval() {
        return root.resolve("eval");
    }

    Path lock() {
        return root.resolve("lock");
    }

    /** Reads the resume point; {@link TrainState#START} when the run has none yet. */
    public TrainState readState() {
        if (!Files.exists(state())) {
            return TrainState.START;
        }
        try {
            return JSON.readValue(state().toFile(), TrainState.class);
        } catch (IOException e) {
            throw new IllegalArgumentException("run " + root + ": state.json is unreadable (" + org.owarelab.util.Texts.jsonProblem(e.getMessage()) + ")", e);
        }
    }

    public void writeState(TrainState s) throws IOException {
        AtomicFiles.write(state(), JSON.writeValueAsBytes(s));
    }

    /** Writes {@code run.json} (or {@code run-K.json} for the K-th session of a resumed run). */
    public void writeRunInfo(Map<String, Object> info) throws IOException {
        Path p = root.resolve("run.json");
        for (int k = 2; Files.exists(p); k++) {
            p = root.resolve("run-" + k + ".json");
        }
        AtomicFiles.write(p, JSON.writeValueAsBytes(info));
    }

    public void writeConfig(TrainConfig config) throws IOException {
        AtomicFiles.writeString(config(), config.toYaml());
    }

    /** The saved effective config. */
    public TrainConfig readConfig() {
        return readConfig(List.of());
    }

    /** The saved effective config with {@code --set} overrides applied. */
    public TrainConfig readConfig(List<String> overrides) {
        try {
            return TrainConfig.parse(Files.readString(config(), StandardCharsets.UTF_8), config().toString(), overrides);
        } catch (IOException e) {
            throw new UncheckedIOException("run " + root + ": cannot read config.yaml", e);
        }
    }

    /** Appends one line to a JSONL file (creating it), flushing it to disk. */
    static synchronized void appendLine(Path file, String line) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND, java.nio.file.StandardOpenOption.WRITE);
    }

    /**
     * Drops what a killed session wrote after the resume point {@code s}: metrics of later
     * generations, self-play records past the state's game count, replay files other than the one {@code s}
     * names, and checkpoints of later steps. A resumed run plays those generations again, and its
     * files then read as one run.
     */
    void trimTo(TrainState s) throws IOException {
        trim(metrics(), line -> JSON.readTree(line).path("generation").asLong() <= s.generation());
        // By count, not by id: the games of a generation are appended together, and a cluster run's
        // ids are not 0..games-1 (they carry the network version, see the distributed module).
        long[] games = {0};
        trim(selfplay(), line -> JSON.readTree(line).isObject() && games[0]++ < s.games());
        try (Stream<Path> files = Files.list(root)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.startsWith("replay-g") && name.endsWith(".bin") && !name.equals(s.replay())) {
                    Files.deleteIfExists(f);
                }
            }
        }
        for (Path dir : checkpointDirs()) {
            if (stepOf(dir) > s.learnerSteps()) {
                deleteTree(dir);
            }
        }
    }

    /** Deletes the session records ({@code run.json}, {@code run-K.json}) of a run that never began. */
    void forgetSessions() throws IOException {
        try (Stream<Path> files = Files.list(root)) {
            for (Path f : files.toList()) {
                if (f.getFileName().toString().matches("run(-\\d+)?\\.json")) {
                    Files.deleteIfExists(f);
                }
            }
        }
    }

    /** Deletes a directory tree (nothing when it does not exist). */
    static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }

    private interface LineTest {
        boolean keep(String line) throws IOException;
    }

    private static void trim(Path file, LineTest test) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        StringBuilder kept = new StringBuilder();
        boolean dropped = false;
        for (String line : lines) {
            boolean keep;
            try {
                keep = !line.isBlank() && test.keep(line);
            } catch (IOException e) {
                keep = false; // a line torn by a kill
            }
            if (keep) {
                kept.append(line).append('\n');
            } else {
                dropped = true;
            }
        }
        if (dropped) {
            AtomicFiles.writeString(file, kept.toString());
        }
    }

    /** The checkpoint directories of this run, oldest first (by step). */
    public List<Path> checkpointDirs() {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(checkpoints())) {
            return out;
        }
        try (Stream<Path> s = Files.list(checkpoints())) {
            s.filter(p -> Files.isRegularFile(p.resolve("meta.json")) && p.getFileName().toString().startsWith("step-"))
                    .sorted((a, b) -> Long.compare(stepOf(a), stepOf(b)))
                    .forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    static String checkpointName(long step) {
        return String.format("step-%08d", step);
    }

    static long stepOf(Path dir) {
        try {
            return Long.parseLong(dir.getFileName().toString().substring("step-".length()));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
