package org.owarelab.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/** {@link GreedyAgent} passes the agent contract and takes the largest capture. */
class GreedyAgentTest implements AgentContractTest {
    @Override
    public Agent newAgent(RuleSet rules, long seed) {
        return BuiltInAgents.registry().create("greedy", rules, seed);
    }

    @Test
    void takesTheLargestCapture() {
        // RULES.md example 2: South's E captures e d c (8 seeds); no other move captures as much.
        Board board = new Board(Position.parse("3-1-4-0-6-2-1-3-2-1-2-2-10-11-S", RuleSet.DEFAULT));
        try (Agent agent = newAgent(RuleSet.DEFAULT, 1)) {
            assertEquals(4, agent.decide(board).move());
        }
    }
}
