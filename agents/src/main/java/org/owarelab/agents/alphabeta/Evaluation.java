package org.owarelab.agents.alphabeta;

import org.owarelab.rules.Board;
import org.owarelab.rules.GrandSlam;

/**
 * The heuristic evaluation of a position that is not over, in centi-seeds ({@link Score#SEED}
 * per seed) from the view of the side to move ("me", the other side "them"):
 *
 * <pre>
 *   100 * (store[me] - store[them])                    material: the seeds already captured
 * + mobility * (houses[me] - houses[them])             non-empty houses: moves, and room to feed
 * + threat   * (threat[me] - threat[them])             seeds each side could capture with one move now
 * + small    * (small[me] - small[them])               houses holding 1 or 2 seeds
 * + kroo     * (kroo[me] - kroo[them])                 houses holding at least 2n-1 seeds (a full lap)
 * + side     * (seeds[me] - seeds[them])               seeds on the side: taken at a repetition or no-move end
 * </pre>
 *
 * <p>Vulnerability of 1-2 seed houses: a house with 1 or 2 seeds becomes capturable when a
 * sowing ends on it. The {@code threat} term prices exactly the houses the other side can capture
 * with one move now ({@link Threats}, grand-slam variant applied): each such seed costs its owner
 * {@code threat}. The {@code small} term counts all 1-2 seed houses, reachable or not; besides
 * being targets they are small moves that do not feed the opponent (a reserve of tempo moves),
 * and short depth-6 and depth-8 matches found that side to dominate once the reachable ones are
 * priced by {@code threat}, so its weight rewards them. Every term is the difference of one
 * function of each side, so the evaluation is antisymmetric: a position and its mirror (rows and
 * stores swapped, the other side to move) evaluate the same from the mover's view, and a
 * symmetric position evaluates to 0. {@link Weights#MATERIAL} (store difference only) is the
 * ablation baseline. Finished games are scored exactly by the search, not here.
 *
 * <p>Tuning, first by hand in a few rounds of paired games (200-600 games from 6-ply random
 * openings, both colours, equal depths, mostly depth 6): the starting weights (20, 40, -15, 50, 10)
 * scored 0.745 against material only at depth 4; the hand-tuned {@link Weights#HAND} (70, 20, 30,
 * 50, 5) scored 0.88 (depth 4) and 0.84 (depth 8) against the starting weights, and 0.97 (depth 4)
 * and 0.95 (depth 8) against material only. Then fitted to game results ({@code oware tune-eval},
 * a logistic fit on the 28,672 self-play games of a {@code configs/default-512.yaml} run, the
 * default recipe until 2026-11-27): {@link Weights#DEFAULT} (159, 51, -12, 134, -1) lowered the held-out log-loss from 0.510 to 0.501 and
 * beat the hand weights by an SPRT at 50 ms a move (+74 Elo, see docs/search-sprt.md). Small houses and seeds
 * on one's side came out near zero once mobility and big houses weigh more. Cost: O(n^2) reads of the board per call, no allocation. Stateless, thread-safe.
 */
final class Evaluation {
    /** Weights in centi-seeds per unit of each term; material is fixed at {@link Score#SEED}. */
    record Weights(int mobility, int threat, int small, int kroo, int side) {
        /** Fitted to 3.07M positions of the default-512.yaml run's self-play ({@code oware tune-eval}); see the class doc. */
        static final Weights DEFAULT = new Weights(159, 51, -12, 134, -1);
        /** The hand-tuned weights used before the fit, for reproducing earlier figures. */
        static final Weights HAND = new Weights(70, 20, 30, 50, 5);
        static final Weights MATERIAL = new Weights(0, 0, 0, 0, 0);
        /** The most a weight may be in a spec, centi-seeds. */
        static final int MAX = 10_000;

        /** The weights in {@link #FEATURES} order after material. */
        int[] array() {
            return new int[] {mobility, threat, small, kroo, side};
        }

        /** The spec form {@code mobility/threat/small/kroo/side}, e.g. {@code 70/20/30/50/5}. */
        String spec() {
            return mobility + "/" + threat + "/" + small + "/" + kroo + "/" + side;
        }

        /**
         * Reads the spec form ({@link #spec()}).
         *
         * @throws IllegalArgumentException naming what was expected
         */
        static Weights parse(String text) {
            String[] p = text.split("/", -1);
            if (p.length != 5) {
                throw new IllegalArgumentException("expected five whole numbers mobility/threat/small/kroo/side, "
                        + "e.g. " + DEFAULT.spec());
            }
            int[] w = new int[5];
            for (int i = 0; i < 5; i++) {
                try {
                    w[i] = Integer.parseInt(p[i].trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("'" + p[i] + "' is not a whole number; expected "
                            + "mobility/threat/small/kroo/side, e.g. " + DEFAULT.spec());
                }
                if (Math.abs(w[i]) > MAX) {
                    throw new IllegalArgumentException("weights are centi-seeds within -" + MAX + ".." + MAX + ": " + w[i]);
                }
            }
            return new Weights(w[0], w[1], w[2], w[3], w[4]);
        }
    }

    /**
     * The terms of the evaluation, each as a difference me - them: material (store), houses,
     * threat, small, kroo, side. {@code evaluate(b) == SEED * f[0] + } the weights ({@link
     * Weights#array()}) dotted with {@code f[1..5]}, which is what a linear fit of the weights reads.
     */
    static final String[] FEATURES = {"material", "mobility", "threat", "small", "kroo", "side"};

    private final Weights w;
    private final GrandSlam grandSlam;
    private final boolean materialOnly;

    Evaluation(Weights weights, GrandSlam grandSlam) {
        this.w = weights;
        this.grandSlam = grandSlam;
        this.materialOnly = weights.equals(Weights.MATERIAL);
    }

    Weights weights() {
        return w;
    }

    /** The score of {@code b} (not over) from the side to move's view. */
    int evaluate(Board b) {
        return evaluate(b, materialOnly ? 0 : Threats.best(b, b.toMove(), grandSlam));
    }

    /**
     * {@link #evaluate(Board)} given the side to move's best capture {@code moverThreat} (=
     * {@link Threats#best}), which the quiescence search has already computed for its moves.
     */
    int evaluate(Board b, int moverThreat) {
        final int me = b.toMove();
        final int them = 1 - me;
        int score = Score.SEED * (b.store(me) - b.store(them));
        if (materialOnly) {
            return score;
        }
        return score + side(b, me) - side(b, them) + w.threat() * (moverThreat - Threats.best(b, them, grandSlam));
    }

    /** Writes the {@link #FEATURES} of {@code b} (not over) from the side to move's view into {@code out}. */
    void features(Board b, int[] out) {
        final int me = b.toMove();
        final int them = 1 - me;
        out[0] = b.store(me) - b.store(them);
        out[2] = Threats.best(b, me, grandSlam) - Threats.best(b, them, grandSlam);
        final int n = b.housesPerSide();
        final int lap = 2 * n - 1;
        out[1] = 0;
        out[3] = 0;
        out[4] = 0;
        out[5] = 0;
        for (int s = 0; s < 2; s++) {
            int sign = s == me ? 1 : -1;
            for (int i = s * n, e = i + n; i < e; i++) {
                int c = b.count(i);
                out[5] += sign * c;
                if (c > 0) {
                    out[1] += sign;
                    if (c <= 2) {
                        out[3] += sign;
                    } else if (c >= lap) {
                        out[4] += sign;
                    }
                }
            }
        }
    }

    /** The one-side terms of {@code s} except material and threat. */
    private int side(Board b, int s) {
        final int n = b.housesPerSide();
        final int lap = 2 * n - 1;
        int houses = 0;
        int small = 0;
        int kroo = 0;
        int seeds = 0;
        for (int i = s * n, e = i + n; i < e; i++) {
            int c = b.count(i);
            seeds += c;
            if (c > 0) {
                houses++;
                if (c <= 2) {
                    small++;
                } else if (c >= lap) {
                    kroo++;
                }
            }
        }
        return w.mobility() * houses + w.small() * small + w.kroo() * kroo + w.side() * seeds;
    }
}
