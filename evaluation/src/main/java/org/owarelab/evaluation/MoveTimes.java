package org.owarelab.evaluation;

import java.util.List;
import org.owarelab.rules.Side;

/**
 * The agents' thinking time per move over a match, from the games' {@link MatchRecord#moveMicros()}
 * (openings excluded): the mean and the maximum for agent A and for agent B, which is how a time
 * limit is seen to be used and kept. A move's side is read from its letter (South's are upper
 * case, as {@code Moves.letter} writes them).
 *
 * @param movesA moves timed for A
 * @param meanMillisA A's mean time per move in ms (0 when no move)
 * @param maxMillisA A's longest move in ms
 * @param movesB moves timed for B
 * @param meanMillisB B's mean time per move in ms
 * @param maxMillisB B's longest move in ms
 */
public record MoveTimes(long movesA, double meanMillisA, double maxMillisA, long movesB, double meanMillisB,
        double maxMillisB) {

    /** The times of {@code games} (error games included: their moves were played too). */
    public static MoveTimes of(List<MatchRecord> games) {
        long nA = 0;
        long nB = 0;
        long sumA = 0;
        long sumB = 0;
        long maxA = 0;
        long maxB = 0;
        for (MatchRecord g : games) {
            long[] micros = g.moveMicros();
            String moves = g.moves();
            for (int i = 0; i < micros.length && g.openingPlies() + i < moves.length(); i++) {
                int side = Character.isUpperCase(moves.charAt(g.openingPlies() + i)) ? Side.SOUTH : Side.NORTH;
                long us = micros[i];
                if (side == g.sideOfA()) {
                    nA++;
                    sumA += us;
                    maxA = Math.max(maxA, us);
                } else {
                    nB++;
                    sumB += us;
                    maxB = Math.max(maxB, us);
                }
            }
        }
        return new MoveTimes(nA, nA == 0 ? 0 : sumA / 1000.0 / nA, maxA / 1000.0, nB, nB == 0 ? 0 : sumB / 1000.0 / nB,
                maxB / 1000.0);
    }
}
