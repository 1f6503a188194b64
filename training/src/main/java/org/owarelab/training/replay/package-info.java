/**
 * The replay buffer: a window over the most recent self-play positions, seeded minibatch
 * sampling with a samples-per-position budget, and its versioned, checksummed file format
 * ({@link org.owarelab.training.replay.ReplayFile}) written atomically into the run directory.
 */
package org.owarelab.training.replay;
