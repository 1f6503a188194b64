package org.owarelab.agents;

import org.owarelab.rules.Board;

/**
 * A player: chooses a move for the side to move under a search limit.
 *
 * <p>Contract (checked for every agent by {@code AgentContractTest} in the test sources):
 * <ul>
 *   <li>{@link #decide} returns a legal move of a position that is not over, and leaves the
 *       board as it found it (it may play and undo on it);</li>
 *   <li>randomness comes only from the seed given to the factory or to {@link #reset(long)}: the
 *       same seed, positions and limits give the same moves (time limits excepted);</li>
 *   <li>limits are respected: a depth, node or simulation limit bounds the work, a movetime the
 *       wall-clock time up to a small overrun, and {@link SearchMonitor#stopRequested()} ends the
 *       search promptly with the best move so far;</li>
 *   <li>agents are not thread-safe: one agent per game and thread; {@link #decide} blocks.</li>
 * </ul>
 */
public interface Agent extends AutoCloseable {

    /**
     * Chooses a move for the side to move of {@code board}.
     *
     * @param board a position that is not over; unchanged on return
     * @param limit how much to search; {@link SearchLimit#NONE} uses the limit from the agent's spec
     * @param monitor stop requests and progress reports
     */
    Decision decide(Board board, SearchLimit limit, SearchMonitor monitor);

    /** {@link #decide(Board, SearchLimit, SearchMonitor)} with the spec's limit and no monitor. */
    default Decision decide(Board board) {
        return decide(board, SearchLimit.NONE, SearchMonitor.NONE);
    }

    /**
     * Told after each move of the game (either side's) is played, with the board after it, so the
     * agent can reuse work (e.g. keep the subtree under the move). Optional to act on.
     */
    default void played(Board after, int move) {
    }

    /** Forgets the previous game (trees, tables) and reseeds its random generator. */
    void reset(long seed);

    /** The spec that builds this agent, e.g. {@code alphabeta:depth=8}. */
    String spec();

    /** Releases threads, processes or native resources; the default holds none. */
    @Override
    default void close() {
    }
}
