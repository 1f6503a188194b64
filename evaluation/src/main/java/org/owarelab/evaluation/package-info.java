/**
 * The arena: openings of K random plies, optionally judged balanced
 * ({@link org.owarelab.evaluation.Openings}, {@link org.owarelab.evaluation.OpeningJudge}),
 * games between two agents with a recorded outcome ({@link org.owarelab.evaluation.GameRunner},
 * {@link org.owarelab.evaluation.MatchRecord}: the one record format of {@code games.jsonl}, read
 * and written by {@link org.owarelab.evaluation.MatchRecords}), scheduled games played in parallel
 * on a thread budget ({@link org.owarelab.evaluation.Arena}) and two-agent matches with
 * reproducible results ({@link org.owarelab.evaluation.Match}). Tournaments and ladders live in
 * {@code .tournament}, SPRT gating in {@code .gating}, statistics in {@code .stats}, reports in
 * {@code .report}.
 *
 * <p>Scores are from player A's view: 1 a win, 1/2 a draw, 0 a loss.
 */
package org.owarelab.evaluation;
