/**
 * Gating for the training loop: is a candidate network better than the current best? A
 * sequential probability ratio test ({@link org.owarelab.evaluation.stats.Sprt}) over
 * colour-swapped pairs of games, fed incrementally ({@link org.owarelab.evaluation.gating.Gate})
 * or by a match that stops as soon as the test decides
 * ({@link org.owarelab.evaluation.gating.Gating}).
 */
package org.owarelab.evaluation.gating;
