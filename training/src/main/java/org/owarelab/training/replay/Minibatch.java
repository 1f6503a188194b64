package org.owarelab.training.replay;

/**
 * A preallocated minibatch that {@link ReplayBuffer#sample} fills, laid out row-major for
 * direct copying into tensors. Targets are from the side to move of each position.
 */
public final class Minibatch {
    /** Rows per batch. */
    public final int size;
    public final RecordLayout layout;
    /** {@code size * observationSize} observations. */
    public final float[] observations;
    /** {@code size * actions}: 1 on legal moves, 0 on illegal ones. */
    public final float[] legal;
    /** {@code size * actions}: the search policy targets. */
    public final float[] policies;
    /** {@code size}: final results +1, 0, -1. */
    public final float[] results;
    /** {@code size}: final seed margins. */
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
        this.size = size;
        this.layout = layout;
        this.observations = new float[size * layout.observationSize()];
        this.legal = new float[size * layout.actions()];
        this.policies = new float[size * layout.actions()];
        this.results = new float[size];
        this.margins = new float[size];
        this.rootValues = new float[size];
        this.flags = new int[size];
        this.indices = new int[size];
    }
}
