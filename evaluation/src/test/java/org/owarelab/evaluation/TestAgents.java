package org.owarelab.evaluation;

import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;

/** The registry of the evaluation tests: the built-in agents and {@code faulty} ({@link FaultyAgentFactory}). */
public final class TestAgents {
    /** Holds nothing to release: the built-in factories and {@code faulty} load no resources. */
    public static final AgentRegistry AGENTS = BuiltInAgents.registry().with(new FaultyAgentFactory());

    private TestAgents() {
    }
}
