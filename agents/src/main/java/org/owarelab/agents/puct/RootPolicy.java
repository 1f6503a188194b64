package org.owarelab.agents.puct;

import java.util.Arrays;

/**
 * What a finished search yields at the root: the policy target, the move to play and the
 * principal variation. Policies are over the mover's {@code actions} relative moves, zero on
 * illegal moves, summing to 1.
 */
final class RootPolicy {
    private RootPolicy() {
    }

    /**
     * The training target: Gumbel's improved policy {@code softmax(log P + sigma(completed Q))};
     * otherwise the visit distribution, pruned of forced playouts after an exploring search with
     * them; the priors when no child has been visited.
     */
    static void target(Tree tr, float[] out) {
        final Nodes t = tr.t;
        final int a = tr.a;
        final int mask = t.legal[0] & 0xFF;
        if (t.state[0] != Nodes.EXPANDED) {
            throw new IllegalStateException("no search has evaluated the root yet");
        }
        if (tr.cfg.gumbel().enabled()) {
            double[] sigma = tr.scratch;
            Gumbel.transformedQ(t, 0, t.prior, 0, tr.cfg.gumbel().cVisit(), tr.cfg.gumbel().cScale(), sigma);
            Gumbel.improvedPolicy(mask, t.prior, 0, sigma, a, sigma);
            for (int m = 0; m < a; m++) {
                out[m] = (float) sigma[m];
            }
            settle(tr, out);
            return;
        }
        double[] n = tr.scratch;
        for (int m = 0; m < a; m++) {
            n[m] = t.childVisits(0, m);
        }
        if (tr.explore && tr.cfg.forcedPlayouts() > 0) {
            prune(tr, n);
        }
        normalise(n, mask, t.prior, a, out);
        settle(tr, out);
    }

    /** The plain visit distribution (the priors when no child has been visited). */
    static void visits(Tree tr, float[] out) {
        final Nodes t = tr.t;
        double[] n = tr.scratch;
        for (int m = 0; m < tr.a; m++) {
            n[m] = t.state[0] == Nodes.EXPANDED ? t.childVisits(0, m) : 0;
        }
        normalise(n, t.legal[0] & 0xFF, t.prior, tr.a, out);
    }

    private static void normalise(double[] n, int mask, float[] fallback, int a, float[] out) {
        double sum = 0;
        for (int m = 0; m < a; m++) {
            sum += (mask >>> m & 1) != 0 ? n[m] : 0;
        }
        for (int m = 0; m < a; m++) {
            out[m] = (mask >>> m & 1) == 0 ? 0f : sum > 0 ? (float) (n[m] / sum) : fallback[m];
        }
    }

    /**
     * KataGo's policy-target pruning: each child but the most visited loses up to its forced
     * visits {@code sqrt(k P N)} as long as its PUCT score stays at most the best child's;
     * children left with one visit or fewer are dropped.
     */
    private static void prune(Tree tr, double[] n) {
        final Nodes t = tr.t;
        final int a = tr.a;
        int best = greedy(tr);
        double total = 0;
        for (int m = 0; m < a; m++) {
            total += n[m];
        }
        double cs = Selection.cpuct(tr.cfg, total) * Math.sqrt(Math.max(1.0, total));
        double bestScore = t.childQ(0, best) + cs * tr.rootState.prior[best] / (1 + n[best]);
        for (int m = 0; m < a; m++) {
            if (m == best || n[m] == 0) {
                continue;
            }
            double p = tr.rootState.prior[m];
            double q = t.childQ(0, m);
            double keep = q < bestScore ? Math.ceil(cs * p / (bestScore - q) - 1) : n[m];
            double reduced = Math.max(n[m] - Math.floor(RootSelection.forcedVisits(tr.cfg.forcedPlayouts(), p, total)), keep);
            reduced = Math.min(n[m], Math.max(0, reduced));
            n[m] = reduced <= 1 ? 0 : reduced;
        }
    }

    /** The most visited legal move; ties go to the higher value, then the lower move. */
    static int greedy(Tree tr) {
        final Nodes t = tr.t;
        final int mask = solverMask(tr);
        int best = -1;
        int bestN = -1;
        double bestQ = Double.NEGATIVE_INFINITY;
        double bestP = -1;
        for (int m = 0; m < tr.a; m++) {
            if ((mask >>> m & 1) == 0) {
                continue;
            }
            int n = t.childVisits(0, m);
            double q = n == 0 ? Double.NEGATIVE_INFINITY : t.childQ(0, m);
            double p = t.prior[m];
            if (n > bestN || n == bestN && (q > bestQ || q == bestQ && p > bestP)) {
                best = m;
                bestN = n;
                bestQ = q;
                bestP = p;
            }
        }
        return best;
    }

    /**
     * The root moves the choice may take: with the solver, the proven-won moves if any, else the
     * legal moves less the proven-lost ones (all of them when every move is lost).
     */
    static int solverMask(Tree tr) {
        final int mask = tr.t.legal[0] & 0xFF;
        if (!tr.solver) {
            return mask;
        }
        int won = 0;
        int open = 0;
        for (int m = 0; m < tr.a; m++) {
            if ((mask >>> m & 1) != 0) {
                won |= tr.wonMove(m) ? 1 << m : 0;
                open |= tr.lostMove(m) ? 0 : 1 << m;
            }
        }
        return won != 0 ? won : open;
    }

    /** With the solver: the target restricted to {@link #solverMask} (unchanged when that keeps every move). */
    private static void settle(Tree tr, float[] out) {
        int keep = solverMask(tr);
        int mask = tr.t.legal[0] & 0xFF;
        if (keep == mask) {
            return;
        }
        double sum = 0;
        for (int m = 0; m < tr.a; m++) {
            sum += (keep >>> m & 1) != 0 ? out[m] : 0;
        }
        int count = Integer.bitCount(keep);
        for (int m = 0; m < tr.a; m++) {
            out[m] = (keep >>> m & 1) == 0 ? 0f : sum > 0 ? (float) (out[m] / sum) : 1f / count;
        }
    }

    /**
     * The move to play. Gumbel: the winner of sequential halving (among the most visited in
     * this search, the highest {@code g + log P + sigma(q)}); the temperature is not used.
     * PUCT: the most visited at temperature 0, else a draw proportional to {@code N^(1/t)}
     * (the priors when no child has been visited).
     */
    static int choose(Tree tr, double temperature) {
        final Nodes t = tr.t;
        final int a = tr.a;
        final int mask = t.legal[0] & 0xFF;
        if (t.state[0] != Nodes.EXPANDED) {
            throw new IllegalStateException("no search has evaluated the root yet");
        }
        if (tr.solver && solverMask(tr) != mask) {
            // The solver settled some moves: a proven win is played, proven losses are not.
            return greedy(tr);
        }
        if (tr.cfg.gumbel().enabled()) {
            return gumbelChoice(tr);
        }
        if (temperature <= 0) {
            return greedy(tr);
        }
        double[] w = tr.scratch;
        double max = 0;
        boolean visited = false;
        for (int m = 0; m < a; m++) {
            visited |= (mask >>> m & 1) != 0 && t.childVisits(0, m) > 0;
        }
        for (int m = 0; m < a; m++) {
            w[m] = (mask >>> m & 1) == 0 ? 0 : visited ? t.childVisits(0, m) : t.prior[m];
            max = Math.max(max, w[m]);
        }
        double sum = 0;
        for (int m = 0; m < a; m++) {
            w[m] = w[m] > 0 ? Math.pow(w[m] / max, 1.0 / temperature) : 0;
            sum += w[m];
        }
        if (!(sum > 0)) {
            return greedy(tr);
        }
        double x = tr.rng.nextDouble() * sum;
        int last = -1;
        for (int m = 0; m < a; m++) {
            if (w[m] > 0) {
                last = m;
                x -= w[m];
                if (x < 0) {
                    return m;
                }
            }
        }
        return last;
    }

    private static int gumbelChoice(Tree tr) {
        final Nodes t = tr.t;
        final int a = tr.a;
        final int mask = t.legal[0] & 0xFF;
        tr.rootState.prepareGumbel(tr);
        int top = 0;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) != 0) {
                top = Math.max(top, RootSelection.searchVisits(tr, m));
            }
        }
        double[] sigma = tr.scratch;
        Gumbel.transformedQ(t, 0, t.prior, 0, tr.cfg.gumbel().cVisit(), tr.cfg.gumbel().cScale(), sigma);
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) == 0 || RootSelection.searchVisits(tr, m) != top) {
                continue;
            }
            double score = tr.rootState.gumbelNoise[m] + Math.log(Math.max(Gumbel.MIN_PRIOR, t.prior[m])) + sigma[m];
            if (score > bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    /** The most visited line from the root, at most {@code max} moves (empty before any child visit). */
    static int[] principalVariation(Tree tr, int max) {
        final Nodes t = tr.t;
        int[] pv = new int[max];
        int len = 0;
        int node = 0;
        while (len < max && t.state[node] == Nodes.EXPANDED) {
            int mask = t.legal[node] & 0xFF;
            int best = -1;
            int bestN = 0;
            for (int m = 0; m < tr.a; m++) {
                int n = (mask >>> m & 1) != 0 ? t.childVisits(node, m) : 0;
                if (n > bestN) {
                    bestN = n;
                    best = m;
                }
            }
            if (best < 0) {
                break;
            }
            pv[len++] = best;
            node = t.child[node * tr.a + best];
        }
        return Arrays.copyOf(pv, len);
    }
}
