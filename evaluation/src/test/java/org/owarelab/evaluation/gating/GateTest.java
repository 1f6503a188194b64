package org.owarelab.evaluation.gating;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.TestAgents;
import org.owarelab.evaluation.stats.Pentanomial;
import org.owarelab.evaluation.stats.Sprt;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

class GateTest {
    private static final Sprt SPRT = new Sprt(0, 20, 0.05, 0.05);

    @Test
    void aClearlyBetterCandidateIsAcceptedAndTheGateThenStaysDecided() {
        Gate gate = new Gate(SPRT, 1000);
        Pentanomial counted = Pentanomial.NONE;
        int pairs = 0;
        while (!gate.outcome().decided()) {
            // Wins every pair 1.5 : 0.5 (win and draw).
            Gate.Outcome o = gate.addPair(1, 0.5);
            counted = counted.plus(1, 0.5);
            pairs++;
            assertEquals(SPRT.test(counted).llr(), o.test().llr(), 1e-12);
        }
        assertEquals(Sprt.Decision.ACCEPT, gate.outcome().decision());
        assertFalse(gate.outcome().truncated());
        assertEquals(pairs, gate.outcome().pairs().pairs());
        // The decision at the first pair where the LLR crossed the upper bound, not before.
        Pentanomial before = Pentanomial.NONE;
        for (int i = 0; i < pairs - 1; i++) {
            before = before.plus(1, 0.5);
        }
        assertEquals(Sprt.Decision.CONTINUE, SPRT.test(before).decision());
        assertEquals(gate.outcome(), gate.addPair(0, 0), "decided: later pairs are ignored");
    }

    @Test
    void aWorseCandidateIsRejected() {
        Gate gate = new Gate(SPRT, 1000);
        while (!gate.outcome().decided()) {
            gate.addPair(0, 0.5);
        }
        assertEquals(Sprt.Decision.REJECT, gate.outcome().decision());
        assertFalse(gate.outcome().truncated());
    }

    @Test
    void withoutADecisionAtTheCapTheGateRejects() {
        Gate gate = new Gate(SPRT, 6);
        for (int i = 0; i < 5; i++) {
            assertFalse(gate.addPair(1, 0).decided());
        }
        Gate.Outcome o = gate.addPair(1, 0);
        assertEquals(Sprt.Decision.REJECT, o.decision());
        assertTrue(o.truncated());
        assertEquals(Sprt.Decision.CONTINUE, o.test().decision());
    }

    private static MatchRecord game(int n, double scoreOfA, boolean error) {
        int sideOfA = n % 2 == 0 ? Side.SOUTH : Side.NORTH;
        int winner = scoreOfA == 0.5 ? -1 : scoreOfA == 1 ? sideOfA : 1 - sideOfA;
        return new MatchRecord(n, n / 2, 0, "", Position.start(RuleSet.DEFAULT).text(), "", 0, "cand", "best", sideOfA, n,
                winner, error ? MatchRecord.ERROR : "threshold", 0, 0, error ? "boom" : null, error ? 1 - winner : -1,
                new long[0]);
    }

    @Test
    void gamesInAnyOrderGiveTheDecisionOfTheirPairsInOrder() {
        SplittableRandom rng = new SplittableRandom(4);
        List<MatchRecord> games = new ArrayList<>();
        for (int n = 0; n < 400; n++) {
            double u = rng.nextDouble();
            games.add(game(n, u < 0.5 ? 1 : u < 0.8 ? 0.5 : 0, n == 3));
        }
        Gate inOrder = new Gate(SPRT, 200);
        for (MatchRecord g : games) {
            inOrder.add(g);
        }
        assertTrue(inOrder.outcome().decided());
        List<MatchRecord> shuffled = new ArrayList<>(games);
        java.util.Collections.shuffle(shuffled, new java.util.Random(1));
        Gate anyOrder = new Gate(SPRT, 200);
        for (MatchRecord g : shuffled) {
            anyOrder.add(g);
        }
        assertEquals(inOrder.outcome(), anyOrder.outcome());
        assertEquals(1, inOrder.outcome().errors());
        Gate gate = new Gate(SPRT, 200);
        gate.add(games.get(0));
        gate.add(games.get(1));
        assertThrows(IllegalArgumentException.class, () -> gate.add(games.get(1)));
    }

    @Test
    void aGatingMatchStopsWhenDecided() throws Exception {
        ArenaSettings s = ArenaSettings.of(RuleSet.DEFAULT, 2);
        Sprt sprt = new Sprt(0, 100, 0.05, 0.05);
        // The sink is told of each game under the arena's lock just before the match's gate is, so a
        // mirror gate fed from it decides at the same game. Once it has, no new game starts: only the
        // games already in flight on the other threads may still end, at most one per other thread.
        // (How many games end before the decision depends on the threads' timing -- a stalled game
        // holds back the count of every later pair while the other threads play on, up to all 200 --
        // so that number is not asserted.)
        int threads = 2;
        Gate mirror = new Gate(sprt, 100);
        List<MatchRecord> afterDecision = new ArrayList<>();
        Gating.Result better = Gating.run(TestAgents.AGENTS, new Gating.Config("greedy", "random", s, sprt, 100,
                threads), g -> {
                    if (mirror.outcome().decided()) {
                        afterDecision.add(g);
                    }
                    mirror.add(g);
                });
        assertEquals(Sprt.Decision.ACCEPT, better.outcome().decision());
        assertEquals(better.outcome(), mirror.outcome());
        long pairs = better.outcome().pairs().pairs();
        assertTrue(pairs < 100, "decided before the cap: " + pairs + " pairs");
        assertTrue(afterDecision.size() <= threads - 1, "games ended after the decision: " + afterDecision.size());
        // Every counted game was played; games finished ahead of an unfinished earlier pair did not count.
        assertTrue(better.games().size() >= 2 * pairs, better.games().size() + " games, " + pairs + " pairs");
        for (int n = 0; n < 2 * pairs; n++) {
            assertEquals(n, better.games().get(n).game());
        }
        List<MatchRecord> seen = new ArrayList<>();
        Gating.Result worse = Gating.run(TestAgents.AGENTS, new Gating.Config("random", "greedy", s, sprt, 100, 1), seen::add);
        assertEquals(Sprt.Decision.REJECT, worse.outcome().decision());
        assertEquals(2 * worse.outcome().pairs().pairs(), seen.size(), "one thread: no game beyond the decision");
        Gating.Result again = Gating.run(TestAgents.AGENTS, new Gating.Config("greedy", "random", s, sprt, 100, 1), g -> {
        });
        assertEquals(better.outcome(), again.outcome(), "the decision does not depend on the threads");
        assertEquals(2 * pairs, again.games().size(), "one thread: no game beyond the decision");
    }
}
