package org.owarelab.evaluation;

import java.util.function.Predicate;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Judges the position an opening reaches: its value from the side to move's view, in [-1, 1]
 * (the convention of {@link Decision#value()}). Used to keep only roughly balanced openings, so
 * that a pair of games is not decided by the opening. Implementations need not be thread-safe;
 * close a judge to release what it holds (an agent's threads or process).
 */
@FunctionalInterface
public interface OpeningJudge extends AutoCloseable {
    /** The default judge's spec: a shallow alpha-beta search. */
    String DEFAULT_SPEC = "alphabeta:depth=4";
    /**
     * The default largest |value| of a balanced opening. For alpha-beta (value = tanh(seed margin / 8))
     * 0.3 is an expected margin of about 2.5 seeds.
     */
    double DEFAULT_MAX_VALUE = 0.3;

    /**
     * The value of {@code board} for its side to move.
     *
     * @param board a position that is not over; unchanged on return
     */
    double value(Board board);

    /** Releases what the judge holds; the default holds nothing. */
    @Override
    default void close() {
    }

    /** A filter that accepts the positions whose |value| is at most {@code maxValue}. */
    default Predicate<Board> balanced(double maxValue) {
        if (!(maxValue >= 0 && maxValue <= 1)) {
            throw new IllegalArgumentException("the largest |value| of a balanced opening must be in [0, 1], not "
                    + maxValue);
        }
        return board -> Math.abs(value(board)) <= maxValue;
    }

    /**
     * A judge that asks the agent of {@code spec} for its decision's value, the agent reset to
     * seed 0 before each position so that the verdicts do not depend on the order of asking.
     * Closing the judge closes the agent.
     *
     * @throws AgentSpecException if the spec is bad or names an agent this build does not have
     *     (the default {@value #DEFAULT_SPEC} needs the alpha-beta agent)
     */
    static OpeningJudge agent(AgentRegistry agents, String spec, RuleSet rules) {
        Agent agent;
        try {
            agent = agents.create(spec, rules, 0);
        } catch (AgentSpecException e) {
            String name = AgentSpec.parse(spec).name();
            throw new AgentSpecException("balanced openings: cannot build the judge '" + spec + "': " + e.getMessage()
                    + (name.equals("alphabeta") ? " (this registry has no alpha-beta agent: name another judge)" : ""));
        }
        return new OpeningJudge() {
            @Override
            public double value(Board board) {
                agent.reset(0);
                return agent.decide(board).value();
            }

            @Override
            public void close() {
                agent.close();
            }
        };
    }
}
