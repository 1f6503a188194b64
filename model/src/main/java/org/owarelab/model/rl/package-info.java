/**
 * Adapters from the plain-Java environment ({@link org.owarelab.env}) to DJL's reinforcement
 * learning API ({@code ai.djl.modality.rl}), so that DJL's own RL agents ({@code QAgent},
 * {@code EpsilonGreedy}) and examples run on Oware. Tensors stay here: {@code env} knows nothing
 * of DJL.
 */
package org.owarelab.model.rl;
