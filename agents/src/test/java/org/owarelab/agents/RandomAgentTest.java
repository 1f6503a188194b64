package org.owarelab.agents;

import org.owarelab.rules.RuleSet;

/** {@link RandomAgent} passes the agent contract. */
class RandomAgentTest implements AgentContractTest {
    @Override
    public Agent newAgent(RuleSet rules, long seed) {
        return Agents.create("random", rules, seed);
    }
}
