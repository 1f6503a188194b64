package org.owarelab.agents.puct;

/**
 * Settings of the PUCT search, shared by the {@code puct} agent and self-play. Immutable;
 * validated on construction (an {@link IllegalArgumentException} names the bad field).
 *
 * <p>Selection at a node with {@code N} child visits picks the legal move maximising
 * {@code Q(a) + c * P(a) * sqrt(max(N, 1)) / (1 + N(a))} with
 * {@code c = cPuct + log((N + cBase + 1) / cBase)} ({@code c = cPuct} when {@code cBase = 0}).
 * {@code Q} is from the chooser's view; an unvisited child gets the first-play urgency
 * {@code Q(node) - reduction * sqrt(sum of the priors of the visited children)}.
 *
 * @param cPuct exploration constant (AlphaZero's c_init 1.25)
 * @param cBase growth base of the exploration constant (AlphaZero 19652); 0 keeps it constant
 * @param fpuReduction first-play-urgency reduction below the root
 * @param fpuRootReduction first-play-urgency reduction at the root
 * @param noise Dirichlet noise mixed into the root priors of exploring searches (self-play)
 * @param gumbel Gumbel root selection with sequential halving; when enabled it replaces PUCT
 *     at the root and inside the tree (mctx's Gumbel MuZero), and Dirichlet noise and forced
 *     playouts must be off
 * @param forcedPlayouts KataGo's {@code k} (2 in KataGo): in exploring searches a root child
 *     with fewer than {@code sqrt(k * P * N)} visits is forced, and the policy target is pruned
 *     of those visits; 0 = off
 * @param reuseTree keep the subtree under the played move for the next search
 */
public record PuctConfig(double cPuct, double cBase, double fpuReduction, double fpuRootReduction,
        RootNoise noise, GumbelConfig gumbel, double forcedPlayouts, boolean reuseTree) {

    /**
     * AlphaZero-like defaults, each {@link SearchOption}'s: c 1.25 (base 19652), FPU reduction 0.25
     * (0 at the root), no noise, no forced playouts, Gumbel off, reuse on.
     */
    public static final PuctConfig DEFAULT = new PuctConfig(SearchOption.C_PUCT.realDefault(),
            SearchOption.C_BASE.realDefault(), SearchOption.FPU.realDefault(), SearchOption.FPU_ROOT.realDefault(),
            RootNoise.OFF, GumbelConfig.OFF, SearchOption.FORCED.realDefault(), SearchOption.REUSE.boolDefault());

    public PuctConfig {
        SearchOption.C_PUCT.check("cPuct", cPuct);
        if (!(cBase == 0 || cBase >= 1 && cBase < SearchOption.C_BASE.max())) {
            throw new IllegalArgumentException("cBase=" + cBase + ": expected 0 (constant c) or >= 1");
        }
        SearchOption.FPU.check("fpuReduction", fpuReduction);
        SearchOption.FPU_ROOT.check("fpuRootReduction", fpuRootReduction);
        SearchOption.FORCED.check("forcedPlayouts", forcedPlayouts);
        if (noise == null || gumbel == null) {
            throw new IllegalArgumentException("noise and gumbel must be given (use RootNoise.OFF, GumbelConfig.OFF)");
        }
        if (gumbel.enabled() && (noise.fraction() > 0 || forcedPlayouts > 0)) {
            throw new IllegalArgumentException("Gumbel root selection explores by itself: set the Dirichlet noise "
                    + "fraction and forcedPlayouts to 0 when gumbel is enabled");
        }
    }

    static void check(String name, double v, double min, double max) {
        if (!(v >= min && v <= max)) {
            throw new IllegalArgumentException(name + "=" + v + ": expected " + min + ".." + max);
        }
    }

    public PuctConfig withNoise(RootNoise n) {
        return new PuctConfig(cPuct, cBase, fpuReduction, fpuRootReduction, n, gumbel, forcedPlayouts, reuseTree);
    }

    public PuctConfig withGumbel(GumbelConfig g) {
        return new PuctConfig(cPuct, cBase, fpuReduction, fpuRootReduction, noise, g, forcedPlayouts, reuseTree);
    }

    public PuctConfig withForcedPlayouts(double k) {
        return new PuctConfig(cPuct, cBase, fpuReduction, fpuRootReduction, noise, gumbel, k, reuseTree);
    }

    public PuctConfig withReuseTree(boolean reuse) {
        return new PuctConfig(cPuct, cBase, fpuReduction, fpuRootReduction, noise, gumbel, forcedPlayouts, reuse);
    }

    public PuctConfig withExploration(double c, double base) {
        return new PuctConfig(c, base, fpuReduction, fpuRootReduction, noise, gumbel, forcedPlayouts, reuseTree);
    }

    public PuctConfig withFpu(double reduction, double rootReduction) {
        return new PuctConfig(cPuct, cBase, reduction, rootReduction, noise, gumbel, forcedPlayouts, reuseTree);
    }

    /**
     * Dirichlet noise at the root: priors become {@code (1 - fraction) * P + fraction * Dir(alpha)}
     * over the legal moves, in exploring searches only.
     *
     * @param alpha concentration (about 10 / typical number of legal moves; 1.0 suits 6 houses)
     * @param fraction share of noise, 0 = off
     */
    public record RootNoise(double alpha, double fraction) {
        /** No noise: {@link SearchOption#ALPHA}'s and {@link SearchOption#NOISE}'s defaults. */
        public static final RootNoise OFF = new RootNoise(SearchOption.ALPHA.realDefault(), SearchOption.NOISE.realDefault());

        public RootNoise {
            SearchOption.ALPHA.check("noise alpha", alpha);
            SearchOption.NOISE.check("noise fraction", fraction);
        }
    }

    /**
     * Gumbel root selection with sequential halving (Danihelka et al., 2022, as in mctx).
     *
     * @param enabled replace PUCT by Gumbel MuZero's selection
     * @param maxActions actions sampled without replacement at the root (m); halved each phase
     * @param scale scale of the Gumbel noise in exploring searches (1 in self-play); non-exploring
     *     searches use 0 (the deterministic top-m by prior)
     * @param cVisit {@code c_visit} of the monotone transform {@code (cVisit + max N) * cScale * q}
     * @param cScale {@code c_scale} of that transform
     */
    public record GumbelConfig(boolean enabled, int maxActions, double scale, double cVisit, double cScale) {
        /**
         * The Gumbel scale of self-play's recipe (exploring); the {@code puct} agent's own default
         * is {@link SearchOption#GUMBEL_SCALE}'s 0, the deterministic top-m.
         */
        public static final double SELF_PLAY_SCALE = 1.0;
        /** Off, with mctx's settings for when a config turns it on (scale {@link #SELF_PLAY_SCALE}). */
        public static final GumbelConfig OFF = new GumbelConfig(SearchOption.GUMBEL.boolDefault(),
                SearchOption.GUMBEL_M.intDefault(), SELF_PLAY_SCALE, SearchOption.GUMBEL_C_VISIT.realDefault(),
                SearchOption.GUMBEL_C_SCALE.realDefault());
        /** mctx's defaults: m = 16, c_visit = 50, c_scale = 0.1. */
        public static final GumbelConfig ON = new GumbelConfig(true, OFF.maxActions, OFF.scale, OFF.cVisit, OFF.cScale);

        public GumbelConfig {
            if (maxActions < SearchOption.GUMBEL_M.min() || maxActions > SearchOption.GUMBEL_M.max()) {
                throw new IllegalArgumentException("gumbel maxActions=" + maxActions + ": expected "
                        + (int) SearchOption.GUMBEL_M.min() + ".." + (int) SearchOption.GUMBEL_M.max());
            }
            SearchOption.GUMBEL_SCALE.check("gumbel scale", scale);
            SearchOption.GUMBEL_C_VISIT.check("gumbel cVisit", cVisit);
            SearchOption.GUMBEL_C_SCALE.check("gumbel cScale", cScale);
        }
    }
}
