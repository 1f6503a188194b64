/**
 * The arena: balanced openings ({@link org.owarelab.evaluation.Openings}), games between two agents
 * with a recorded outcome ({@link org.owarelab.evaluation.GameRunner},
 * {@link org.owarelab.evaluation.GameRecord}) and matches played in parallel on a thread budget
 * with reproducible results ({@link org.owarelab.evaluation.Match}). Statistics over the outcomes
 * live in {@code org.owarelab.evaluation.stats}.
 *
 * <p>Scores are from player A's view: 1 a win, 1/2 a draw, 0 a loss.
 */
package org.owarelab.evaluation;
