/**
 * Agents: the {@link org.owarelab.agents.Agent} contract, agent specs
 * ({@code alphabeta:depth=8}, {@code mcts:sims=2000}, ...), the factories that build them and the
 * {@link org.owarelab.agents.AgentRegistry} that gathers factories by name. This package names
 * no agent of its sub-packages: the built-in ones are listed in
 * {@code org.owarelab.agents.builtin}, and the sub-packages import only this one.
 *
 * <p>Values are from the view of the side to move, in [-1, 1]; policies are over the mover's
 * houses (relative moves, 0 = the mover's leftmost house). Agents are single-threaded objects:
 * one per game and thread.
 */
package org.owarelab.agents;
