/**
 * Tuning of the alpha-beta evaluation: {@link org.owarelab.agents.alphabeta.tuning.EvalFit} fits
 * its weights to game results (Texel's method), read from self-play or match records by
 * {@code oware tune-eval}. It needs only alpha-beta's terms, so it lives beside alpha-beta.
 */
package org.owarelab.agents.alphabeta.tuning;
