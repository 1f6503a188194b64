/**
 * Self-play: {@link org.owarelab.training.selfplay.SelfPlayWorker} plays many games in
 * lock-step with one batched evaluator call per step and hands out
 * {@link org.owarelab.training.selfplay.PositionRecord}s (canonical observation, legal mask,
 * search policy, final result and seed margin from the mover's view) and
 * {@link org.owarelab.training.selfplay.GameRecord}s. No tensors here: only the
 * {@link org.owarelab.agents.inference.Evaluator} interface. Games are reproducible from the run seed
 * and the game id.
 */
package org.owarelab.training.selfplay;
