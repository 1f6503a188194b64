package org.owarelab.agents;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.owarelab.rules.RuleSet;

/**
 * The registry of agent factories: the built-in ones plus those found by {@link ServiceLoader}.
 * {@code Agents.create("alphabeta:depth=8", rules, seed)} is how every command, config and
 * tournament builds an agent.
 */
public final class Agents {
    private static volatile Map<String, AgentFactory> factories;

    private Agents() {
    }

    private static Map<String, AgentFactory> factories() {
        Map<String, AgentFactory> f = factories;
        if (f == null) {
            synchronized (Agents.class) {
                if (factories == null) {
                    Map<String, AgentFactory> m = new TreeMap<>();
                    for (AgentFactory a : builtIns()) {
                        m.put(a.name(), a);
                    }
                    for (AgentFactory a : ServiceLoader.load(AgentFactory.class)) {
                        m.put(a.name(), a);
                    }
                    factories = m;
                }
                f = factories;
            }
        }
        return f;
    }

    private static List<AgentFactory> builtIns() {
        List<AgentFactory> list = new ArrayList<>();
        list.add(RandomAgent.FACTORY);
        list.add(GreedyAgent.FACTORY);
        list.add(org.owarelab.agents.uci.UciAgent.FACTORY);
        list.add(org.owarelab.agents.mcts.MctsAgent.FACTORY);
        list.add(org.owarelab.agents.puct.PuctAgent.FACTORY);
        list.add(org.owarelab.agents.alphabeta.AlphaBetaAgent.FACTORY);
        return list;
    }

    /**
     * Builds the agent of {@code spec}.
     *
     * @throws AgentSpecException for an unknown name (listing the known ones), an unknown key or a bad value
     */
    public static Agent create(String spec, RuleSet rules, long seed) {
        AgentSpec s = AgentSpec.parse(spec);
        return factory(s).create(s, rules, seed);
    }

    /** Checks a spec without building it: name, keys. Value errors surface at {@link #create}. */
    public static void validate(String spec) {
        factory(AgentSpec.parse(spec));
    }

    /** The factory of a parsed spec, its keys checked. */
    private static AgentFactory factory(AgentSpec s) {
        AgentFactory f = factories().get(s.name());
        if (f == null) {
            throw new AgentSpecException("agent spec '" + s.text() + "': unknown agent '" + s.name() + "' (known: "
                    + String.join(", ", factories().keySet()) + ")");
        }
        s.requireKeys(f.keys());
        return f;
    }

    /** One help line per agent, for {@code --help} texts. */
    public static List<String> help() {
        List<String> lines = new ArrayList<>();
        for (AgentFactory f : factories().values()) {
            lines.add(f.name() + ": " + f.help());
        }
        return lines;
    }
}
