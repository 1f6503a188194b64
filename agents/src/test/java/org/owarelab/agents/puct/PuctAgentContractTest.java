package org.owarelab.agents.puct;

import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentContractTest;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;

/** PUCT (with no model: uniform priors, value 0) passes the agent contract. */
class PuctAgentContractTest implements AgentContractTest {
    @Override
    public Agent newAgent(RuleSet rules, long seed) {
        return BuiltInAgents.registry().create("puct:sims=64", rules, seed);
    }

    @Override
    public boolean honoursDepthLimit() {
        return false; // PUCT searches by simulations; Decision.depth is the tree's mean depth
    }

    @Override
    public SearchLimit testLimit() {
        return SearchLimit.simulations(64);
    }
}
