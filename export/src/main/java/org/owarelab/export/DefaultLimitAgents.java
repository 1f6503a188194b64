package org.owarelab.export;

import java.util.Set;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Wraps a factory so that its agents search {@code movetime} milliseconds when a {@code go} gives
 * them no limit they read (none, or only a depth, which PUCT ignores): how an exported player
 * with {@code --movetime} behaves under a bare {@code go} or Aualé's {@code go depth N}.
 * Everything else is passed through. Owns the wrapped factory.
 */
final class DefaultLimitAgents implements AgentFactory {
    private final AgentFactory inner;
    private final long movetimeMillis;

    DefaultLimitAgents(AgentFactory inner, long movetimeMillis) {
        this.inner = inner;
        this.movetimeMillis = movetimeMillis;
    }

    /** {@code limit}, or the default move time when it sets nothing but (perhaps) a depth. */
    static SearchLimit effective(SearchLimit limit, long movetimeMillis) {
        boolean unread = limit.nodes() == 0 && limit.simulations() == 0 && limit.movetimeMillis() == 0
                && !limit.infinite();
        return unread ? new SearchLimit(limit.depth(), 0, 0, movetimeMillis, false) : limit;
    }

    @Override
    public String name() {
        return inner.name();
    }

    @Override
    public Set<String> keys() {
        return inner.keys();
    }

    @Override
    public String help() {
        return inner.help() + "; " + movetimeMillis + " ms per move when go sets no limit";
    }

    @Override
    public org.owarelab.agents.puct.StrengthLevels levels() {
        return inner.levels();
    }

    @Override
    public java.util.Map<String, AgentAccess.Reach> reaches(AgentSpec spec) {
        return inner.reaches(spec);
    }

    @Override
    public Agent create(AgentSpec spec, RuleSet rules, long seed) {
        Agent agent = inner.create(spec, rules, seed);
        return new Agent() {
            @Override
            public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
                return agent.decide(board, effective(limit, movetimeMillis), monitor);
            }

            @Override
            public void played(Board after, int move) {
                agent.played(after, move);
            }

            @Override
            public void reset(long s) {
                agent.reset(s);
            }

            @Override
            public String spec() {
                return agent.spec();
            }

            @Override
            public void close() {
                agent.close();
            }
        };
    }

    @Override
    public void close() {
        inner.close();
    }
}
