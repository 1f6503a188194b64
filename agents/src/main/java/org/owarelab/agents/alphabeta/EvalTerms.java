package org.owarelab.agents.alphabeta;

import java.util.List;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The alpha-beta evaluation's terms as numbers, for fitting its weights to game results
 * ({@code oware tune-eval}): the evaluation is material ({@value Score#SEED} centi-seeds a seed)
 * plus a weighted sum of the other terms, so {@code evaluate = 100 * t[0] + w . t[1..]}. Not
 * thread-safe (one per thread).
 */
public final class EvalTerms {
    /** The terms' names, material first, in the order {@link #of} writes them. */
    public static final List<String> NAMES = List.of(Evaluation.FEATURES);

    private final Evaluation eval;

    public EvalTerms(RuleSet rules) {
        this.eval = new Evaluation(Evaluation.Weights.DEFAULT, rules.grandSlam());
    }

    /** Writes the terms of {@code b} (not over) from the side to move's view, {@link #NAMES}' order. */
    public void of(Board b, int[] out) {
        eval.features(b, out);
    }

    /** The default weights of the terms after material, centi-seeds. */
    public static int[] defaultWeights() {
        return Evaluation.Weights.DEFAULT.array();
    }

    /** The most a weight may be, centi-seeds. */
    public static int maxWeight() {
        return Evaluation.Weights.MAX;
    }

    /** The spec value ({@code alphabeta:weights=...}) of the weights after material. */
    public static String spec(int[] w) {
        return Evaluation.Weights.parse(w[0] + "/" + w[1] + "/" + w[2] + "/" + w[3] + "/" + w[4]).spec();
    }
}
