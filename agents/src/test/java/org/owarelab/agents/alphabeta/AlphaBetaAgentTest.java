package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentContractTest;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/** {@link AlphaBetaAgent} passes the agent contract, reads its spec, finds wins and reports its iterations. */
class AlphaBetaAgentTest implements AgentContractTest {
    @Override
    public Agent newAgent(RuleSet rules, long seed) {
        return BuiltInAgents.registry().create("alphabeta:depth=4,tt=1", rules, seed);
    }

    private static Board board(String text) {
        return new Board(Position.parse(text, RuleSet.DEFAULT));
    }

    @Test
    void specOptionsAndDefaults() {
        AlphaBetaAgent a = (AlphaBetaAgent) BuiltInAgents.registry().create("alphabeta", RuleSet.DEFAULT, 0);
        assertEquals(AlphaBetaConfig.DEFAULT, a.config());
        assertEquals("alphabeta:depth=8", a.spec());
        AlphaBetaAgent b = (AlphaBetaAgent) BuiltInAgents.registry().create("alphabeta:movetime=200", RuleSet.DEFAULT, 0);
        assertEquals(new AlphaBetaConfig(0, 200, 0, 16, true, false), b.config(), "a movetime alone sets no depth");
        AlphaBetaAgent c = (AlphaBetaAgent) BuiltInAgents.registry().create("alphabeta:nodes=5000,tt=0,qs=false,eval=material,depth=3",
                RuleSet.DEFAULT, 0);
        assertEquals(new AlphaBetaConfig(3, 0, 5000, 0, false, true), c.config());
        assertEquals("alphabeta:depth=3,nodes=5000,tt=0,qs=false,eval=material", c.spec());
        boolean lmr = true;
        boolean asp = !AlphaBetaConfig.DEFAULT_ASPIRATION;
        assertEquals(null, a.config().lateMoveReductions(), "lmr is auto by default");
        assertEquals(null, ((AlphaBetaAgent) BuiltInAgents.registry().create("alphabeta:lmr=auto", RuleSet.DEFAULT, 0))
                .config().lateMoveReductions());
        assertEquals("alphabeta:depth=8,lmr=false",
                BuiltInAgents.registry().create("alphabeta:lmr=false", RuleSet.DEFAULT, 0).spec());
        AlphaBetaAgent d = (AlphaBetaAgent) BuiltInAgents.registry().create("alphabeta:depth=5,lmr=" + lmr + ",asp="
                + asp, RuleSet.DEFAULT, 0);
        assertEquals(lmr, d.config().lateMoveReductions());
        assertEquals(asp, d.config().aspiration());
        assertEquals("alphabeta:depth=5,lmr=" + lmr + ",asp=" + asp, d.spec(), "options other than the defaults are named");
        assertEquals(d.config(), ((AlphaBetaAgent) BuiltInAgents.registry().create(d.spec(), RuleSet.DEFAULT, 0)).config());
        AlphaBetaAgent e = (AlphaBetaAgent) BuiltInAgents.registry().create("alphabeta:depth=4,weights=159/51/-12/134/-1",
                RuleSet.DEFAULT, 0);
        assertEquals("159/51/-12/134/-1", e.config().weights());
        assertEquals("alphabeta:depth=4,weights=159/51/-12/134/-1", e.spec());
    }

    @Test
    void badSpecsNameTheProblem() {
        AgentSpecException e = assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create("alphabeta:dept=3", RuleSet.DEFAULT, 0));
        assertTrue(e.getMessage().contains("at column 11: unknown option 'dept' for alphabeta (expected one of asp, depth, eval, lmr, movetime, nodes, qs, table-root, tables, tt, weights)"), e.getMessage());
        for (String bad : new String[] {"alphabeta:depth=0", "alphabeta:depth=65", "alphabeta:tt=-1", "alphabeta:nodes=x",
            "alphabeta:eval=nn", "alphabeta:qs=maybe", "alphabeta:movetime=0", "alphabeta:lmr=maybe", "alphabeta:asp=sure",
            "alphabeta:weights=1/2/3", "alphabeta:weights=1/2/3/4/5,eval=material"}) {
            assertThrows(AgentSpecException.class, () -> BuiltInAgents.registry().create(bad, RuleSet.DEFAULT, 0), bad);
        }
    }

    @Test
    void takesAWinningCaptureAndSaysItIsProven() {
        // South's F captures 2 (North keeps f) and reaches 25; D and others do not.
        Board b = board("0-0-0-1-0-1-1-0-0-0-0-1-23-21-S");
        List<SearchInfo> infos = new ArrayList<>();
        Decision d = new AlphaBetaAgent(AlphaBetaConfig.ofDepth(6), RuleSet.DEFAULT).decide(b, SearchLimit.NONE, monitor(infos));
        assertEquals(5, d.move());
        assertEquals(1f, d.value());
        SearchInfo last = infos.get(infos.size() - 1);
        assertEquals(1, last.proven());
        assertEquals(Score.win(25 - 21, 1) / (double) Score.SEED, last.seedMargin(), 1e-9, "a win by 4 in one ply");
        assertEquals(6, last.depth(), "a proven win short of the whole board does not end the deepening");
    }

    @Test
    void prefersAFasterWin() {
        // South wins by capturing now with F, or could dawdle; the search must pick the win in 1.
        Board b = board("3-0-0-0-0-1-1-0-0-0-0-1-23-19-S");
        Decision d = new AlphaBetaAgent(AlphaBetaConfig.ofDepth(8), RuleSet.DEFAULT).decide(b);
        assertEquals(5, d.move());
        assertEquals(1, d.pv().length, "the principal variation ends with the game");
    }

    @Test
    void reportsEveryCompletedIteration() {
        Board b = new Board();
        Moves.playAll(b, "CeFeB");
        List<SearchInfo> infos = new ArrayList<>();
        Decision d = new AlphaBetaAgent(AlphaBetaConfig.ofDepth(7), RuleSet.DEFAULT).decide(b, SearchLimit.NONE,
                monitor(infos));
        assertEquals(7, infos.size());
        long nodes = 0;
        for (int i = 0; i < infos.size(); i++) {
            SearchInfo s = infos.get(i);
            assertEquals(i + 1, s.depth());
            assertTrue(s.selDepth() >= s.depth(), "seldepth " + s.selDepth());
            assertTrue(s.nodes() > nodes, "nodes grow");
            nodes = s.nodes();
            assertEquals(Math.tanh(s.seedMargin() / Score.VALUE_SCALE), s.value(), 1e-6);
            assertTrue(s.pv().length >= 1 && b.isLegal(s.pv()[0]));
        }
        assertEquals(7, d.depth());
        assertEquals(nodes, d.nodes());
        assertEquals(infos.get(6).pv()[0], d.move());
        assertTrue(d.nodesPerSecond() > 0);
    }

    @Test
    void usesTheNodeBudgetExactly() {
        Board b = new Board();
        Decision d = new AlphaBetaAgent(AlphaBetaConfig.ofDepth(30), RuleSet.DEFAULT).decide(b, SearchLimit.nodes(12_345),
                SearchMonitor.NONE);
        assertEquals(12_345, d.nodes());
        assertTrue(d.depth() >= 4 && d.depth() < 30, "depth " + d.depth());
    }

    @Test
    void aMovetimeEndsADeepSearch() {
        Agent a = BuiltInAgents.registry().create("alphabeta:movetime=50", RuleSet.DEFAULT, 0);
        Decision d = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> a.decide(new Board()));
        assertTrue(d.depth() >= 1 && d.depth() < Search.MAX_DEPTH, "depth " + d.depth());
    }

    @Test
    void allocatesNothingPerNode() {
        java.lang.management.ThreadMXBean bean = java.lang.management.ManagementFactory.getThreadMXBean();
        org.junit.jupiter.api.Assumptions.assumeTrue(bean instanceof com.sun.management.ThreadMXBean,
                "needs the HotSpot thread allocation counter");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) bean;
        long id = Thread.currentThread().getId();
        Agent a = BuiltInAgents.registry().create("alphabeta:depth=12,tt=1", RuleSet.DEFAULT, 0);
        Board b = new Board();
        Moves.playAll(b, "CeFeB");
        a.decide(b); // warm-up: class loading, history growth
        // The least of three identical searches: a one-off allocation on this thread (a JIT
        // deoptimisation, a lazily created JDK object) shows in one window, per-node garbage in all.
        long allocated = Long.MAX_VALUE;
        Decision d = null;
        for (int window = 0; window < 3; window++) {
            a.reset(0);
            long before = threads.getThreadAllocatedBytes(id);
            d = a.decide(b);
            allocated = Math.min(allocated, threads.getThreadAllocatedBytes(id) - before);
        }
        assertTrue(d.nodes() > 50_000, "a search big enough to show per-node allocation: " + d.nodes());
        assertTrue(allocated < 16_384, allocated + " bytes allocated for " + d.nodes() + " nodes");
    }

    @Test
    void rejectsAFinishedGameAndOtherRules() {
        Agent a = newAgent(RuleSet.DEFAULT, 0);
        assertThrows(IllegalArgumentException.class, () -> a.decide(board("0-0-0-0-0-0-0-0-0-0-0-0-24-24-S")));
        assertThrows(IllegalArgumentException.class, () -> a.decide(new Board(RuleSet.parse("houses=4,seeds=3"))));
    }

    private static SearchMonitor monitor(List<SearchInfo> sink) {
        return new SearchMonitor() {
            @Override
            public void info(SearchInfo info) {
                sink.add(info);
            }
        };
    }
}
