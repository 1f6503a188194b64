package org.owarelab.agents;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Texts;

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
    /** What the specs given to this registry may reach ({@link #restricted}); ALL for the command line's. */
    private final AgentAccess access;
    /** Whether {@link #close} closes the factories (false for a {@link #restricted} view). */
    private final boolean owner;

    private AgentRegistry(Map<String, AgentFactory> factories, AgentAccess access, boolean owner) {
        this.factories = Collections.unmodifiableMap(factories);
        this.access = access;
        this.owner = owner;
    }

    private AgentRegistry(Map<String, AgentFactory> factories) {
        this(factories, AgentAccess.ALL, true);
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
        return new AgentRegistry(m, access, owner);
    }

    /**
     * Builds the agent of {@code spec}.
     *
     * @throws AgentSpecException for an unknown name (listing the known ones), an unknown key or a bad value
     */
    public Agent create(String spec, RuleSet rules, long seed) {
        AgentSpec s = AgentSpec.parse(spec);
        return checked(s).create(s, rules, seed);
    }

    /**
     * {@code spec} with the choices it leaves to its surroundings made explicit
     * ({@link AgentFactory#resolve}); the spec as given for most agents.
     *
     * @throws AgentSpecException as {@link #create} does
     */
    public String resolve(String spec, RuleSet rules) {
        AgentSpec s = AgentSpec.parse(spec);
        return checked(s).resolve(s, rules);
    }

    /**
     * Checks a spec without building it: name, keys, and what it reaches against this registry's
     * access ({@link #restricted}). Value errors surface at {@link #create}.
     */
    public void validate(String spec) {
        checked(AgentSpec.parse(spec));
    }

    /**
     * Checks that {@code spec}, come from an input stream rather than the command line, reaches
     * only what {@code allowed} allows (see {@link AgentAccess}): the one check every protocol
     * makes, directly or through a {@link #restricted} view. Also checks the name and keys.
     *
     * @throws AgentSpecException naming the spec, the option, what it does and the flag that allows it
     */
    public void checkAccess(String spec, AgentAccess allowed) {
        AgentSpec s = AgentSpec.parse(spec);
        check(s, factory(s), allowed);
    }

    /**
     * A view of this registry for specs from an input stream: {@link #create}, {@link #resolve}
     * and {@link #validate} first refuse a spec that reaches beyond {@code allowed}
     * ({@link #checkAccess}). It shares this registry's factories and closing it does nothing:
     * this registry still owns them.
     */
    public AgentRegistry restricted(AgentAccess allowed) {
        return new AgentRegistry(factories, allowed, false);
    }

    /** The factory of a parsed spec, its keys and its reach checked. */
    private AgentFactory checked(AgentSpec s) {
        AgentFactory f = factory(s);
        if (!access.equals(AgentAccess.ALL)) {
            check(s, f, access);
        }
        return f;
    }

    private static void check(AgentSpec s, AgentFactory f, AgentAccess allowed) {
        for (Map.Entry<String, AgentAccess.Reach> e : f.reaches(s).entrySet()) {
            AgentAccess.Reach r = e.getValue();
            if (!allowed.allows(r)) {
                throw new AgentSpecException("agent spec '" + s.text() + "' refused: " + e.getKey() + "= "
                        + r.what() + ", which a spec from an input stream may do only when the process was "
                        + "started with " + r.flag());
            }
        }
    }

    /**
     * The preflight every command runs before it serves, plays or writes anything: builds each of
     * {@code specs} once under {@code rules} (so every checkpoint is loaded, every engine started
     * and greeted, every value checked) and closes it again. What a factory loads it keeps (a
     * checkpoint's network stays in this registry), so the real build that follows is cheap.
     *
     * @throws AgentSpecException naming the first spec that cannot be built and why
     */
    public void checkAll(Collection<String> specs, RuleSet rules) {
        for (String spec : new LinkedHashSet<>(specs)) {
            try (Agent a = create(spec, rules, 0)) {
                a.spec();
            } catch (AgentSpecException e) {
                if (e.getMessage().contains(Texts.escape(spec.trim()))) {
                    throw e;
                }
                throw new AgentSpecException("agent spec '" + spec + "': " + e.getMessage());
            } catch (RuntimeException | LinkageError e) {
                throw new AgentSpecException("agent spec '" + spec + "' cannot be built: " + Texts.reason(e));
            }
        }
    }

    /**
     * The calibrated levels of the agent {@code spec} names ({@link AgentFactory#levels()}), or null
     * when it has none or the spec names no known agent.
     */
    public org.owarelab.agents.puct.StrengthLevels levels(String spec) {
        try {
            AgentFactory f = factories.get(AgentSpec.parse(spec).name());
            return f == null ? null : f.levels();
        } catch (AgentSpecException e) {
            return null;
        }
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

    /**
     * Releases what the factories hold (each once); agents built from them must be closed first.
     * Nothing for a {@link #restricted} view.
     */
    @Override
    public void close() {
        if (!owner) {
            return;
        }
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
