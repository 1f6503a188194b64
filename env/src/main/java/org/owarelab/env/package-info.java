/**
 * The Gymnasium-like environment for reinforcement learning, in plain Java (no tensors).
 *
 * <ul>
 *   <li>{@link org.owarelab.env.OwareEnv}: one two-player game, {@code reset(seed)} /
 *       {@code step(action)} returning a {@link org.owarelab.env.TimeStep} (observation, legal
 *       mask, side to move, per-side rewards, terminated/truncated, {@link org.owarelab.env.StepInfo}).</li>
 *   <li>{@link org.owarelab.env.VectorEnv}: N games stepped by one call into preallocated arrays,
 *       auto-reset, no allocation per step: what self-play sits on.</li>
 *   <li>{@link org.owarelab.env.OpponentEnv}: a single-agent view with a
 *       {@link org.owarelab.env.Policy} playing the other side.</li>
 *   <li>{@link org.owarelab.env.ObservationEncoder}s, canonical from the side to move and versioned:
 *       {@link org.owarelab.env.CompactEncoder} and {@link org.owarelab.env.PlanesEncoder}, by id
 *       through {@link org.owarelab.env.Encoders}.</li>
 *   <li>{@link org.owarelab.env.EnvConfig}: every option, validated; {@link org.owarelab.env.EnvChecker}
 *       checks an environment as Gymnasium's {@code check_env} does.</li>
 * </ul>
 *
 * <p>Conventions: actions are the mover's houses {@code 0..n-1} from the mover's left, legal ones
 * given as a bit mask; sides are {@link org.owarelab.rules.Side#SOUTH} = 0 and
 * {@link org.owarelab.rules.Side#NORTH} = 1; rewards are per absolute side and zero-sum; every
 * rule question goes to {@link org.owarelab.rules}. Randomness comes only from explicit seeds.
 */
package org.owarelab.env;
