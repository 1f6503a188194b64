package org.owarelab.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.RuleSet;

/**
 * A trained model on disk, named by what it is: the checkpoint directory, its architecture, the
 * tag of the encoder it reads and the rule set it was trained for. The training loop builds one
 * for each checkpoint it hands to its arena; {@link #resolve} builds one from a user's path.
 * Loading ({@link #load}) checks the checkpoint against all four.
 *
 * @param checkpoint the checkpoint directory (absolute, normalized)
 * @param network the architecture
 * @param encoderTag the encoder's tag, e.g. {@code compact/1}
 * @param rules the rule set
 */
public record ModelRef(Path checkpoint, NetworkSpec network, String encoderTag, RuleSet rules) {
    /** Boards per forward pass the buffers of agents' evaluators start with (they grow when needed). */
    static final int EVALUATOR_BATCH = 32;

    /** Checks the fields; the path is made absolute and normalized. */
    public ModelRef {
        if (checkpoint == null || network == null || encoderTag == null || rules == null) {
            throw new IllegalArgumentException("model reference: checkpoint, network, encoder and rules are required");
        }
        checkpoint = checkpoint.toAbsolutePath().normalize();
    }

    /**
     * The model of a checkpoint directory, from its metadata.
     *
     * @throws CheckpointException when it is not a checkpoint or its metadata is unreadable
     */
    public static ModelRef of(Path checkpoint) {
        CheckpointInfo info = Checkpoints.readInfo(checkpoint);
        RuleSet rules;
        try {
            rules = RuleSet.parse(info.rules());
        } catch (IllegalArgumentException e) {
            throw new CheckpointException("checkpoint " + checkpoint + ": rules '" + info.rules() + "' do not parse: "
                    + e.getMessage(), e);
        }
        return new ModelRef(checkpoint, info.network(), info.encoder(), rules);
    }

    /**
     * The model {@code path} names: a checkpoint directory (it holds {@code meta.json}), or a run
     * directory, whose latest checkpoint under {@code checkpoints/} (by step) is taken. A run whose
     * newest checkpoint cannot be read is refused (naming it), not quietly read at the one before.
     *
     * @param what names the path in messages, e.g. {@code model=runs/a}
     * @throws CheckpointException when there is no such directory, the run has no checkpoint yet, or
     *     the metadata (of the run's newest checkpoint) is unreadable
     * @throws AgentSpecException when the path exists but is neither a checkpoint nor a run directory
     */
    public static ModelRef resolve(Path path, String what) {
        Path p = path.toAbsolutePath().normalize();
        if (Checkpoints.isCheckpoint(p)) {
            return of(p);
        }
        Path dir = p.resolve("checkpoints");
        if (!Files.isDirectory(dir)) {
            if (Files.exists(p)) {
                throw new AgentSpecException(what + ": not a checkpoint or a run directory (a checkpoint holds "
                        + Checkpoints.META + ", a run directory checkpoints/)");
            }
            throw new CheckpointException("model=" + p + ": no such checkpoint or run directory");
        }
        List<Path> all;
        try (Stream<Path> s = Files.list(dir)) {
            // Not the temporary .NAME.tmp-* directories of a writer that was killed.
            all = s.filter(c -> !c.getFileName().toString().startsWith(".")).filter(Checkpoints::isCheckpoint)
                    .sorted().toList();
        } catch (IOException e) {
            throw new CheckpointException("model=" + p + ": cannot list its checkpoints (" + e.getMessage() + ")", e);
        }
        Path best = null;
        long bestStep = -1;
        Path corrupt = null;
        CheckpointException why = null;
        for (Path c : all) {
            try {
                long step = Checkpoints.readInfo(c).step();
                if (best == null || step >= bestStep) {
                    best = c;
                    bestStep = step;
                }
            } catch (CheckpointException e) {
                corrupt = c;
                why = e;
            }
        }
        // Checkpoint names are zero-padded steps: one that sorts after the newest readable one is
        // newer. Taking the one before it with no word would export (or play) an older network.
        if (corrupt != null && (best == null || corrupt.getFileName().toString()
                .compareTo(best.getFileName().toString()) > 0)) {
            throw new CheckpointException(what + ": the run's newest checkpoint " + corrupt.getFileName()
                    + " cannot be read (" + why.getMessage() + ")" + (best == null ? ""
                            : "; name an older one to use it, e.g. " + best));
        }
        if (best == null) {
            throw new CheckpointException("model=" + p + ": the run has no checkpoint yet");
        }
        return of(best);
    }

    /**
     * A new encoder of the model's tag for its rules.
     *
     * @throws IllegalArgumentException when this build has no such encoder
     */
    public ObservationEncoder encoder() {
        return Encoders.create(encoderTag, rules);
    }

    /**
     * Loads the network; the caller owns (and closes) it.
     *
     * @throws CheckpointException when the checkpoint holds another architecture, encoder or rule
     *     set than this reference names, or is corrupt
     */
    public PolicyValueNet load(DeviceChoice device) {
        return Checkpoints.loadNetwork(checkpoint, encoder(), network, device);
    }
}
