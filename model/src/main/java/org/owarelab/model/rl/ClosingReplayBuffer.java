package org.owarelab.model.rl;

import ai.djl.modality.rl.ReplayBuffer;
import ai.djl.modality.rl.env.RlEnv;
import java.util.SplittableRandom;

/**
 * A ring of the last {@code capacity} steps, sampled uniformly with replacement from a seeded
 * generator. Unlike DJL's {@code LruReplayBuffer} it closes the steps it evicts, so their native
 * arrays are freed as the buffer turns over. Not thread-safe.
 */
final class ClosingReplayBuffer implements ReplayBuffer {
    private final RlEnv.Step[] ring;
    private final int batchSize;
    private final SplittableRandom random;
    private int next;
    private int size;

    ClosingReplayBuffer(int batchSize, int capacity, SplittableRandom random) {
        if (batchSize < 1 || capacity < 1) {
            throw new IllegalArgumentException("replay: batch size " + batchSize + " and capacity " + capacity
                    + ", expected both >= 1");
        }
        this.ring = new RlEnv.Step[capacity];
        this.batchSize = batchSize;
        this.random = random;
    }

    @Override
    public void addStep(RlEnv.Step step) {
        if (ring[next] != null) {
            ring[next].close();
        }
        ring[next] = step;
        next = (next + 1) % ring.length;
        size = Math.min(size + 1, ring.length);
    }

    /** {@code batchSize} steps drawn uniformly with replacement; empty while the buffer is empty. */
    @Override
    public RlEnv.Step[] getBatch() {
        if (size == 0) {
            return new RlEnv.Step[0];
        }
        RlEnv.Step[] batch = new RlEnv.Step[batchSize];
        for (int i = 0; i < batchSize; i++) {
            batch[i] = ring[random.nextInt(size)];
        }
        return batch;
    }

    int size() {
        return size;
    }
}
