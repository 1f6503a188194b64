package org.owarelab.agents;

import org.owarelab.rules.Moves;

/**
 * What an agent decided for one position.
 *
 * @param move the chosen relative move (0..n-1 of the side to move)
 * @param policy a distribution over the mover's n houses, usable as a training target (zero on
 *     illegal moves; one-hot where the agent has nothing better)
 * @param value the expected result from the mover's view, in [-1, 1]
 * @param nodes nodes (alpha-beta), simulations (tree searches) or 0
 * @param depth completed depth (alpha-beta), the tree's mean depth (PUCT), or 0
 * @param timeNanos wall-clock time of the decision
 * @param pv principal variation from the root as relative moves (starting with {@code move});
 *     empty where there is none
 */
public record Decision(int move, float[] policy, float value, long nodes, int depth, long timeNanos, int[] pv) {

    /** A decision with a one-hot policy and nothing else known. */
    public static Decision of(int move, int houses, float value, long timeNanos) {
        float[] p = new float[houses];
        p[move] = 1f;
        return new Decision(move, p, value, 0, 0, timeNanos, new int[] {move});
    }

    /** Nodes per second, 0 when unknown. */
    public long nodesPerSecond() {
        return timeNanos <= 0 ? 0 : (long) (nodes * 1e9 / timeNanos);
    }

    /** The principal variation as letters, for a root with {@code side} to move. */
    public String pvLetters(int side) {
        StringBuilder sb = new StringBuilder(pv.length);
        for (int i = 0; i < pv.length; i++) {
            sb.append(Moves.letter((side + i) & 1, pv[i]));
        }
        return sb.toString();
    }
}
