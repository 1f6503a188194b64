package org.owarelab.agents.eval;

import java.util.ServiceLoader;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.rules.RuleSet;

/**
 * Where the {@code model=...} of an agent spec (e.g. {@code puct:model=runs/r1,sims=100}) is
 * turned into an evaluator. This module holds no network: the {@code training} module
 * registers an implementation through {@link ServiceLoader}
 * ({@code META-INF/services/org.owarelab.agents.eval.EvaluatorSource}) that reads checkpoints
 * and run directories. Implementations must be stateless and thread-safe; each
 * {@link #open} returns a new evaluator owned (and closed) by the caller.
 */
public interface EvaluatorSource {
    /**
     * Opens the evaluator named by {@code model} for games of {@code rules}.
     *
     * @return a new evaluator, or {@code null} when {@code model} is not something this source reads
     * @throws IllegalArgumentException when it is this source's kind of model but unusable (a
     *     missing file, another rule set, an encoder or architecture it cannot load); the
     *     message names the model and the problem
     */
    Evaluator open(String model, RuleSet rules);

    /**
     * Asks every installed source in turn for {@code model}.
     *
     * @throws AgentSpecException when no installed source reads it
     */
    static Evaluator find(String model, RuleSet rules) {
        int sources = 0;
        for (EvaluatorSource s : ServiceLoader.load(EvaluatorSource.class)) {
            sources++;
            Evaluator e = s.open(model, rules);
            if (e != null) {
                return e;
            }
        }
        throw new AgentSpecException("model=" + model + ": " + (sources == 0
                ? "no evaluator source is installed (checkpoints are read by the training module; is it on the class path?)"
                : "none of the " + sources + " installed evaluator sources reads it (expected a checkpoint or a run directory)"));
    }
}
