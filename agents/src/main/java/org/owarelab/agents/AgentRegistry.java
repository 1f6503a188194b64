package org.owarelab.agents;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.owarelab.rules.RuleSet;

/**
 * A set of agent factories by spec name: {@code registry.create("alphabeta:depth=8", rules, seed)}
 * is how every command, config and tournament builds an agent. Registries are composed
 * explicitly, never discovered: the agents module offers its built-in factories
 * ({@code org.owarelab.agents.builtin.BuiltInAgents}), the model module adds the {@code puct}
 * factory that reads checkpoints, and each command, arena or training phase builds the registry
 * it needs.
 *
 * <p>A registry owns what its factories hold (loaded networks, for one): whoever builds it closes
 * it, after every agent built from it is closed. Immutable; {@link #create} is as thread-safe as
 * the factories (the built-in ones and the model's are).
 */
public final class AgentRegistry implements AutoCloseable {
    private final Map<String, AgentFactory> factories;

    private AgentRegistry(Map<String, AgentFactory> factories) {
        this.factories = Collections.unmodifiableMap(factories);
    }

    /** A registry of {@code factories}; a later factory replaces an earlier one of the same name. */
    public static AgentRegistry of(List<AgentFactory> factories) {
        Map<String, AgentFactory> m = new TreeMap<>();
        for (AgentFactory f : factories) {
            m.put(f.name(), f);
        }
        return new AgentRegistry(m);
    }

    /**
     * This registry plus {@code factory}, which replaces the factory of its name if there is one.
     * The new registry shares this one's factories: close only one of the two.
     */
    public AgentRegistry with(AgentFactory factory) {
        Map<String, AgentFactory> m = new TreeMap<>(factories);
        m.put(factory.name(), factory);
        return new AgentRegistry(m);
    }

    /**
     * Builds the agent of {@code spec}.
     *
     * @throws AgentSpecException for an unknown name (listing the known ones), an unknown key or a bad value
     */
    public Agent create(String spec, RuleSet rules, long seed) {
        AgentSpec s = AgentSpec.parse(spec);
        return factory(s).create(s, rules, seed);
    }

    /**
     * {@code spec} with the choices it leaves to its surroundings made explicit
     * ({@link AgentFactory#resolve}); the spec as given for most agents.
     *
     * @throws AgentSpecException as {@link #create} does
     */
    public String resolve(String spec, RuleSet rules) {
        AgentSpec s = AgentSpec.parse(spec);
        return factory(s).resolve(s, rules);
    }

    /** Checks a spec without building it: name, keys. Value errors surface at {@link #create}. */
    public void validate(String spec) {
        factory(AgentSpec.parse(spec));
    }

    /** The spec names known here, sorted. */
    public Set<String> names() {
        return factories.keySet();
    }

    /** The factory of a parsed spec, its keys checked. */
    private AgentFactory factory(AgentSpec s) {
        AgentFactory f = factories.get(s.name());
        if (f == null) {
            throw s.nameError("unknown agent '" + s.name() + "' (expected one of "
                    + String.join(", ", factories.keySet()) + ")");
        }
        s.requireKeys(f.keys());
        return f;
    }

    /** One help line per agent, for {@code --help} texts. */
    public List<String> help() {
        List<String> lines = new ArrayList<>();
        for (AgentFactory f : factories.values()) {
            lines.add(f.name() + ": " + f.help());
        }
        return lines;
    }

    /** Releases what the factories hold (each once); agents built from them must be closed first. */
    @Override
    public void close() {
        RuntimeException first = null;
        Set<AgentFactory> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (AgentFactory f : factories.values()) {
            if (seen.add(f)) {
                try {
                    f.close();
                } catch (RuntimeException e) {
                    if (first == null) {
                        first = e;
                    }
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
