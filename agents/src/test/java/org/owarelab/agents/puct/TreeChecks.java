package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.owarelab.rules.Board;

/** Structural invariants of an idle tree, checked from scratch (test helper). */
final class TreeChecks {
    private TreeChecks() {
    }

    /**
     * Visits and value sums add up (visits = 1 + children's, value sum = own value minus the
     * children's sums), no virtual loss is left, and every node's state matches a replay of its
     * path on a copy of the root board (terminal exactly where the game is over, with its result).
     * Returns the number of terminal nodes whose game ended by repetition.
     */
    static int check(Tree tr) {
        Nodes t = tr.t;
        int a = t.actions;
        int repetitions = 0;
        Board replay = tr.board().copy();
        for (int i = 0; i < t.size; i++) {
            assertEquals(0, t.virtual[i], "virtual loss left at node " + i);
            assertNotEquals(Nodes.PENDING, t.state[i], "pending node " + i + " in an idle tree");
            int depth = 0;
            int[] path = new int[512];
            for (int x = i; t.parent[x] != Nodes.NONE; x = t.parent[x]) {
                assertTrue(t.parent[x] < x, "parent after child at node " + x);
                path[depth++] = t.move[x];
            }
            for (int k = depth - 1; k >= 0; k--) {
                replay.play(path[k]);
            }
            if (t.state[i] == Nodes.TERMINAL) {
                assertTrue(replay.isOver(), "terminal node " + i + " but the game goes on at " + replay);
                assertEquals(replay.result(replay.toMove()), t.raw[i], 0.0, "terminal value of node " + i);
                assertEquals(t.visits(i) * (double) t.raw[i], t.valueSum(i), 1e-9, "terminal value sum, node " + i);
                if (replay.endReason() == org.owarelab.rules.EndReason.REPETITION) {
                    repetitions++;
                }
            } else {
                assertTrue(!replay.isOver(), "expanded node " + i + " but the game is over at " + replay);
                assertEquals(replay.legalMask(), t.legal[i] & 0xFF, "legal mask of node " + i);
                int childVisits = 0;
                double sum = t.raw[i];
                for (int m = 0; m < a; m++) {
                    int c = t.child[i * a + m];
                    if (c == Nodes.NONE) {
                        continue;
                    }
                    assertTrue((t.legal[i] >>> m & 1) != 0, "child by an illegal move at node " + i);
                    assertEquals(i, t.parent[c]);
                    assertEquals(m, t.move[c]);
                    childVisits += t.visits(c);
                    sum -= t.valueSum(c);
                }
                assertEquals(t.visits(i), 1 + childVisits, "visits of node " + i);
                assertEquals(sum, t.valueSum(i), 1e-6 * (1 + t.visits(i)), "value sum of node " + i);
            }
            for (int k = 0; k < depth; k++) {
                replay.undo();
            }
        }
        return repetitions;
    }
}
