package org.owarelab.agents.inference;

import org.owarelab.rules.Board;

/**
 * Priors and values for many positions per call (batch-first: one call per search step across
 * many games, because one network call costs about as much for 1 position as for 64).
 *
 * <p>Perspective: {@code values[i]} is the expected result for the side to move in
 * {@code boards[i]}, in [-1, 1]. {@code priors[i * actions() + m]} is the prior of the mover's
 * relative move {@code m}: non-negative, zero on illegal moves, summing to 1 over the legal ones.
 * Boards must not be over.
 *
 * <p>Blocking and not thread-safe unless an implementation says so: one evaluator per thread
 * (the DJL one needs its own forward path per thread).
 */
public interface Evaluator extends AutoCloseable {
    /** Moves per position: the houses per side of the rule set. */
    int actions();

    /**
     * Evaluates {@code boards[0 .. count)}; boards are read, never changed.
     *
     * @param priors out, at least {@code count * actions()} floats
     * @param values out, at least {@code count} floats
     */
    void evaluate(Board[] boards, int count, float[] priors, float[] values);

    /**
     * Says that the calling search starts ({@code true}) or has ended ({@code false}) a run of
     * calls. Only an evaluator shared between threads ({@link SharedEvaluator}) uses it, to know
     * which clients to wait for; the default does nothing. Wrappers pass it on.
     */
    default void searching(boolean active) {
    }

    /** Releases native memory; the default holds none. */
    @Override
    default void close() {
    }
}
