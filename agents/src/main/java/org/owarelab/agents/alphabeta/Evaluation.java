package org.owarelab.agents.alphabeta;

import org.owarelab.rules.Board;
import org.owarelab.rules.GrandSlam;

/**
 * The heuristic evaluation of a position that is not over, in centi-seeds ({@link Score#SEED}
 * per seed) from the view of the side to move ("me", the other side "them"):
 *
 * <pre>
 *   100 * (store[me] - store[them])                    material: the seeds already captured
 * + mobility   * (houses[me] - houses[them])           non-empty houses: moves, and room to feed
 * + threat     * (threat[me] - threat[them])           seeds each side could capture with one move now
 * + weak       * (weak[them] - weak[me])               houses holding 1 or 2 seeds: targets
 * + kroo       * (kroo[me] - kroo[them])               houses holding at least 2n-1 seeds (a full lap)
 * + side       * (seeds[me] - seeds[them])             seeds on the side: taken at a repetition or no-move end
 * </pre>
 *
 * <p>{@code threat} is exact for the counts on the board ({@link Threats}, grand-slam variant
 * applied), so the vulnerability of a side's 1-2 seed houses enters twice: as {@code weak}, any
 * house that one more seed makes capturable, and as {@code threat}, the houses the opponent can
 * actually reach now. Every term is the difference of one function of each side, so the
 * evaluation is antisymmetric: a position and its mirror (rows and stores swapped, the other side
 * to move) evaluate the same from the mover's view, and a symmetric position evaluates to 0.
 * The weights ({@link Weights#DEFAULT}) were chosen by short depth-limited matches, see the
 * package's README section; {@link Weights#MATERIAL} (store difference only) is the ablation
 * baseline. Exact end-of-game scores are not computed here but by the search.
 *
 * <p>Cost: O(n^2) reads of the board per call, no allocation. Stateless, thread-safe.
 */
final class Evaluation {
    /** Weights in centi-seeds per unit of each term; material is fixed at {@link Score#SEED}. */
    record Weights(int mobility, int threat, int weak, int kroo, int side) {
        static final Weights DEFAULT = new Weights(20, 40, 15, 50, 10);
        static final Weights MATERIAL = new Weights(0, 0, 0, 0, 0);
    }

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
        final int me = b.toMove();
        final int them = 1 - me;
        int score = Score.SEED * (b.store(me) - b.store(them));
        if (materialOnly) {
            return score;
        }
        return score + side(b, me) - side(b, them)
                + w.threat() * (Threats.best(b, me, grandSlam) - Threats.best(b, them, grandSlam));
    }

    /** The one-side terms of {@code s} except material and threat. */
    private int side(Board b, int s) {
        final int n = b.housesPerSide();
        final int lap = 2 * n - 1;
        int houses = 0;
        int weak = 0;
        int kroo = 0;
        int seeds = 0;
        for (int i = s * n, e = i + n; i < e; i++) {
            int c = b.count(i);
            seeds += c;
            if (c > 0) {
                houses++;
                if (c <= 2) {
                    weak++;
                } else if (c >= lap) {
                    kroo++;
                }
            }
        }
        return w.mobility() * houses - w.weak() * weak + w.kroo() * kroo + w.side() * seeds;
    }
}
