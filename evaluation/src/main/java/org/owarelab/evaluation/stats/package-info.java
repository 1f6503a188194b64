/**
 * Statistics for evaluation: score intervals, Elo ratings by maximum likelihood, pentanomial
 * statistics of paired games and the SPRT. Pure functions over counts; no games are played here.
 */
package org.owarelab.evaluation.stats;
