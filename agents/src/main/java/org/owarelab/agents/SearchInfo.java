package org.owarelab.agents;

/**
 * A progress report during a search (what a UCI {@code info} line carries).
 *
 * @param depth completed depth (alpha-beta) or average depth (tree searches)
 * @param selDepth deepest ply reached
 * @param value from the side to move's view, in [-1, 1]
 * @param seedMargin the same value as an expected seed margin where the agent has one (alpha-beta's
 *     evaluation is in seeds), else {@code Double.NaN}
 * @param proven +1 a proven win, -1 a proven loss, 0 not proven
 * @param nodes nodes (or simulations) so far
 * @param timeMillis time so far
 * @param pv principal variation as relative moves from the root, alternating sides
 */
public record SearchInfo(int depth, int selDepth, double value, double seedMargin, int proven, long nodes,
        long timeMillis, int[] pv) {
}
