package org.owarelab.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.SharedEvaluator;
import org.owarelab.rules.RuleSet;

/**
 * Reads the {@code model=PATH} of {@code puct} agent specs ({@link ModelRef#resolve}: a checkpoint
 * or a run directory, whose latest checkpoint is used) for the registry of {@link ModelAgents}.
 *
 * <p>Each checkpoint is loaded once, on the CPU, and shared read-only by the evaluators opened on
 * it: each agent's evaluator is a client of one {@link SharedEvaluator} per checkpoint, so the
 * searches of games played on several threads share their network calls (a tournament that builds
 * an agent per game loads each checkpoint once). The source owns the networks it loaded and closes
 * them in {@link #close}, which its registry calls once the agents are done. Thread-safe.
 */
final class CheckpointSource implements EvaluatorSource {
    /** Guarded by {@code this}. */
    private final Map<Path, PolicyValueNet> loaded = new LinkedHashMap<>();
    /** One shared evaluator per network: its clients are the agents' evaluators. Guarded by {@code this}. */
    private final Map<Path, SharedEvaluator> evaluators = new LinkedHashMap<>();
    private boolean closed;

    @Override
    public Evaluator open(String model, RuleSet rules) {
        ModelRef ref = ModelRef.resolve(Path.of(model), "model=" + model);
        if (!ref.rules().equals(rules)) {
            throw new CheckpointException("model=" + model + ": checkpoint trained for rules '" + ref.rules()
                    + "', the game uses rules '" + rules + "'");
        }
        return shared(ref).client();
    }

    /**
     * An evaluator of its own on the shared network, for one more thread of a single search: its
     * forward passes run on the calling thread, at the same time as the other threads' (DJL
     * evaluators on different threads may share a network, see {@link DjlEvaluator}).
     */
    @Override
    public Evaluator openForThread(String model, RuleSet rules) {
        ModelRef ref = ModelRef.resolve(Path.of(model), "model=" + model);
        if (!ref.rules().equals(rules)) {
            throw new CheckpointException("model=" + model + ": checkpoint trained for rules '" + ref.rules()
                    + "', the game uses rules '" + rules + "'");
        }
        PolicyValueNet net;
        synchronized (this) {
            shared(ref);
            net = loaded.get(ref.checkpoint());
        }
        return new DjlEvaluator(net, ref.encoder(), ModelRef.EVALUATOR_BATCH, 1);
    }

    private synchronized SharedEvaluator shared(ModelRef ref) {
        if (closed) {
            throw new IllegalStateException("checkpoint source closed");
        }
        SharedEvaluator shared = evaluators.get(ref.checkpoint());
        if (shared == null) {
            PolicyValueNet net = ref.load(DeviceChoice.CPU);
            loaded.put(ref.checkpoint(), net);
            shared = ModelAgents.shared(net, ref.encoder());
            evaluators.put(ref.checkpoint(), shared);
        }
        return shared;
    }

    /** Closes every network loaded; the evaluators opened on them must be closed already. */
    @Override
    public void close() {
        List<PolicyValueNet> nets;
        List<SharedEvaluator> shared;
        synchronized (this) {
            closed = true;
            nets = new ArrayList<>(loaded.values());
            shared = new ArrayList<>(evaluators.values());
            loaded.clear();
            evaluators.clear();
        }
        for (SharedEvaluator s : shared) {
            s.close();
        }
        for (PolicyValueNet net : nets) {
            net.close();
        }
    }
}
