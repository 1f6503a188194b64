package org.owarelab.agents.puct;

/**
 * Child selection at the root: PUCT over the (possibly noised) root priors with the root's
 * first-play urgency and optional forced playouts, or Gumbel MuZero's sequential halving.
 * Allocation-free.
 */
final class RootSelection {
    private RootSelection() {
    }

    static int select(Tree tr) {
        return select(tr, false);
    }

    /** {@code plain}: as {@link Selection#select(Tree, int, boolean)}. */
    static int select(Tree tr, boolean plain) {
        if (tr.cfg.gumbel().enabled()) {
            return gumbel(tr);
        }
        if (tr.explore && tr.cfg.forcedPlayouts() > 0) {
            int forced = forced(tr);
            if (forced >= 0) {
                return forced;
            }
        }
        return plain ? Selection.puctPlain(tr, 0, tr.rootState.prior, 0, tr.cfg.fpuRootReduction())
                : Selection.puct(tr, 0, tr.rootState.prior, 0, tr.cfg.fpuRootReduction());
    }

    /**
     * KataGo's forced playouts: the legal child furthest below {@code sqrt(k * P * N)} visits
     * (N = the root's child visits), or -1 when none is below.
     */
    private static int forced(Tree tr) {
        final Nodes t = tr.t;
        final int mask = t.legal[0] & 0xFF;
        double childN = t.visits(0) + t.virtual[0] - 1;
        int best = -1;
        double bestGap = 0;
        for (int m = 0; m < tr.a; m++) {
            if ((mask >>> m & 1) == 0 || tr.lostMove(m)) {
                continue;
            }
            int ch = t.child[m];
            int n = ch == Nodes.NONE ? 0 : t.visits(ch) + t.virtual[ch];
            double gap = Math.sqrt(tr.cfg.forcedPlayouts() * tr.rootState.prior[m] * childN) - n;
            if (n > 0 && gap > bestGap) {
                // Only visited children are forced: the first visit comes from PUCT itself.
                bestGap = gap;
                best = m;
            }
        }
        return best;
    }

    /** Forced visits of the root child with prior {@code p} after {@code childN} root child visits. */
    static double forcedVisits(double k, double p, double childN) {
        return Math.sqrt(k * p * childN);
    }

    /**
     * Sequential halving: among the actions whose visits in this search equal the schedule's
     * count for this simulation, the one with the highest {@code g + log P + sigma(q)}.
     */
    private static int gumbel(Tree tr) {
        tr.rootState.prepareGumbel(tr);
        final Nodes t = tr.t;
        final int a = tr.a;
        final int mask = t.legal[0] & 0xFF;
        PuctConfig.GumbelConfig g = tr.cfg.gumbel();
        double[] sigma = tr.scratch;
        Gumbel.transformedQ(t, 0, t.prior, 0, g.cVisit(), g.cScale(), sigma);
        int index = 0;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) != 0) {
                index += searchVisits(tr, m) + virtualVisits(tr, m);
            }
        }
        int[] schedule = tr.rootState.schedule();
        int wanted = schedule[Math.min(index, schedule.length - 1)];
        int best = -1;
        int fallback = -1;
        double bestScore = Double.NEGATIVE_INFINITY;
        double fallbackScore = Double.NEGATIVE_INFINITY;
        for (int m = 0; m < a; m++) {
            if ((mask >>> m & 1) == 0) {
                continue;
            }
            if (tr.lostMove(m)) {
                continue;
            }
            double score = tr.rootState.gumbelNoise[m] + Math.log(Math.max(Gumbel.MIN_PRIOR, t.prior[m])) + sigma[m];
            if (searchVisits(tr, m) + virtualVisits(tr, m) == wanted && score > bestScore) {
                bestScore = score;
                best = m;
            }
            if (score > fallbackScore) {
                fallbackScore = score;
                fallback = m;
            }
        }
        // No action at the scheduled count: only with leaves in flight or past the schedule's end.
        return best >= 0 ? best : fallback;
    }

    /** Visits the root child by {@code m} received in this search. */
    static int searchVisits(Tree tr, int m) {
        return tr.t.childVisits(0, m) - tr.rootState.baseVisits[m];
    }

    private static int virtualVisits(Tree tr, int m) {
        int ch = tr.t.child[m];
        return ch == Nodes.NONE ? 0 : tr.t.virtual[ch];
    }
}
