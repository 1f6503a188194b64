/**
 * Self-play: {@link org.owarelab.training.selfplay.SelfPlayWorker} plays many games in
 * lock-step with one batched evaluator call per step and hands out
 * {@link org.owarelab.training.selfplay.PositionRecord}s (canonical observation, legal mask,
 * search policy, final result and seed margin from the mover's view) and
 * {@link org.owarelab.training.selfplay.SelfPlayRecord}s. No tensors here: only the
 * {@link org.owarelab.agents.inference.Evaluator} interface. Games are reproducible from the run seed
 * and the game id. For continuous self-play a worker suspends its games in flight between calls
 * and hands them out as {@link org.owarelab.training.selfplay.InFlightGame}s, which a fresh
 * worker restores exactly.
 */
package org.owarelab.training.selfplay;
