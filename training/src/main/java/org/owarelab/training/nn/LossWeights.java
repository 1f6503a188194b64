package org.owarelab.training.nn;

/**
 * Weights of the loss terms: policy cross-entropy against the visit distribution, value error
 * (squared error of the tanh head, or cross-entropy of the WDL head) and the squared error of the
 * auxiliary margin head (used only when the network has one).
 */
public record LossWeights(double policy, double value, double aux) {
    public static final LossWeights DEFAULT = new LossWeights(1.0, 1.0, 0.25);

    public LossWeights {
        check("policy", policy);
        check("value", value);
        check("aux", aux);
    }

    private static void check(String name, double w) {
        if (!(w >= 0) || Double.isInfinite(w)) {
            throw new IllegalArgumentException("loss weight " + name + "=" + w + ": expected a finite number >= 0");
        }
    }
}
