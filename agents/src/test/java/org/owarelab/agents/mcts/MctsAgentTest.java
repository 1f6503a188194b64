package org.owarelab.agents.mcts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class MctsAgentTest {
    private static final RuleSet RULES = RuleSet.DEFAULT;

    /**
     * South to move, stores 21:21: F (2 seeds) makes a and b 2 each and captures 4, reaching 25
     * (not a grand slam: f keeps a seed). A captures nothing and leaves the game open.
     */
    static final String SOUTH_WINS_WITH_F = "1-0-0-0-0-2-1-1-0-0-0-1-21-21-S";

    /**
     * South to move, North's store 23 and North's only seeds on f (1 seed, sowing into A). With A = 1
     * North captures 2 from A and wins; only South's A empties it. C and F lose at once.
     */
    static final String SOUTH_MUST_PLAY_A = "1-0-2-0-0-1-0-0-0-0-0-1-20-23-S";

    private static MctsAgent mcts(String options, long seed) {
        return (MctsAgent) BuiltInAgents.registry().create("mcts" + (options.isEmpty() ? "" : ":" + options), RULES, seed);
    }

    private static Board board(String position) {
        return new Board(Position.parse(position, RULES));
    }

    @Test
    void registeredUnderItsSpecWithOptions() {
        MctsAgent a = mcts("sims=50,c=0.7,tree=5000,reuse=false,rollout=200", 1);
        assertEquals(new MctsConfig(50, 0.7, 0, 5000, false, 200), a.config());
        assertEquals(0.7, a.config().exploration());
        assertEquals("mcts:sims=50,c=0.7,tree=5000,reuse=false,rollout=200", a.spec());
        assertEquals("mcts:sims=2000,c=1.4", mcts("", 1).spec());
        AgentSpecException unknown = assertThrows(AgentSpecException.class, () -> mcts("depth=3", 1));
        assertTrue(unknown.getMessage().contains("expected one of c, movetime, reuse, rollout, sims, tree"), unknown.getMessage());
        assertThrows(AgentSpecException.class, () -> mcts("sims=0", 1));
        assertThrows(AgentSpecException.class, () -> mcts("c=-1", 1));
        assertThrows(AgentSpecException.class, () -> mcts("tree=10", 1));
    }

    @Test
    void playsLegalMovesAndLeavesTheBoardUnchanged() {
        SplittableRandom r = new SplittableRandom(3);
        try (Agent a = mcts("sims=60", 11)) {
            for (int game = 0; game < 4; game++) {
                Board b = new Board(RULES);
                while (!b.isOver() && b.ply() < 120) {
                    String text = b.text();
                    long hash = b.hash();
                    int ply = b.ply();
                    Decision d = a.decide(b);
                    assertTrue(b.isLegal(d.move()), "illegal move " + d.move() + " at " + text);
                    assertEquals(text, b.text());
                    assertEquals(hash, b.hash());
                    assertEquals(ply, b.ply());
                    assertEquals(60, d.nodes());
                    assertEquals(d.move(), d.pv()[0]);
                    float sum = 0;
                    for (int m = 0; m < d.policy().length; m++) {
                        assertTrue(d.policy()[m] >= 0);
                        assertTrue(d.policy()[m] == 0 || b.isLegal(m), "policy on an illegal move");
                        sum += d.policy()[m];
                    }
                    assertEquals(1f, sum, 1e-5f);
                    assertTrue(d.value() >= -1 && d.value() <= 1);
                    // Alternate MCTS and random moves, telling the agent each move.
                    int move = r.nextInt(2) == 0 ? d.move() : Integer.numberOfTrailingZeros(b.legalMask());
                    b.play(move);
                    a.played(b.copy(), move);
                }
            }
        }
    }

    @Test
    void sameSeedSameDecisions() {
        Board b = new Board(RULES);
        Moves.playAll(b, "FfBe");
        Decision d1 = mcts("sims=300", 42).decide(b);
        Decision d2 = mcts("sims=300", 42).decide(b);
        assertEquals(d1.move(), d2.move());
        assertArrayEquals(d1.policy(), d2.policy());
        assertEquals(d1.value(), d2.value());
        assertArrayEquals(d1.pv(), d2.pv());
        // reset(seed) forgets the tree and replays the same search.
        MctsAgent a = mcts("sims=300", 5);
        a.decide(b);
        a.reset(42);
        Decision d3 = a.decide(b);
        assertArrayEquals(d1.policy(), d3.policy());
        assertEquals(d1.value(), d3.value());
    }

    @Test
    void findsAnImmediateWinningCapture() {
        Board b = board(SOUTH_WINS_WITH_F);
        Decision d = mcts("sims=200", 1).decide(b);
        assertEquals(5, d.move(), "F wins at once");
        assertTrue(d.value() > 0.5, "value from the mover's view: " + d.value());
        // The same from North's side: the mirrored position.
        Board n = board("1-1-0-0-0-1-1-0-0-0-0-2-21-21-N");
        Decision dn = mcts("sims=200", 1).decide(n);
        assertEquals(5, dn.move(), "f wins at once");
        assertTrue(dn.value() > 0.5);
    }

    @Test
    void avoidsAnImmediateLoss() {
        Board b = board(SOUTH_MUST_PLAY_A);
        assertEquals("ACF", b.legalLetters());
        for (long seed = 1; seed <= 5; seed++) {
            assertEquals(0, mcts("sims=300", seed).decide(b).move(), "seed " + seed);
        }
    }

    @Test
    void terminalPositionsGiveExactValues() {
        // South's only move F feeds North's empty row and empties South's; North cannot feed back, so
        // the game ends at once and North takes the last seed: 23:25.
        Board b = board("0-0-0-0-0-1-0-0-0-0-0-0-23-24-S");
        Decision d = mcts("sims=100", 1).decide(b);
        assertEquals(-1f, d.value(), 1e-6f);
        assertThrows(IllegalArgumentException.class, () -> mcts("sims=10", 1).decide(board("0-0-0-0-0-0-0-0-0-0-0-0-25-23-S")));
    }

    @Test
    void limitsBoundTheSimulations() {
        Board b = new Board(RULES);
        MctsAgent a = mcts("sims=500,reuse=false", 1);
        assertEquals(500, a.decide(b).nodes());
        assertEquals(77, a.decide(b, SearchLimit.simulations(77), SearchMonitor.NONE).nodes());
        assertEquals(33, a.decide(b, SearchLimit.nodes(33), SearchMonitor.NONE).nodes());
        assertEquals(500, a.decide(b, SearchLimit.depth(3), SearchMonitor.NONE).nodes(), "depth alone: the spec's sims");
        // An infinite search ends when the monitor asks; the monitor is polled once per simulation.
        SearchMonitor stopAfter = new SearchMonitor() {
            int polls;

            @Override
            public boolean stopRequested() {
                return ++polls >= 250;
            }
        };
        assertEquals(250, a.decide(b, new SearchLimit(0, 0, 0, 0, true), stopAfter).nodes());
        SearchMonitor stopNow = new SearchMonitor() {
            @Override
            public boolean stopRequested() {
                return true;
            }
        };
        Decision d = a.decide(b, SearchLimit.NONE, stopNow);
        assertEquals(1, d.nodes(), "at least one simulation");
        assertTrue(b.isLegal(d.move()));
    }

    @Test
    void aFullTreeStopsGrowingAndTheSearchGoesOn() {
        MctsAgent a = mcts("sims=2000,tree=64", 1);
        Board b = new Board(RULES);
        Decision d = a.decide(b);
        assertEquals(2000, d.nodes());
        assertTrue(b.isLegal(d.move()));
        assertTrue(a.treeSize() <= 64, "tree size " + a.treeSize());
        assertEquals(2000, a.rootVisits());
    }

    @Test
    void aMovetimeAloneEndsTheSearch() {
        // No timing assertion: only that a time-limited search with no simulation cap returns.
        Decision d = mcts("sims=1000000000,movetime=20", 1).decide(new Board(RULES));
        assertTrue(d.nodes() >= 1 && d.nodes() < 1_000_000_000L);
    }

    @Test
    void treeReuseKeepsTheSubtreeOfThePlayedMoves() {
        Board b = new Board(RULES);
        MctsAgent a = mcts("sims=3000", 9);
        Decision d = a.decide(b);
        MctsTree t = a.tree();
        int child = t.child(MctsTree.ROOT, d.move());
        int reply = d.pv().length > 1 ? d.pv()[1] : 0;
        int grandChild = t.child(child, reply);
        assertTrue(grandChild > 0, "the pv's reply is in the tree");
        int kept = t.visits(grandChild);
        assertTrue(kept > 10);

        b.play(d.move());
        a.played(b.copy(), d.move());
        assertEquals(t.visits(MctsTree.ROOT), a.rootVisits());
        b.play(reply);
        a.played(b.copy(), reply);
        assertEquals(kept, a.rootVisits(), "the subtree's visits are kept");
        Decision next = a.decide(b, SearchLimit.simulations(500), SearchMonitor.NONE);
        assertEquals(500, next.nodes());
        assertEquals(kept + 500, a.rootVisits(), "the new simulations add to the kept ones");

        // A move the tree did not follow (a different position) drops the tree.
        Board other = new Board(RULES);
        other.play(0);
        a.played(other, 0);
        assertEquals(0, a.rootVisits());
    }

    @Test
    void reusedTreeDecidesLikeAFreshSearchWhereTheDecisionIsClear() {
        // North to move; after North's e (one seed to f) South wins at once with F.
        Board b = board("1-0-0-0-0-2-1-1-0-0-1-0-21-21-N");
        MctsAgent a = mcts("sims=3000", 3);
        a.decide(b);
        int e = 4;
        int visitsOfE = a.tree().visits(a.tree().child(MctsTree.ROOT, e));
        assertTrue(visitsOfE > 5, "North's losing e was explored: " + visitsOfE);
        b.play(e);
        a.played(b.copy(), e);
        assertEquals(SOUTH_WINS_WITH_F, b.text());
        assertEquals(visitsOfE, a.rootVisits(), "the tree was kept");
        Decision reused = a.decide(b, SearchLimit.simulations(200), SearchMonitor.NONE);
        Decision fresh = mcts("sims=200", 3).decide(b);
        assertEquals(5, fresh.move());
        assertEquals(fresh.move(), reused.move());
        assertEquals(200, reused.nodes());
    }
}
