/**
 * Evaluation: game records ({@link org.owarelab.evaluation.GameResult}, {@code games.jsonl}),
 * the tables and ratings computed from them ({@link org.owarelab.evaluation.stats}) and reports
 * ({@link org.owarelab.evaluation.report}).
 */
package org.owarelab.evaluation;
