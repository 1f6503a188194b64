package org.owarelab.training.replay;

/**
 * A preallocated minibatch that {@link ReplayBuffer#sample} fills and the learner trains on as
 * it is: the one batch type between the replay buffer and the loss. Laid out row-major for
 * direct copying into tensors. Every target is from the side to move of its position.
 *
 * <p>The legal moves stay what they are in the records, a bit mask per position (bit {@code m}
 * for relative move {@code m}); the learner turns them into the illegal-move penalty on the tensor
 * side. Not thread-safe.
 */
public final class Minibatch {
    /** Rows per batch. */
    public final int size;
    public final RecordLayout layout;
    /** {@code size * observationSize} observations. */
    public final float[] observations;
    /** {@code size}: the legal-move masks (bit {@code m} set when relative move {@code m} is legal). */
    public final int[] masks;
    /** {@code size * actions}: the search policy targets (zero on illegal moves, summing to 1). */
    public final float[] policies;
    /** {@code size}: final results +1, 0, -1. */
    public final float[] results;
    /**
     * {@code size}: final seed margins normalised by the seeds in play ({@link #normalisedMargin}),
     * in [-1, 1].
     */
    public final float[] margins;
    /** {@code size}: the search's root values. */
    public final float[] rootValues;
    /** {@code size}: the PositionRecord flags. */
    public final int[] flags;
    /** {@code size}: which positions were drawn (0 = the oldest in the buffer then). */
    public final int[] indices;

    public Minibatch(RecordLayout layout, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("minibatch size=" + size + ": expected >= 1");
        }
        if (layout.actions() > 30) {
            throw new IllegalArgumentException("minibatch of " + layout.describe() + ": at most 30 moves fit a mask");
        }
        this.size = size;
        this.layout = layout;
        this.observations = new float[size * layout.observationSize()];
        this.masks = new int[size];
        this.policies = new float[size * layout.actions()];
        this.results = new float[size];
        this.margins = new float[size];
        this.rootValues = new float[size];
        this.flags = new int[size];
        this.indices = new int[size];
    }

    /** A seed margin as the learner's auxiliary target: over {@code totalSeeds}, clamped to [-1, 1]. */
    public static float normalisedMargin(int margin, int totalSeeds) {
        return Math.max(-1f, Math.min(1f, margin / (float) totalSeeds));
    }
}
