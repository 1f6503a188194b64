package org.owarelab.ablation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.formats.Mappers;
import org.owarelab.training.loop.RunDirectory;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.loop.TrainState;

/**
 * One training run of an ablation: a variant with one seed, in {@code DIR/runs/VARIANT/seed-S/}
 * (an ordinary run directory), and what its files say about its progress.
 *
 * @param index its place in the plan, from 1
 * @param variant the variant
 * @param seed the run seed
 * @param dir the run directory
 * @param config the resolved config
 */
public record AblationRun(int index, AblationPlan.Variant variant, long seed, Path dir, TrainConfig config) {
    private static final ObjectMapper JSON = Mappers.json();

    /** The runs of {@code plan} under {@code ablationDir}, variant by variant, seeds in order. */
    public static List<AblationRun> of(AblationPlan plan, Path ablationDir) {
        List<AblationRun> runs = new ArrayList<>();
        for (AblationPlan.Variant v : plan.variants()) {
            for (long s : plan.seeds()) {
                runs.add(new AblationRun(runs.size() + 1, v, s,
                        ablationDir.resolve("runs").resolve(v.name()).resolve("seed-" + s), v.config(s)));
            }
        }
        return runs;
    }

    public String label() {
        return variant.name() + " seed " + seed;
    }

    public RunDirectory runDirectory() {
        return new RunDirectory(dir);
    }

    /** Whether training has begun (a config is saved). */
    public boolean begun() {
        return Files.isRegularFile(dir.resolve("config.yaml"));
    }

    /** The resume point; {@link TrainState#START} before the first. */
    public TrainState state() {
        return runDirectory().readState();
    }

    /** Whether the run has trained all it will: its generations, or its time budget. */
    public boolean finished() {
        if (!Files.isRegularFile(runDirectory().state())) {
            return false;
        }
        TrainState s = state();
        return s.checkpoint() != null && (s.generation() >= config.loop().generations()
                || config.loop().wallSpent(s.seconds()));
    }

    /**
     * Refuses a run directory started with another config than the plan's (e.g. after the
     * ablation file's {@code set:} changed), so that two configs never mix under one name.
     * libtorch's thread count ({@code loop.learnerThreads}) may differ: {@code --parallel} sets it.
     */
    public void checkSameConfig() {
        if (!begun()) {
            return;
        }
        TrainConfig saved = runDirectory().readConfig(List.of("loop.learnerThreads=" + config.loop().learnerThreads()));
        if (!saved.equals(config)) {
            throw new IllegalArgumentException(dir + ": this run was started with another config than the ablation "
                    + "file now gives its variant (compare " + dir.resolve("config.yaml") + " with plan.json); "
                    + "remove the run directory to train it again, or use another --out");
        }
    }

    /** One line of {@code metrics.jsonl}: a finished generation. */
    public record Generation(int generation, long step, long positions, double seconds, double genSeconds) {
    }

    /** The generations that {@code metrics.jsonl} records (a killed one's lines may be cut: those are skipped). */
    public List<Generation> generations() {
        Path file = runDirectory().metrics();
        List<Generation> out = new ArrayList<>();
        if (!Files.isRegularFile(file)) {
            return out;
        }
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    JsonNode n = JSON.readTree(line);
                    out.add(new Generation(n.path("generation").asInt(), n.path("step").asLong(),
                            n.path("positions").asLong(), n.path("seconds").asDouble(), n.path("genSeconds").asDouble()));
                } catch (IOException e) {
                    // a line cut short by a kill: the generation is trained again
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
