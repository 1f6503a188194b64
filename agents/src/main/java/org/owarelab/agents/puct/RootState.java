package org.owarelab.agents.puct;

/**
 * The root's set-up for one search of a {@link Tree}: the priors that selection uses at the root
 * (the evaluator's, mixed with Dirichlet noise when the search explores) and, for Gumbel root
 * selection, the Gumbel noise, the root child visits the search began with and the
 * sequential-halving schedule. {@link #prepare} makes the priors once the root is expanded,
 * {@link #prepareGumbel} the rest at the search's first Gumbel root selection; {@link RootSelection}
 * and {@link RootPolicy} read them. The noise is drawn from the tree's generator, so a seeded
 * search draws the same noise.
 *
 * <p>Allocation-free after construction (but for Gumbel's schedule, once per search). Guarded as
 * its tree is: one thread, or the lock of the tree's {@link ThreadedSearch}.
 */
final class RootState {
    /** Priors used at the root in this search: the evaluator's, with Dirichlet noise when exploring. */
    final float[] prior;
    /** Gumbel noise per root move (0 when not exploring or illegal). */
    final double[] gumbelNoise;
    /** Root child visits when the search began (Gumbel's schedule counts this search's visits). */
    final int[] baseVisits;
    private final double[] noise;
    private int[] schedule;
    private boolean gumbelReady;

    /** @param actions the moves of the rules (houses per side) */
    RootState(int actions) {
        this.prior = new float[actions];
        this.gumbelNoise = new double[actions];
        this.baseVisits = new int[actions];
        this.noise = new double[actions];
    }

    /** A search begins: Gumbel's set-up is made again at its first root selection. */
    void begin() {
        gumbelReady = false;
    }

    /** Root set-up once {@code tr}'s root is expanded: the priors it uses (with noise when exploring). */
    void prepare(Tree tr) {
        final Nodes t = tr.t;
        final int a = tr.a;
        System.arraycopy(t.prior, 0, prior, 0, a);
        int mask = t.legal[0] & 0xFF;
        PuctConfig.RootNoise n = tr.cfg.noise();
        if (tr.explore && n.fraction() > 0 && !tr.cfg.gumbel().enabled()) {
            Dirichlet.sample(tr.rng, n.alpha(), mask, a, noise);
            for (int m = 0; m < a; m++) {
                if ((mask >>> m & 1) != 0) {
                    prior[m] = (float) ((1 - n.fraction()) * prior[m] + n.fraction() * noise[m]);
                }
            }
        }
    }

    /** Gumbel set-up at the first root selection of a search: noise, base visits, schedule. */
    void prepareGumbel(Tree tr) {
        if (gumbelReady) {
            return;
        }
        final Nodes t = tr.t;
        PuctConfig.GumbelConfig g = tr.cfg.gumbel();
        int mask = t.legal[0] & 0xFF;
        double scale = tr.explore ? g.scale() : 0.0;
        for (int m = 0; m < tr.a; m++) {
            gumbelNoise[m] = (mask >>> m & 1) != 0 && scale > 0 ? scale * Gumbel.sample(tr.rng) : 0.0;
            baseVisits[m] = t.childVisits(0, m);
        }
        int considered = Math.min(g.maxActions(), Integer.bitCount(mask));
        schedule = Gumbel.schedule(considered, Math.max(1, tr.budget.simsLeft));
        gumbelReady = true;
    }

    /** Sequential halving's schedule of this search (after {@link #prepareGumbel}). */
    int[] schedule() {
        return schedule;
    }
}
