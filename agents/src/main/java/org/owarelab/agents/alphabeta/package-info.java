/**
 * The alpha-beta agent ({@code alphabeta:depth=8}): {@link org.owarelab.agents.alphabeta.AlphaBetaAgent}
 * (iterative deepening, limits, decisions) over {@code Search} (negamax with principal-variation
 * search, mate-distance pruning, a capture-only quiescence search), {@code TranspositionTable}
 * (two-tier, flat arrays), {@code MoveOrder} (hash move, captures, killers, history) and
 * {@code Evaluation} (the documented heuristic, with {@code Threats}, the arithmetic capture test).
 * {@link org.owarelab.agents.alphabeta.SearchBench} is the fixed benchmark of {@code oware bench search}.
 *
 * <p>Scores inside the search are integers from the side to move's view in centi-seeds
 * ({@link org.owarelab.agents.alphabeta.Score#SEED} = 100 per seed, the UCI {@code cp} scale);
 * proven wins and losses are {@code ±Score.win(margin, plies)}, ranked by the final seed margin
 * first and the distance second ({@code Score.WIN = 100000}).
 * Decisions convert them to values in [-1, 1]. Everything here is single-threaded and
 * allocation-free per node.
 */
package org.owarelab.agents.alphabeta;
