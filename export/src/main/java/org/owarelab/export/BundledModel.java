package org.owarelab.export;

import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.ModelRef;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.RuleSet;

/**
 * The evaluators of an exported engine: its one checkpoint, loaded on the CPU at the first
 * {@link #open} (after {@code uciok}, so the GUI's 8-second limit for {@code uci} does not
 * include starting libtorch) and shared by the evaluators opened on it. Owns the network.
 * Thread-safe.
 */
final class BundledModel implements EvaluatorSource {
    /** Boards per forward pass the buffers start with (they grow with the search's batch). */
    private static final int BATCH = 32;

    private final ModelRef model;
    /** Guarded by {@code this}. */
    private PolicyValueNet net;
    private boolean closed;

    BundledModel(ModelRef model) {
        this.model = model;
    }

    @Override
    public Evaluator open(String ignored, RuleSet rules) {
        if (!rules.equals(model.rules())) {
            throw new CheckpointException("the exported network was trained for rules '" + model.rules()
                    + "', the game uses rules '" + rules + "'");
        }
        return new DjlEvaluator(network(), model.encoder(), BATCH, 1);
    }

    private synchronized PolicyValueNet network() {
        if (closed) {
            throw new IllegalStateException("bundled model closed");
        }
        if (net == null) {
            net = model.load(DeviceChoice.CPU);
        }
        return net;
    }

    @Override
    public synchronized void close() {
        closed = true;
        if (net != null) {
            net.close();
            net = null;
        }
    }
}
