package org.owarelab.env;

import org.owarelab.rules.Board;

/**
 * Anything that picks a move: the opponent of an {@link OpponentEnv}, a scripted player, or (later,
 * through a two-line adapter in the {@code agents} module) any {@code Agent}. Defined here so that
 * {@code env} needs nothing from {@code agents}.
 *
 * <p>Contract: {@link #act} is called only on a board whose game is not over and returns a legal
 * action (a set bit of {@code board.legalMask()}) for the side to move; it may play and undo on
 * the board but must leave it as it found it; randomness comes only from the seed of
 * {@link #reset(long)}. Policies are not thread-safe unless they say so; {@code act} may block
 * (e.g. while a search runs).
 */
@FunctionalInterface
public interface Policy {
    /** The action (the mover's house from its left, {@code 0..n-1}) to play on {@code board}. */
    int act(Board board);

    /** Called at the start of each episode with a seed derived from the episode's seed; the default ignores it. */
    default void reset(long seed) {
    }
}
