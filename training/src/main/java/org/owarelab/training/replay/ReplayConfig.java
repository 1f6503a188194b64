package org.owarelab.training.replay;

/**
 * How the replay buffer keeps and hands out positions.
 *
 * @param window the most recent positions kept; older ones are dropped
 * @param sampleRatio training samples allowed per new position (KataGo and lc0 use about 1-8
 *     for fresh data; each position is seen about this many times on average)
 * @param minPositions no sample is allowed before the buffer holds this many positions
 */
public record ReplayConfig(int window, double sampleRatio, int minPositions) {
    public ReplayConfig {
        if (window < 1 || window > 1 << 26) {
            throw new IllegalArgumentException("replay window=" + window + ": expected 1..67108864");
        }
        if (!(sampleRatio > 0 && sampleRatio <= 1000)) {
            throw new IllegalArgumentException("replay sampleRatio=" + sampleRatio + ": expected (0, 1000]");
        }
        if (minPositions < 0 || minPositions > window) {
            throw new IllegalArgumentException("replay minPositions=" + minPositions + ": expected 0..window ("
                    + window + ")");
        }
    }
}
