package org.owarelab.agents.inference;

import org.owarelab.rules.RuleSet;

/**
 * Where a {@code puct} factory gets its evaluators: the {@code model=...} of a spec (e.g.
 * {@code puct:model=runs/r1,sims=100}) turned into an evaluator. This module holds no network:
 * the model module implements this over checkpoints and hands it to
 * {@code PuctAgent.factory(source)} explicitly, when it composes a registry.
 *
 * <p>A source owns what it loads (networks shared by the evaluators it opens) and releases it on
 * {@link #close}, after every evaluator it opened is closed. {@link #open} must be thread-safe:
 * a tournament builds agents on several threads; each evaluator it returns is owned (and closed)
 * by the caller.
 */
public interface EvaluatorSource extends AutoCloseable {
    /**
     * Opens an evaluator for games of {@code rules}.
     *
     * @param model the spec's {@code model} value; null for a source bound to one model, which a
     *     spec cannot name (see {@code PuctAgent.factory(String, EvaluatorSource)})
     * @throws IllegalArgumentException when the model is unusable (missing, trained for another
     *     rule set, an encoder or architecture this build cannot load); the message names the
     *     model and the problem
     */
    Evaluator open(String model, RuleSet rules);

    /**
     * Opens an evaluator for one more thread of a single search whose first evaluator came from
     * {@link #open}: its calls run on the calling thread, never gathered with (and so never
     * waiting for) other evaluators' calls, so that the threads of one search evaluate at once.
     * The default is {@link #open}, right for sources whose evaluators are independent already.
     */
    default Evaluator openForThread(String model, RuleSet rules) {
        return open(model, rules);
    }

    /** Releases what the source loaded; nothing by default. */
    @Override
    default void close() {
    }
}
