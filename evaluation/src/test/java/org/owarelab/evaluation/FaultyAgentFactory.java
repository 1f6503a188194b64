package org.owarelab.evaluation;

import java.util.Set;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * A test agent ({@code faulty:fail=throw|illegal|create,after=N}) that plays like {@code random}
 * for N decisions and then throws, returns an illegal move, or (with {@code create}) cannot even be
 * built in a game (seed != 0; the spec check builds it with seed 0). Registered in
 * {@link TestAgents#AGENTS}.
 */
public final class FaultyAgentFactory implements AgentFactory {
    @Override
    public String name() {
        return "faulty";
    }

    @Override
    public Set<String> keys() {
        return Set.of("fail", "after");
    }

    @Override
    public String help() {
        return "test agent that fails";
    }

    @Override
    public Agent create(AgentSpec spec, RuleSet rules, long seed) {
        String fail = spec.string("fail", "throw");
        int after = spec.integer("after", 3, 0, 1000);
        if (fail.equals("create") && seed != 0) {
            throw new IllegalStateException("cannot start");
        }
        Agent random = BuiltInAgents.registry().create("random", rules, seed);
        return new Agent() {
            int decisions;

            @Override
            public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
                if (decisions++ >= after) {
                    if (fail.equals("illegal")) {
                        int illegal = Integer.numberOfTrailingZeros(~board.legalMask());
                        return Decision.of(illegal, board.housesPerSide(), 0f, 0);
                    }
                    throw new IllegalStateException("boom after " + after);
                }
                return random.decide(board, limit, monitor);
            }

            @Override
            public void reset(long s) {
                random.reset(s);
                decisions = 0;
            }

            @Override
            public String spec() {
                return spec.text();
            }
        };
    }
}
