package org.owarelab.agents;

import org.owarelab.rules.RuleSet;
import org.owarelab.agents.builtin.BuiltInAgents;

/** {@link RandomAgent} passes the agent contract. */
class RandomAgentTest implements AgentContractTest {
    @Override
    public Agent newAgent(RuleSet rules, long seed) {
        return BuiltInAgents.registry().create("random", rules, seed);
    }
}
