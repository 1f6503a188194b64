package org.owarelab.model;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.owarelab.agents.eval.Evaluator;
import org.owarelab.agents.eval.EvaluatorSource;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.RuleSet;

/**
 * Reads the {@code model=PATH} of {@code puct} agent specs: PATH is a checkpoint directory (it
 * holds {@code meta.json}) or a run directory (its latest checkpoint under {@code checkpoints/}
 * is used). Registered through {@link java.util.ServiceLoader}.
 *
 * <p>Networks are loaded once per checkpoint and JVM and shared read-only by the evaluators
 * opened on them (one per agent, so one per thread; see {@link DjlEvaluator}); a tournament that
 * builds an agent per game therefore loads each checkpoint once. Thread-safe.
 */
public final class CheckpointSource implements EvaluatorSource {
    private static final Map<Path, PolicyValueNet> LOADED = new ConcurrentHashMap<>();

    @Override
    public Evaluator open(String model, RuleSet rules) {
        Path path = Path.of(model).toAbsolutePath().normalize();
        Path checkpoint = resolve(path);
        if (checkpoint == null) {
            return null;
        }
        CheckpointInfo info = Checkpoints.readInfo(checkpoint);
        if (!info.rules().equals(rules.spec())) {
            throw new CheckpointException("model=" + model + ": checkpoint trained for rules '"
                    + RuleSet.parse(info.rules()) + "', the game uses rules '" + rules + "'");
        }
        ObservationEncoder encoder = Encoders.create(info.encoder(), rules);
        PolicyValueNet net = LOADED.computeIfAbsent(checkpoint,
                c -> Checkpoints.loadNetwork(c, encoder, DeviceChoice.CPU));
        return new DjlEvaluator(net, encoder, 8);
    }

    /** The checkpoint directory {@code path} names, or null when it is not a checkpoint or run. */
    static Path resolve(Path path) {
        if (Checkpoints.isCheckpoint(path)) {
            return path;
        }
        Path dir = path.resolve("checkpoints");
        if (!Files.isDirectory(dir)) {
            if (Files.exists(path)) {
                return null;
            }
            throw new CheckpointException("model=" + path + ": no such checkpoint or run directory");
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(Checkpoints::isCheckpoint)
                    .max(Comparator.comparingLong(CheckpointSource::stepOf).thenComparing(Path::toString))
                    .orElseThrow(() -> new CheckpointException("model=" + path + ": the run has no checkpoint yet"));
        } catch (java.io.IOException e) {
            throw new CheckpointException("model=" + path + ": cannot list its checkpoints (" + e.getMessage() + ")", e);
        }
    }

    private static long stepOf(Path checkpoint) {
        try {
            return Checkpoints.readInfo(checkpoint).step();
        } catch (RuntimeException e) {
            return -1;
        }
    }
}
