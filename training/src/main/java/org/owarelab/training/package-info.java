/**
 * Self-play training: workers that play batched self-play games, the replay buffer, the
 * networks and the learner (in subpackages). Values are from the side to move, in [-1, 1].
 */
package org.owarelab.training;
