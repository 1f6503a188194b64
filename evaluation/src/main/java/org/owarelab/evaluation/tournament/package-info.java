/**
 * Tournaments between many agents: a seeded schedule of paired games (round robin, ladder of neighbours or gauntlet,
 * {@link org.owarelab.evaluation.tournament.Schedule}), played in parallel, saved game by game
 * to a directory and resumed from it ({@link org.owarelab.evaluation.tournament.Tournament}); the games of several
 * such directories rated as one ({@link org.owarelab.evaluation.tournament.TournamentPool});
 * ladders of a training run's checkpoints against fixed opponents
 * ({@link org.owarelab.evaluation.tournament.Ladder}). Ratings and reports of the saved games
 * come from {@code org.owarelab.evaluation.stats} and {@code org.owarelab.evaluation.report}.
 */
package org.owarelab.evaluation.tournament;
