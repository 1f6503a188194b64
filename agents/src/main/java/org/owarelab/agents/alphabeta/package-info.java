/**
 * The alpha-beta agent ({@code alphabeta:depth=8}): negamax with principal-variation search,
 * iterative deepening, a Zobrist transposition table, move ordering (hash move, captures,
 * killers, history), an optional capture-only quiescence search and a heuristic evaluation in
 * seeds.
 *
 * <p>Scores inside the search are integers from the side to move's view in centi-seeds
 * ({@link org.owarelab.agents.alphabeta.Score#SEED} = 100 per seed, the UCI {@code cp} scale);
 * proven wins and losses are {@code ±(Score.WIN - plies)}. Decisions convert them to values in
 * [-1, 1]. Everything here is single-threaded and allocation-free per node.
 */
package org.owarelab.agents.alphabeta;
