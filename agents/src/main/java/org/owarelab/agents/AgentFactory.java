package org.owarelab.agents;

import java.util.Map;
import java.util.Set;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.rules.RuleSet;

/**
 * Builds the agents of one name from specs. Factories are gathered in an {@link AgentRegistry}:
 * the built-in ones come from {@code org.owarelab.agents.builtin.BuiltInAgents}, and other modules
 * (the model module's {@code puct} that reads checkpoints) hand theirs to whoever composes the
 * registry, so this module never depends on them.
 */
public interface AgentFactory extends AutoCloseable {
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

    /**
     * The spec with every choice it leaves to its surroundings made explicit, so that the returned
     * spec plays the same way wherever it runs; the spec as given when it leaves none (the
     * default). Alpha-beta's {@code tables=auto}, which looks for an endgame table in
     * {@code $OWARE_TABLES} or the working directory, is one such choice. Commands that record
     * results ({@code oware match}) record this.
     *
     * @param spec a parsed spec with {@code spec.name().equals(name())}
     * @param rules the rule set it will play
     */
    default String resolve(AgentSpec spec, RuleSet rules) {
        return spec.text();
    }

    /**
     * The options of {@code spec} that reach outside the process when its agent is built, each
     * with what it does: {@code cmd} starts a program, {@code model=PATH} or {@code tables=FILE}
     * reads a file. {@link AgentRegistry#checkAccess} refuses a spec from an input stream whose
     * reach the command line did not allow. None by default: a factory whose specs name programs
     * or files must say so here.
     *
     * @param spec a parsed spec with {@code spec.name().equals(name())}
     */
    default Map<String, AgentAccess.Reach> reaches(AgentSpec spec) {
        return Map.of();
    }

    /**
     * The calibrated levels of play its specs take as {@code elo=N} ({@link StrengthLevels}), or
     * null when it has none (the default). The UCI engine offers {@code UCI_LimitStrength} and
     * {@code UCI_Elo} for an agent whose factory has them.
     */
    default StrengthLevels levels() {
        return null;
    }

    /**
     * Releases what the factory holds (e.g. networks it loaded for its agents), called by
     * {@link AgentRegistry#close} once its agents are closed. Nothing by default.
     */
    @Override
    default void close() {
    }
}
