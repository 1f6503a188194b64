package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class PuctAgentTest {
    /** Plays a game between two agents, telling both of every move; returns the moves as letters. */
    static String play(Agent south, Agent north, Board board, int maxPlies) {
        StringBuilder moves = new StringBuilder();
        while (!board.isOver() && board.ply() < maxPlies) {
            Agent mover = board.toMove() == 0 ? south : north;
            String before = board.text();
            int plyBefore = board.ply();
            long hashBefore = board.hash();
            Decision d = mover.decide(board);
            assertEquals(before, board.text(), "decide must leave the board as it found it");
            assertEquals(plyBefore, board.ply());
            assertEquals(hashBefore, board.hash());
            assertTrue(board.isLegal(d.move()), "illegal move " + d.move() + " at " + before);
            double sum = 0;
            for (int m = 0; m < d.policy().length; m++) {
                sum += d.policy()[m];
                assertTrue(d.policy()[m] == 0 || board.isLegal(m), "policy on an illegal move");
            }
            assertEquals(1.0, sum, 1e-5);
            assertTrue(d.value() >= -1 && d.value() <= 1);
            moves.append(board.letter(d.move()));
            board.play(d.move());
            south.played(board, d.move());
            north.played(board, d.move());
        }
        return moves.toString();
    }

    @Test
    void sameSeedSameGame() {
        String spec = "puct:sims=60,noise=0.25,temp=1,temp-plies=8,forced=2";
        String[] games = new String[2];
        for (int run = 0; run < 2; run++) {
            try (Agent a = BuiltInAgents.registry().create(spec, RuleSet.DEFAULT, 1); Agent b = BuiltInAgents.registry().create(spec, RuleSet.DEFAULT, 2)) {
                games[run] = play(a, b, new Board(), 60);
            }
        }
        assertEquals(games[0], games[1]);
        try (Agent a = BuiltInAgents.registry().create(spec, RuleSet.DEFAULT, 3); Agent b = BuiltInAgents.registry().create(spec, RuleSet.DEFAULT, 2)) {
            assertTrue(!games[0].equals(play(a, b, new Board(), 60)), "another seed, another game");
        }
    }

    @Test
    void takesAnImmediateWin() {
        Position p = Position.parse("0-0-0-0-0-2-1-2-0-0-0-1-20-22-S", RuleSet.DEFAULT);
        for (String spec : new String[] {"puct:sims=40", "puct:sims=40,gumbel=true", "puct:sims=40,batch=8"}) {
            try (Agent a = BuiltInAgents.registry().create(spec, RuleSet.DEFAULT, 1)) {
                Decision d = a.decide(new Board(p));
                assertEquals(5, d.move(), spec);
                assertEquals(40, d.nodes(), spec);
                assertEquals(5, d.pv()[0]);
            }
        }
    }

    @Test
    void beatsRandomOnASmallBoard() {
        RuleSet rules = RuleSet.parse("houses=4,seeds=2");
        int score2 = 0;
        int games = 20;
        for (int g = 0; g < games; g++) {
            try (Agent puct = BuiltInAgents.registry().create("puct:sims=300", rules, g);
                    Agent random = BuiltInAgents.registry().create("random", rules, 1000 + g)) {
                boolean puctSouth = g % 2 == 0;
                Board b = new Board(rules);
                play(puctSouth ? puct : random, puctSouth ? random : puct, b, 500);
                int r = b.result(puctSouth ? 0 : 1);
                score2 += r + 1;
            }
        }
        assertTrue(score2 >= 2 * games * 0.8, "score " + score2 / 2.0 + " of " + games);
    }

    @Test
    void keepsItsTreeWhenToldOfTheMoves() {
        try (Agent agent = BuiltInAgents.registry().create("puct:sims=200", RuleSet.DEFAULT, 1)) {
            PuctAgent a = (PuctAgent) agent;
            Board b = new Board();
            Decision d = a.decide(b);
            b.play(d.move());
            a.played(b, d.move());
            int reply = Integer.numberOfTrailingZeros(b.legalMask());
            b.play(reply);
            a.played(b, reply);
            int kept = a.tree().rootVisits();
            assertTrue(kept > 0, "the subtree after both moves should be kept");
            a.decide(b);
            assertEquals(kept + 200, a.tree().rootVisits());
            // A board with the same position but another history gets a fresh tree.
            a.decide(new Board(b.position()));
            assertEquals(200, a.tree().rootVisits());
        }
    }

    @Test
    void stopsWhenAsked() {
        AtomicInteger polls = new AtomicInteger();
        SearchMonitor stopAtOnce = new SearchMonitor() {
            @Override
            public boolean stopRequested() {
                return polls.incrementAndGet() > 2;
            }
        };
        try (Agent a = BuiltInAgents.registry().create("puct", RuleSet.DEFAULT, 1)) {
            Decision d = a.decide(new Board(), SearchLimit.simulations(100_000), stopAtOnce);
            assertTrue(d.nodes() <= 3, "stopped after " + d.nodes());
            assertTrue(new Board().isLegal(d.move()));
        }
    }

    /**
     * A timed search (movetime, no sims= in the spec) is not capped by the default simulation
     * count: the "clock" here is a monitor that asks to stop after a fixed number of polls (one
     * poll per simulation at batch 1 on one thread), and the hour of movetime is never reached. An
     * explicit sims= still caps it.
     */
    @Test
    void theClockGovernsATimedSearchNotTheDefaultSims() {
        int polls = 3 * SearchOption.DEFAULT_SIMULATIONS;
        SearchLimit anHour = SearchLimit.movetime(3_600_000);
        try (Agent a = BuiltInAgents.registry().create("puct:batch=1,threads=1", RuleSet.DEFAULT, 1);
                Agent capped = BuiltInAgents.registry().create("puct:sims=300,batch=1,threads=1", RuleSet.DEFAULT, 1)) {
            assertEquals(polls, a.decide(new Board(), anHour, stopAfter(polls)).nodes());
            assertEquals(SearchOption.DEFAULT_SIMULATIONS, a.decide(new Board()).nodes(), "untimed: the spec's default");
            assertEquals(300, capped.decide(new Board(), anHour, stopAfter(polls)).nodes(), "an explicit sims= caps");
        }
    }

    /** A factory bound to one model (the exported engine's, the arena's): its own default count does not cap a timed search either. */
    @Test
    void aBoundFactorysDefaultDoesNotCapATimedSearch() {
        EvaluatorSource uniform = (model, rules) -> new UniformEvaluator(rules.houses());
        try (AgentFactory f = PuctAgent.factory("net", uniform, 200);
                Agent a = f.create(AgentSpec.parse("net:batch=1,threads=1"), RuleSet.DEFAULT, 1)) {
            assertEquals(1000, a.decide(new Board(), SearchLimit.movetime(3_600_000), stopAfter(1000)).nodes());
            assertEquals(200, a.decide(new Board()).nodes());
        }
    }

    private static SearchMonitor stopAfter(int polls) {
        AtomicInteger n = new AtomicInteger();
        return new SearchMonitor() {
            @Override
            public boolean stopRequested() {
                return n.incrementAndGet() >= polls;
            }
        };
    }

    @Test
    void badSpecsAreExplained() {
        AgentSpecException unknown = assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create("puct:simz=5", RuleSet.DEFAULT, 1));
        assertTrue(unknown.getMessage().contains("sims"), unknown.getMessage());
        AgentSpecException gumbel = assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create("puct:gumbel=true,noise=0.25", RuleSet.DEFAULT, 1));
        assertTrue(gumbel.getMessage().contains("gumbel"), gumbel.getMessage());
        AgentSpecException model = assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create("puct:model=nowhere.params", RuleSet.DEFAULT, 1));
        assertTrue(model.getMessage().contains("nowhere.params") && model.getMessage().contains("loads no networks"),
                model.getMessage());
        assertThrows(AgentSpecException.class, () -> BuiltInAgents.registry().create("puct:sims=0", RuleSet.DEFAULT, 1));
        AgentSpecException batch = assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create("puct:batch=0", RuleSet.DEFAULT, 1));
        assertTrue(batch.getMessage().contains("batch"), batch.getMessage());
        assertThrows(AgentSpecException.class, () -> BuiltInAgents.registry().create("puct:movetime=0", RuleSet.DEFAULT, 1));
        AgentSpecException margin = assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create("puct:margin=0.6", RuleSet.DEFAULT, 1));
        assertTrue(margin.getMessage().contains("margin"), margin.getMessage());
    }

    /** A spec's movetime times a search whose caller sets no limit; a caller's limit still wins. */
    @Test
    void aSpecMovetimeTimesTheSearchWhenTheCallerSetsNoLimit() {
        try (Agent a = BuiltInAgents.registry().create("puct:movetime=3600000,batch=1,threads=1", RuleSet.DEFAULT, 1)) {
            assertEquals(1000, a.decide(new Board(), SearchLimit.NONE, stopAfter(1000)).nodes(), "the clock governs");
            assertEquals(50, a.decide(new Board(), SearchLimit.simulations(50), stopAfter(1000)).nodes());
        }
    }

    /**
     * batch=auto: a clocked search collects up to AUTO_BATCH leaves per evaluator call (one poll
     * of the monitor per call, on one thread), a fixed count one leaf per call.
     */
    @Test
    void autoBatchBatchesClockedSearchesOnly() {
        try (Agent a = BuiltInAgents.registry().create("puct:threads=1", RuleSet.DEFAULT, 1);
                Agent b = BuiltInAgents.registry().create("puct:batch=auto", RuleSet.DEFAULT, 1)) {
            long clocked = a.decide(new Board(), SearchLimit.movetime(3_600_000), stopAfter(20)).nodes();
            assertTrue(clocked > 20 * PuctAgent.AUTO_BATCH / 2 && clocked <= 20 * PuctAgent.AUTO_BATCH,
                    "20 calls of up to " + PuctAgent.AUTO_BATCH + " leaves ran " + clocked + " simulations");
            assertEquals(300, b.decide(new Board(), SearchLimit.simulations(300), stopAfter(1000)).nodes());
            assertEquals(300, ((PuctAgent) b).evaluatorCalls(), "a fixed count: one leaf per call");
        }
    }

    /** An evaluator failure in the middle of a batched search leaves the agent usable: the next search starts afresh. */
    @Test
    void aSearchAfterAnEvaluatorFailureStartsANewTree() {
        int[] calls = {0};
        EvaluatorSource flaky = (model, rules) -> new org.owarelab.agents.inference.Evaluator() {
            final org.owarelab.agents.inference.SyntheticEvaluator inner = new org.owarelab.agents.inference.SyntheticEvaluator(6, 1);

            @Override
            public int actions() {
                return 6;
            }

            @Override
            public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
                if (++calls[0] == 5) {
                    throw new IllegalStateException("evaluation failed: the network is gone");
                }
                inner.evaluate(boards, count, priors, values);
            }
        };
        try (AgentFactory f = PuctAgent.factory("net", flaky, 200);
                Agent a = f.create(AgentSpec.parse("net:batch=8"), RuleSet.DEFAULT, 1)) {
            Board b = new Board();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> a.decide(b));
            assertTrue(e.getMessage().contains("network is gone"), e.getMessage());
            assertEquals(200, a.decide(b).nodes());
            TreeChecks.check(((PuctAgent) a).tree());
        }
    }
}
