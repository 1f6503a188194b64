package org.owarelab.evaluation.stats;

import java.util.ArrayList;
import java.util.List;

/**
 * Checks that a crosstable determines finite Bradley-Terry ratings. Two conditions (Zermelo,
 * Ford): the graph of "played each other" is connected, and, when no virtual draws are added,
 * the directed graph of "i scored against j" is strongly connected. O(k * pairs); k is small.
 */
final class ComparisonGraph {
    private ComparisonGraph() {
    }

    /** Throws unless every player is linked to every other by a chain of games. */
    static void requireConnected(Crosstable t) {
        int k = t.size();
        if (k < 2) {
            return;
        }
        boolean[] seen = reach(t, 0, (i, j) -> t.wdl(i, j).games() > 0);
        if (count(seen) == k) {
            return;
        }
        List<List<String>> groups = new ArrayList<>();
        boolean[] done = new boolean[k];
        for (int i = 0; i < k; i++) {
            if (!done[i]) {
                boolean[] g = reach(t, i, (x, y) -> t.wdl(x, y).games() > 0);
                groups.add(names(t, g));
                for (int j = 0; j < k; j++) {
                    done[j] |= g[j];
                }
            }
        }
        throw new ComparisonGraphException("cannot rate players that are not linked by games: "
                + groups.size() + " groups never met each other " + groups
                + " (add games between the groups, or rate each group on its own)");
    }

    /** Throws unless the plain maximum-likelihood estimate is finite (used without virtual draws). */
    static void requireFiniteMle(Crosstable t) {
        int k = t.size();
        if (k < 2) {
            return;
        }
        // i -> j when i scored against j. Those who reach player 0 form a group nobody outside
        // ever scored against; those player 0 reaches, a group that never scored against outsiders.
        boolean[] up = reach(t, 0, (i, j) -> scored(t, j, i));
        if (count(up) < k) {
            throw new ComparisonGraphException("no finite maximum-likelihood Elo: " + names(t, up)
                    + " won every game against " + names(t, not(up)) + " (use virtual draws > 0)");
        }
        boolean[] down = reach(t, 0, (i, j) -> scored(t, i, j));
        if (count(down) < k) {
            throw new ComparisonGraphException("no finite maximum-likelihood Elo: " + names(t, down)
                    + " lost every game against " + names(t, not(down)) + " (use virtual draws > 0)");
        }
    }

    private static boolean scored(Crosstable t, int i, int j) {
        WinDrawLoss w = t.wdl(i, j);
        return w.wins() + w.draws() > 0;
    }

    private interface Edge {
        boolean test(int from, int to);
    }

    private static boolean[] reach(Crosstable t, int start, Edge edge) {
        int k = t.size();
        boolean[] seen = new boolean[k];
        int[] stack = new int[k];
        int top = 0;
        seen[start] = true;
        stack[top++] = start;
        while (top > 0) {
            int i = stack[--top];
            for (int j = 0; j < k; j++) {
                if (!seen[j] && j != i && edge.test(i, j)) {
                    seen[j] = true;
                    stack[top++] = j;
                }
            }
        }
        return seen;
    }

    private static boolean[] not(boolean[] b) {
        boolean[] n = new boolean[b.length];
        for (int i = 0; i < b.length; i++) {
            n[i] = !b[i];
        }
        return n;
    }

    private static int count(boolean[] b) {
        int c = 0;
        for (boolean x : b) {
            c += x ? 1 : 0;
        }
        return c;
    }

    private static List<String> names(Crosstable t, boolean[] in) {
        List<String> n = new ArrayList<>();
        for (int i = 0; i < in.length; i++) {
            if (in[i]) {
                n.add(t.players().get(i));
            }
        }
        return n;
    }
}
