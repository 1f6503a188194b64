package org.owarelab.agents;

import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;

/** {@link RandomAgent} passes the agent contract. */
class RandomAgentTest implements AgentContractTest {
    @Override
    public Agent newAgent(RuleSet rules, long seed) {
        return BuiltInAgents.registry().create("random", rules, seed);
    }
}
