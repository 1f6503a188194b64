/**
 * The AlphaZero-style training loop: self-play with the current network, replay buffer,
 * learner steps, atomic checkpoints, periodic evaluation against fixed baselines in the arena,
 * metrics, and resumption of a killed run from its last checkpoint, bit for bit the run it would
 * have been. {@link org.owarelab.training.loop.Trainer} runs the generations, one class per phase
 * ({@code SelfPlayPhase}, {@code TrainPhase}, {@code GatePhase}, {@code EvalPhase},
 * {@code Metrics}), and {@code TrainingSession} holds what lives between generations. Self-play
 * games come from a {@link org.owarelab.training.loop.GameSource}: local self-play by default
 * ({@code SelfPlayPhase}, or {@code ContinuousSelfPlay} with {@code selfplay.continuous}, whose
 * games in flight straddle generations and are saved with each checkpoint in
 * {@code InFlightFile}), a cluster of workers from the {@code distributed} module.
 *
 * <p>Everything a run needs is in its run directory ({@link org.owarelab.training.loop.RunDirectory}):
 * the effective config, {@code run.json} (seed, versions, git commit), {@code state.json} (the
 * resume point, written last and atomically), the lock of the one process training in it,
 * checkpoints, the replay buffer, continuous self-play's games in flight, self-play game records, evaluation games and
 * {@code metrics.jsonl}.
 */
package org.owarelab.training.loop;
