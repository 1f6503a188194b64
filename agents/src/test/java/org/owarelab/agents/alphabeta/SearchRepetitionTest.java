package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.GrandSlam;
import org.owarelab.rules.RuleSet;

/**
 * Repetition and the table: a score that depends on the game before the node is not stored,
 * and a warm table from another history does not hide a repetition one ply away.
 */
class SearchRepetitionTest {

    /** A game position (with its history) where some legal move ends the game by repetition. */
    private static Board positionWithRepeatingMove(RuleSet rules) {
        SplittableRandom random = new SplittableRandom(99);
        for (int game = 0; game < 500; game++) {
            Board b = new Board(rules);
            while (!b.isOver()) {
                for (int m = 0; m < b.housesPerSide(); m++) {
                    if (b.isLegal(m)) {
                        b.play(m);
                        boolean repeats = b.endReason() == EndReason.REPETITION;
                        b.undo();
                        if (repeats) {
                            return b;
                        }
                    }
                }
                int mask = b.legalMask();
                int k = random.nextInt(Integer.bitCount(mask));
                while (k-- > 0) {
                    mask &= mask - 1;
                }
                b.play(Integer.numberOfTrailingZeros(mask));
            }
        }
        return null;
    }

    private static int search(Search s, int depth) {
        s.limits(Long.MAX_VALUE, Long.MAX_VALUE, SearchMonitor.NONE);
        int score = 0;
        for (int d = 1; d <= depth; d++) {
            s.newIteration();
            score = s.search(d, -Score.INFINITE, Score.INFINITE, 0);
        }
        return score;
    }

    @Test
    void scoresThatDependOnTheGameBeforeAreNotStored() {
        for (String r : new String[] {"", "houses=4,seeds=2"}) {
            RuleSet rules = RuleSet.parse(r);
            Board withHistory = positionWithRepeatingMove(rules);
            assertNotNull(withHistory, "a repeating move in random games of " + rules);
            Evaluation eval = new Evaluation(Evaluation.Weights.DEFAULT, GrandSlam.NO_CAPTURE);

            TranspositionTable tt = new TranspositionTable(1);
            search(new Search(withHistory.copy(), tt, eval, true), 4);
            assertEquals(TranspositionTable.NONE, TranspositionTable.boundOf(tt.probe(withHistory.hash())),
                    rules + " " + withHistory.text() + ": the root's score depends on the game before it");

            Board fresh = new Board(withHistory.position());
            TranspositionTable tt2 = new TranspositionTable(1);
            search(new Search(fresh, tt2, eval, true), 4);
            assertEquals(TranspositionTable.EXACT, TranspositionTable.boundOf(tt2.probe(fresh.hash())),
                    rules + " " + fresh.text() + ": without that history the score is stored");
        }
    }

    @Test
    void aWarmTableFromAnotherHistoryKeepsTheRepetitionInSight() {
        Board withHistory = positionWithRepeatingMove(RuleSet.DEFAULT);
        Evaluation eval = new Evaluation(Evaluation.Weights.DEFAULT, GrandSlam.NO_CAPTURE);
        Board fresh = new Board(withHistory.position());
        TranspositionTable tt = new TranspositionTable(1);
        search(new Search(fresh, tt, eval, true), 6); // warms the table without the history
        int warm = search(new Search(withHistory.copy(), tt, eval, true), 1);
        int cold = search(new Search(withHistory.copy(), new TranspositionTable(1), eval, true), 1);
        NaiveNegamax naive = new NaiveNegamax(eval, true);
        assertEquals(naive.score(withHistory.copy(), 1, 0), cold);
        assertEquals(cold, warm, withHistory.text() + ": depth 1 sees the repetition whatever the table holds");
    }
}
