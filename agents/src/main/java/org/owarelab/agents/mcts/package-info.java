/**
 * Monte Carlo tree search with UCT selection and uniformly random roll-outs
 * ({@link org.owarelab.agents.mcts.MctsAgent}, spec {@code mcts:sims=2000,c=1.4}).
 *
 * <p>The tree lives in flat primitive arrays with a fixed node budget
 * ({@link org.owarelab.agents.mcts.MctsTree}); nothing is allocated per node or per roll-out.
 * Values are from the view of the side to move, in [-1, 1], negated at every ply on the way up.
 * Not thread-safe: one agent per game and thread.
 */
package org.owarelab.agents.mcts;
