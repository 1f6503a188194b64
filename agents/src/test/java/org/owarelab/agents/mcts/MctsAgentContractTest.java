package org.owarelab.agents.mcts;

import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentContractTest;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;

/** MCTS passes the agent contract (small budgets keep it fast). */
class MctsAgentContractTest implements AgentContractTest {
    @Override
    public Agent newAgent(RuleSet rules, long seed) {
        return BuiltInAgents.registry().create("mcts:sims=200", rules, seed);
    }

    @Override
    public SearchLimit testLimit() {
        return SearchLimit.simulations(200);
    }
}
