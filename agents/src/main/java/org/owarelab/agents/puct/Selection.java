package org.owarelab.agents.puct;

/**
 * Child selection below the root: PUCT with first-play urgency, or Gumbel MuZero's
 * deterministic interior rule. Values are read from the chooser's view (a child's value
 * negated) and virtual visits count as losses. Ties go to the lowest move. Allocation-free.
 */
final class Selection {
    private Selection() {
    }

    /** The move to follow from expanded, non-terminal {@code node} (not the root). */
    static int select(Tree tr, int node) {
        return select(tr, node, false);
    }

    /**
     * The move to follow from expanded, non-terminal {@code node} (not the root); {@code plain}
     * when no node of the tree carries a virtual visit and no node is proven (no leaf in flight,
     * solver off), which lets PUCT skip those loads and choose the same move.
     */
    static int select(Tree tr, int node, boolean plain) {
        if (tr.cfg.gumbel().enabled()) {
            return gumbelInterior(tr, node);
        }
        if (plain) {
            return puctPlain(tr, node, tr.t.prior, node * tr.a, tr.cfg.fpuReduction());
        }
        return puct(tr, node, tr.t.prior, node * tr.a, tr.cfg.fpuReduction());
    }

    /**
     * {@link #puct} for a tree without virtual visits or proofs: the same scores from two loads
     * per child (one cache line) instead of four. Lock-step self-play with one leaf per game searches this way;
     * with 128 trees per worker every child's statistics are a cache miss, so the loads it skips
     * are most of the selection's cost.
     */
    static int puctPlain(Tree tr, int node, float[] priors, int off, double fpuReduction) {
        final Nodes t = tr.t;
        final double[] st = t.stat;
        final int[] child = t.child;
        final int a = tr.a;
        final int base = node * a;
        final int mask = t.legal[node] & 0xFF;
        final double cs = tr.exploration.scale(t.visits(node) - 1);
        // One pass over the children: the visited ones are scored at once (their scores do not
        // depend on the first-play urgency), the unvisited ones are only noted; then the
        // unvisited ones are scored from their priors alone. Each score is the same expression
        // as in puct(), and ties still go to the lowest move, so the choice is the same.
        double visitedMass = 0;
        int unvisited = 0;
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) == 0) {
                continue;
            }
            int ch = child[base + m];
            double n = ch == Nodes.NONE ? 0 : st[2 * ch];
            if (n == 0) {
                unvisited |= 1 << m;
                continue;
            }
            double p = priors[off + m];
            visitedMass += p;
            double score = -st[2 * ch + 1] / n + cs * p / (1 + n);
            if (score > bestScore) {
                bestScore = score;
                best = m;
            }
        }
        if (unvisited == 0) {
            return best;
        }
        double fpu = st[2 * node + 1] / st[2 * node] - fpuReduction * Math.sqrt(visitedMass);
        for (int u = unvisited; u != 0; u &= u - 1) {
            int m = Integer.numberOfTrailingZeros(u);
            double score = fpu + cs * priors[off + m]; // n = 0: the division by 1 + n is exact
            if (score > bestScore || score == bestScore && m < best) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    /**
     * PUCT over the legal children of {@code node} with the priors at {@code priors[off ..]}.
     * Returns the move with the highest {@code Q + c P sqrt(N) / (1 + N(a))}.
     */
    static int puct(Tree tr, int node, float[] priors, int off, double fpuReduction) {
        final Nodes t = tr.t;
        final int a = tr.a;
        final int base = node * a;
        final int mask = t.legal[node] & 0xFF;
        double cs = tr.exploration.scale(t.visits(node) + t.virtual[node] - 1);
        double visitedMass = 0;
        for (int m = 0; m < a; m++) {
            int ch = t.child[base + m];
            if (ch != Nodes.NONE && t.visits(ch) + t.virtual[ch] > 0) {
                visitedMass += priors[off + m];
            }
        }
        double fpu = t.valueSum(node) / t.visits(node) - fpuReduction * Math.sqrt(visitedMass);
        // Without the solver no node is ever proven: the proofs' loads (a cache line a child) are skipped.
        final boolean solver = tr.solver;
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) == 0) {
                continue;
            }
            int ch = t.child[base + m];
            if (solver && ch != Nodes.NONE && t.proof[ch] == Nodes.WON) {
                continue; // proven lost for the chooser (only with the solver on)
            }
            int n = ch == Nodes.NONE ? 0 : t.visits(ch) + t.virtual[ch];
            double q = n == 0 ? fpu : (-t.valueSum(ch) - t.virtual[ch]) / n;
            double score = q + cs * priors[off + m] / (1 + n);
            if (score > bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }

    /** The exploration constant at a node whose children have {@code childN} visits. */
    static double cpuct(PuctConfig cfg, double childN) {
        return cfg.cBase() > 0 ? cfg.cPuct() + Math.log((childN + cfg.cBase() + 1) / cfg.cBase()) : cfg.cPuct();
    }

    /**
     * Gumbel MuZero inside the tree: the move maximising
     * {@code pi'(a) - N(a) / (1 + sum N)}, with {@code pi' = softmax(log P + sigma(completed Q))}.
     */
    static int gumbelInterior(Tree tr, int node) {
        final Nodes t = tr.t;
        final int a = tr.a;
        final int mask = t.legal[node] & 0xFF;
        PuctConfig.GumbelConfig g = tr.cfg.gumbel();
        double[] pi = tr.scratch;
        Gumbel.transformedQ(t, node, t.prior, node * a, g.cVisit(), g.cScale(), pi);
        Gumbel.improvedPolicy(mask, t.prior, node * a, pi, a, pi);
        double total = t.visits(node) + t.virtual[node] - 1;
        int best = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) == 0) {
                continue;
            }
            int ch = t.child[node * a + m];
            if (ch != Nodes.NONE && t.proof[ch] == Nodes.WON) {
                continue;
            }
            int n = ch == Nodes.NONE ? 0 : t.visits(ch) + t.virtual[ch];
            double score = pi[m] - n / (1.0 + total);
            if (score > bestScore) {
                bestScore = score;
                best = m;
            }
        }
        return best;
    }
}
