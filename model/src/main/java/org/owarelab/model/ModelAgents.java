package org.owarelab.model;

import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.SharedEvaluator;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.onnx.OnnxFiles;
import org.owarelab.rules.RuleSet;

/**
 * Agents over trained models: the registry every command uses (the built-in agents, with a
 * {@code puct} whose {@code model=PATH} loads a checkpoint or a run's latest one), and
 * {@code puct} factories bound to one model, for callers that hold a {@link ModelRef} (the
 * training loop's arena).
 *
 * <p>Ownership: the networks are loaded on the CPU and owned by the factory that loaded them, so
 * by the registry it is in; close the registry (after the agents built from it) to free them.
 */
public final class ModelAgents {
    private ModelAgents() {
    }

    /**
     * The built-in agents, {@code puct:model=PATH} over checkpoints, {@code puct:onnx=FILE} over
     * networks of the lab's ONNX contract (the onnx module's {@link OnnxFiles}) and the shipped players
     * ({@link Players}: {@code strong}); the caller owns (and closes) it.
     */
    public static AgentRegistry registry() {
        AgentRegistry r = BuiltInAgents.registry().with(PuctAgent.factory(new CheckpointSource(), new OnnxFiles()));
        for (String name : Players.NAMES) {
            r = r.with(Players.factory(name));
        }
        return r;
    }

    /**
     * A factory named {@code name} for PUCT over {@code model}, loaded now, whose specs take every
     * {@code puct} option but {@code model}: plain {@code NAME} searches {@code simulations} per
     * move. Its agents share the network; the factory closes it when closed (by its registry).
     *
     * @throws CheckpointException when the checkpoint does not hold the model {@code model} names
     */
    public static AgentFactory puct(String name, ModelRef model, int simulations) {
        return PuctAgent.factory(name, new Loaded(model.load(DeviceChoice.CPU), model.encoder()), simulations);
    }

    /**
     * The evaluator that the agents over {@code net} share ({@link SharedEvaluator}): one DJL
     * evaluator on one libtorch thread per calling thread, gathering the calls of the searches of
     * up to {@link #SHARED_BATCH} positions, each request waiting at most
     * {@link SharedEvaluator#DEFAULT_MAX_WAIT_NANOS} for the others. The caller closes it before
     * the network.
     */
    static SharedEvaluator shared(PolicyValueNet net, ObservationEncoder encoder) {
        return new SharedEvaluator(new DjlEvaluator(net, encoder, ModelRef.EVALUATOR_BATCH, 1), SHARED_BATCH,
                SharedEvaluator.DEFAULT_MAX_WAIT_NANOS);
    }

    /** Positions that end a shared evaluator's gathering at once. */
    static final int SHARED_BATCH = 1024;

    /** One loaded network as the source of every evaluator (clients of one shared evaluator); owns the network. */
    private static final class Loaded implements EvaluatorSource {
        private final PolicyValueNet net;
        private final SharedEvaluator shared;
        private final ObservationEncoder encoder;

        Loaded(PolicyValueNet net, ObservationEncoder encoder) {
            this.net = net;
            this.encoder = encoder;
            this.shared = shared(net, encoder);
        }

        @Override
        public Evaluator open(String model, RuleSet rules) {
            if (!rules.equals(net.rules())) {
                throw new CheckpointException("network " + net + " was trained for rules '" + net.rules()
                        + "', the game uses rules '" + rules + "'");
            }
            return shared.client();
        }

        /** An evaluator of its own on the network, for one more thread of a single search (calls not gathered). */
        @Override
        public Evaluator openForThread(String model, RuleSet rules) {
            if (!rules.equals(net.rules())) {
                throw new CheckpointException("network " + net + " was trained for rules '" + net.rules()
                        + "', the game uses rules '" + rules + "'");
            }
            return new DjlEvaluator(net, encoder, ModelRef.EVALUATOR_BATCH, 1);
        }

        @Override
        public void close() {
            shared.close();
            net.close();
        }
    }
}
