/**
 * The AlphaZero-style training loop: self-play with the current network, replay buffer,
 * learner steps, atomic checkpoints, periodic evaluation against fixed baselines in the arena,
 * metrics, and resumption of a killed run from its last checkpoint.
 *
 * <p>Everything a run needs is in its run directory ({@link org.owarelab.training.loop.RunDirectory}):
 * the effective config, {@code run.json} (seed, versions, git commit), {@code state.json} (the
 * resume point, written last and atomically), checkpoints, the replay buffer, self-play game
 * records, evaluation games and {@code metrics.jsonl}.
 */
package org.owarelab.training.loop;
