package org.owarelab.agents;

import java.util.Set;
import org.owarelab.rules.RuleSet;

/**
 * Builds the agents of one name from specs. Built-in factories are registered in
 * {@link Agents}; other modules (the neural {@code puct} agent in {@code training}) add theirs
 * through {@link java.util.ServiceLoader} ({@code META-INF/services/org.owarelab.agents.AgentFactory}),
 * so this module never depends on them.
 */
public interface AgentFactory {
    /** The spec name, e.g. {@code alphabeta}. */
    String name();

    /** The option keys a spec may give. */
    Set<String> keys();

    /** One line for {@code --help}: what the agent is and its options with defaults. */
    String help();

    /**
     * Builds an agent.
     *
     * @param spec a parsed spec with {@code spec.name().equals(name())}
     * @param rules the rule set it will play
     * @param seed the seed of its random generator
     * @throws AgentSpecException for a bad option value or a missing resource (model file, engine)
     */
    Agent create(AgentSpec spec, RuleSet rules, long seed);
}
