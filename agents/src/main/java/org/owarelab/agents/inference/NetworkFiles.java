package org.owarelab.agents.inference;

import org.owarelab.rules.RuleSet;

/**
 * Where a {@code puct} factory gets the evaluators of {@code onnx=FILE,encoder=TAG} specs: a
 * policy/value network in a file of the lab's ONNX contract (docs/onnx-contract.md), read with
 * the observation encoder the spec names. This module runs no network file: the onnx module
 * implements this over ONNX Runtime, and the model module hands it to
 * {@code PuctAgent.factory(models, files)} when it composes a registry (as for {@link EvaluatorSource}).
 *
 * <p>A source owns the networks it loads (one per file and encoder, shared by the evaluators it
 * opens) and releases them on {@link #close}, after every evaluator it opened is closed.
 * {@link #open} must be thread-safe; each evaluator it returns is owned (and closed) by the caller.
 */
public interface NetworkFiles extends AutoCloseable {
    /**
     * Opens an evaluator on the network in {@code file} for games of {@code rules}. The first
     * open of a file loads it and checks it against the contract, before any game.
     *
     * @param file the spec's {@code onnx} value (a path)
     * @param encoder the spec's {@code encoder} value (an encoder id or tag, e.g. {@code planes/1})
     * @throws IllegalArgumentException when the file is unreadable, not a network, or does not fit
     *     the contract for that encoder; the one-line message names the file, what was expected and
     *     what was found
     */
    Evaluator open(String file, String encoder, RuleSet rules);

    /** An evaluator for one more thread of a single search; {@link #open} by default. */
    default Evaluator openForThread(String file, String encoder, RuleSet rules) {
        return open(file, encoder, rules);
    }

    /** Releases the loaded networks; nothing by default. */
    @Override
    default void close() {
    }
}
