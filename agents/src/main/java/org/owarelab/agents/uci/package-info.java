/**
 * The UCI dialect for Oware ({@code shared/protocol/UCI-OWARE.md}), both sides of it.
 *
 * <ul>
 *   <li>{@link org.owarelab.agents.uci.UciEngine}: the engine side. Serves any of the lab's agents
 *       to a GUI (Aualé) or a match driver over a line reader and writer, building it from the
 *       {@link org.owarelab.agents.AgentRegistry} it is given; {@link
 *       org.owarelab.agents.uci.UciMain} runs it on stdin/stdout (for {@code oware uci} and
 *       {@code org.owarelab.agents.builtin.UciEngineMain}).</li>
 *   <li>{@link org.owarelab.agents.uci.UciAgent}: the client side, the {@code uci:cmd="..."} agent.
 *       Starts an external engine process and plays through it, checking every reply.</li>
 * </ul>
 *
 * <p>Scores on the wire follow {@link org.owarelab.agents.uci.UciScore}: 100 cp per seed, a proven
 * result as {@code ±(10000 - plies)}.
 */
package org.owarelab.agents.uci;
