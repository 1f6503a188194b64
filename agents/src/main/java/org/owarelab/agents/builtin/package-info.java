/**
 * The built-in agents gathered in one registry ({@link org.owarelab.agents.builtin.BuiltInAgents}),
 * and a plain {@code main} that serves one of them over UCI
 * ({@link org.owarelab.agents.builtin.UciEngineMain}). This package sits above every agent
 * package; none of them imports it.
 */
package org.owarelab.agents.builtin;
