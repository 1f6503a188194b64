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
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.util.AtomicFiles;
import org.owarelab.util.Texts;

/**
 * The files of one training run:
 * <pre>
 * RUN/config.yaml          the effective config (after file and --set overrides)
 * RUN/run.json             seed, versions, git commit, machine (one per session: run.json, run-2.json, ...)
 * RUN/state.json           the resume point ({@link TrainState}), written last: a directory is a run once it has one
 * RUN/lock                 empty; locked by the process training in the run (see RunLock)
 * RUN/checkpoints/step-N/  network + optimizer state + meta.json (see Checkpoints)
 * RUN/replay-gG.bin        the replay buffer after generation G (versioned format, see ReplayFile)
 * RUN/inflight-gG.json     with selfplay.continuous: the games in flight after generation G (see InFlightFile)
 * RUN/selfplay.jsonl       self-play game records, one JSON object per game
 * RUN/metrics.jsonl        one JSON object per generation
 * RUN/tensorboard/         TensorBoard event files, one per session (see TensorBoardLog)
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
            throw new IllegalArgumentException("run " + root + ": state.json is unreadable (" + Texts.jsonProblem(e.getMessage()) + ")", e);
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

    /** Appends the games' lines to {@code selfplay.jsonl} in one write (nothing for no games). */
    void appendGames(List<SelfPlayRecord> games) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (var g : games) {
            sb.append(sb.length() > 0 ? "\n" : "").append(g.jsonLine());
        }
        if (sb.length() > 0) {
            appendLine(selfplay(), sb.toString());
        }
    }

    /**
     * Appends one line to a JSONL file (creating it) and forces it to disk before returning: a
     * {@code state.json} written after it never names a line a crash could still lose.
     */
    static synchronized void appendLine(Path file, String line) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (var ch = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND, java.nio.file.StandardOpenOption.WRITE)) {
            java.nio.ByteBuffer bytes = java.nio.ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                ch.write(bytes);
            }
            ch.force(false);
        }
    }

    /**
     * Drops what a killed session wrote after the resume point {@code s}: metrics of later
     * generations, self-play records past the state's game count, replay files other than the one {@code s}
     * names, and checkpoints of later steps. A resumed run plays those generations again, and its
     * files then read as one run.
     *
     * <p>A record up to the resume point that cannot be read (a line cut short by a crash, or
     * damaged since) is not played again. A generation's metrics line is then rewritten from what
     * {@code state.json} knows (the generation; for the resume point's own generation also its
     * step, games, positions and seconds), marked {@code "recovered"}; a game record is lost (its
     * positions are in the saved replay buffer). Either way the returned notes say what was lost.
     *
     * @return one line per loss or drop, for the log; empty when nothing was lost
     */
    List<String> trimTo(TrainState s) throws IOException {
        List<String> notes = new ArrayList<>();
        trimMetrics(s, notes);
        // By count, not by id: the games of a generation are appended together, and a cluster run's
        // ids are not 0..games-1 (they carry the network version, see the distributed module).
        long[] games = {0};
        int torn = trim(selfplay(), line -> JSON.readTree(line).isObject() && games[0]++ < s.games());
        if (games[0] < s.games()) {
            long lost = s.games() - games[0];
            notes.add(String.format("selfplay.jsonl: %d game record%s up to the resume point could not be read "
                    + "(cut short or damaged) and %s lost: the run's games %d..%d of %d (their positions are in the "
                    + "replay buffer; the games are not played again)", lost, lost == 1 ? "" : "s",
                    lost == 1 ? "is" : "are", games[0] + 1, s.games(), s.games()));
        } else if (torn > 0) {
            notes.add("selfplay.jsonl: dropped " + torn + " line" + (torn == 1 ? "" : "s") + " cut short after the "
                    + "resume point (generation " + (s.generation() + 1) + " is played again)");
        }
        try (Stream<Path> files = Files.list(root)) {
            for (Path f : files.toList()) {
                String name = f.getFileName().toString();
                if (name.startsWith("replay-g") && name.endsWith(".bin") && !name.equals(s.replay())) {
                    Files.deleteIfExists(f);
                }
                if (name.startsWith("inflight-g") && name.endsWith(".json")
                        && !name.equals(InFlightFile.name(s.generation()))) {
                    Files.deleteIfExists(f); // written by a killed session after the resume point
                }
            }
        }
        for (Path dir : checkpointDirs()) {
            if (stepOf(dir) > s.learnerSteps()) {
                deleteTree(dir);
            }
        }
        return notes;
    }

    /** Keeps the metrics of generations 1..s.generation(), each once; rewrites the ones lost. */
    private void trimMetrics(TrainState s, List<String> notes) throws IOException {
        if (!Files.exists(metrics()) && s.generation() == 0) {
            return;
        }
        java.util.TreeMap<Long, String> kept = new java.util.TreeMap<>();
        int torn = 0;
        boolean changed = false;
        List<String> lines = Files.exists(metrics()) ? Files.readAllLines(metrics(), StandardCharsets.UTF_8) : List.of();
        for (String line : lines) {
            long gen;
            try {
                com.fasterxml.jackson.databind.JsonNode n = line.isBlank() ? null : JSON.readTree(line);
                gen = n != null && n.isObject() ? n.path("generation").asLong(-1) : -1;
            } catch (IOException e) {
                gen = -1;
            }
            if (gen < 1) {
                torn += line.isBlank() ? 0 : 1;
                changed = true;
            } else if (gen > s.generation() || kept.containsKey(gen)) {
                changed = true;
            } else {
                kept.put(gen, line);
            }
        }
        List<Long> lost = new ArrayList<>();
        for (long g = 1; g <= s.generation(); g++) {
            if (!kept.containsKey(g)) {
                lost.add(g);
                com.fasterxml.jackson.databind.node.ObjectNode o = JSON.createObjectNode();
                o.put("format", 1);
                o.put("generation", g);
                if (g == s.generation()) {
                    o.put("step", s.learnerSteps());
                    o.put("games", s.games());
                    o.put("positions", s.positions());
                    o.put("seconds", Math.round(s.seconds() * 1000) / 1000.0);
                }
                o.put("recovered", "the line was lost (cut short or damaged); rewritten on resume from state.json");
                kept.put(g, JSON.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(o));
                changed = true;
            }
        }
        if (!lost.isEmpty()) {
            notes.add("metrics.jsonl: the line" + (lost.size() == 1 ? " of generation " : "s of generations ")
                    + lost.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", "))
                    + (lost.size() == 1 ? " was" : " were") + " lost (cut short or damaged); rewritten from state.json"
                    + " with \"recovered\" (generation" + (lost.contains((long) s.generation())
                            ? "; step, games, positions and seconds for generation " + s.generation() : "")
                    + "); the self-play, training and arena figures of " + (lost.size() == 1 ? "it" : "them")
                    + " are lost");
        } else if (torn > 0) {
            notes.add("metrics.jsonl: dropped " + torn + " line" + (torn == 1 ? "" : "s") + " cut short after the "
                    + "resume point (generation " + (s.generation() + 1) + " is played again)");
        }
        if (changed) {
            StringBuilder sb = new StringBuilder();
            for (String line : kept.values()) {
                sb.append(line).append('\n');
            }
            AtomicFiles.writeString(metrics(), sb.toString());
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

    /** Keeps the lines {@code test} keeps; returns how many lines could not be read (torn by a kill). */
    private static int trim(Path file, LineTest test) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        StringBuilder kept = new StringBuilder();
        boolean dropped = false;
        int torn = 0;
        for (String line : lines) {
            boolean keep;
            try {
                keep = !line.isBlank() && test.keep(line);
            } catch (IOException e) {
                keep = false; // a line torn by a kill
                torn++;
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
        return torn;
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
