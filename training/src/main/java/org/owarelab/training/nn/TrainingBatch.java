package org.owarelab.training.nn;

import org.owarelab.model.PolicyValueNet;
/**
 * A reusable batch of training samples for the {@link Learner}, in plain arrays. Sample {@code i}:
 * the observation (the network's encoder, canonical from the mover), the legal-move mask of the
 * mover (bit {@code m} for relative move {@code m}), the target policy (visit distribution over
 * the moves, zero on illegal ones, summing to 1), the game's result from the mover's view in
 * [-1, 1] (1 win, 0 draw, -1 loss) and the final seed margin from the mover's view, normalised to
 * [-1, 1] (e.g. (own final store - opponent's) / total seeds).
 *
 * <p>{@link #add} checks each sample and says which one is wrong. Not thread-safe.
 */
public final class TrainingBatch {
    private static final float SUM_TOLERANCE = 1e-3f;

    private final int capacity;
    private final int observationSize;
    private final int actions;
    private final float[] observations;
    private final int[] masks;
    private final float[] policies;
    private final float[] results;
    private final float[] margins;
    private int size;

    public TrainingBatch(int capacity, int observationSize, int actions) {
        if (capacity < 1 || observationSize < 1 || actions < 1 || actions > 31) {
            throw new IllegalArgumentException("training batch: capacity " + capacity + ", observation size "
                    + observationSize + ", actions " + actions + " (expected capacity and size >= 1, actions 1..31)");
        }
        this.capacity = capacity;
        this.observationSize = observationSize;
        this.actions = actions;
        this.observations = new float[capacity * observationSize];
        this.masks = new int[capacity];
        this.policies = new float[capacity * actions];
        this.results = new float[capacity];
        this.margins = new float[capacity];
    }

    /** A batch shaped for {@code net}'s observations and moves. */
    public static TrainingBatch forNetwork(PolicyValueNet net, int capacity) {
        return new TrainingBatch(capacity, net.inputSize(), net.actions());
    }

    /** Empties the batch (keeps the arrays). */
    public void clear() {
        size = 0;
    }

    /**
     * Appends one sample, copying {@code observation[obsOffset .. + observationSize())} and
     * {@code policy[policyOffset .. + actions())}.
     *
     * @throws IllegalArgumentException when the batch is full or the sample is malformed
     */
    public void add(float[] observation, int obsOffset, int legalMask, float[] policy, int policyOffset,
                    float result, float margin) {
        if (size == capacity) {
            throw new IllegalArgumentException("training batch is full (" + capacity + " samples)");
        }
        if (legalMask == 0 || legalMask >>> actions != 0) {
            throw new IllegalArgumentException("sample " + size + ": legal mask " + Integer.toBinaryString(legalMask)
                    + " is not a non-empty subset of " + actions + " moves");
        }
        float sum = 0;
        for (int m = 0; m < actions; m++) {
            float p = policy[policyOffset + m];
            if (!(p >= 0) || ((legalMask >>> m & 1) == 0 && p != 0)) {
                throw new IllegalArgumentException("sample " + size + ": target policy " + p + " for move " + m
                        + (p >= 0 ? " which is illegal" : " (expected >= 0)"));
            }
            sum += p;
        }
        if (Math.abs(sum - 1) > SUM_TOLERANCE) {
            throw new IllegalArgumentException("sample " + size + ": target policy sums to " + sum + ", expected 1");
        }
        if (!(result >= -1 && result <= 1) || !(margin >= -1 && margin <= 1)) {
            throw new IllegalArgumentException("sample " + size + ": result " + result + " and margin " + margin
                    + " must lie in [-1, 1]");
        }
        System.arraycopy(observation, obsOffset, observations, size * observationSize, observationSize);
        System.arraycopy(policy, policyOffset, policies, size * actions, actions);
        masks[size] = legalMask;
        results[size] = result;
        margins[size] = margin;
        size++;
    }

    public int size() {
        return size;
    }

    public int capacity() {
        return capacity;
    }

    public int observationSize() {
        return observationSize;
    }

    public int actions() {
        return actions;
    }

    float[] observations() {
        return observations;
    }

    int[] masks() {
        return masks;
    }

    float[] policies() {
        return policies;
    }

    float[] results() {
        return results;
    }

    float[] margins() {
        return margins;
    }
}
