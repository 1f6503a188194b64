package org.owarelab.agents.builtin;

import java.util.List;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.GreedyAgent;
import org.owarelab.agents.RandomAgent;
import org.owarelab.agents.alphabeta.AlphaBetaAgent;
import org.owarelab.agents.mcts.MctsAgent;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.agents.uci.UciAgent;

/**
 * The agents this module builds by itself: {@code random}, {@code greedy}, {@code alphabeta},
 * {@code mcts}, {@code puct} (uniform evaluator only: {@code model=} needs the model module's
 * registry) and {@code uci} (an external engine). The one place that lists them, so that the
 * registry ({@link AgentRegistry}) and the agents' packages never import each other.
 */
public final class BuiltInAgents {
    private BuiltInAgents() {
    }

    /** A registry of the built-in agents (they hold nothing: closing it is free). */
    public static AgentRegistry registry() {
        return AgentRegistry.of(List.of(RandomAgent.FACTORY, GreedyAgent.FACTORY, UciAgent.FACTORY, MctsAgent.FACTORY,
                PuctAgent.FACTORY, AlphaBetaAgent.FACTORY));
    }
}
