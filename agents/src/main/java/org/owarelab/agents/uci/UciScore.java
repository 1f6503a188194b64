package org.owarelab.agents.uci;

import org.owarelab.agents.SearchInfo;

/**
 * The centipawn scale of {@code info ... score cp X}, from the side to move's view. One place for
 * it, so that the engine writes and the client reads the same numbers.
 *
 * <ul>
 *   <li>A proven result: {@code +(10000 - L)} for a win, {@code -(10000 - L)} for a loss, where
 *       {@code L} is the length of the principal variation in plies (the distance to the end as
 *       far as the agent's PV shows it; at least 0). Any {@code |cp| >= 9000} reads as proven.</li>
 *   <li>An agent that estimates a seed margin (alpha-beta): {@code 100 * margin}, i.e. 100 cp per
 *       seed, clamped to {@code ±8999}.</li>
 *   <li>An agent with only a value {@code v} in [-1, 1] (MCTS, neural agents): {@code 2500 * v},
 *       as if a sure win were a lead of 25 seeds, the store that wins the game.</li>
 * </ul>
 */
public final class UciScore {
    /** The score of a proven win at the root; minus the plies to the end. */
    public static final int MATE = 10000;
    /** Scores at or beyond this magnitude are proven results. */
    public static final int PROVEN_THRESHOLD = 9000;
    /** Centipawns per seed of margin. */
    public static final int CP_PER_SEED = 100;
    /** Centipawns of a value of 1 (a sure win) for agents that only have a value. */
    public static final int CP_PER_VALUE = 2500;

    private UciScore() {
    }

    /** The centipawn score of a search report. */
    public static int centipawns(SearchInfo info) {
        int plies = info.pv() == null ? 0 : info.pv().length;
        if (info.proven() != 0) {
            return Integer.signum(info.proven()) * (MATE - Math.min(plies, MATE - PROVEN_THRESHOLD));
        }
        if (!Double.isNaN(info.seedMargin())) {
            return clamp(Math.round(info.seedMargin() * CP_PER_SEED));
        }
        return fromValue(info.value());
    }

    /** The centipawn score of a value in [-1, 1] (clamped into that range first; NaN reads as 0). */
    public static int fromValue(double value) {
        if (Double.isNaN(value)) {
            return 0;
        }
        return clamp(Math.round(Math.max(-1.0, Math.min(1.0, value)) * CP_PER_VALUE));
    }

    /** The value in [-1, 1] of a centipawn score: ±1 when proven, else {@code cp / 2500} clamped. */
    public static double toValue(int cp) {
        if (Math.abs(cp) >= PROVEN_THRESHOLD) {
            return Integer.signum(cp);
        }
        return Math.max(-1.0, Math.min(1.0, cp / (double) CP_PER_VALUE));
    }

    /** +1 or -1 for a proven win or loss, 0 otherwise. */
    public static int proven(int cp) {
        return Math.abs(cp) >= PROVEN_THRESHOLD ? Integer.signum(cp) : 0;
    }

    /** The seed margin of a score that is not proven, {@code cp / 100}; NaN when proven. */
    public static double toSeedMargin(int cp) {
        return Math.abs(cp) >= PROVEN_THRESHOLD ? Double.NaN : cp / (double) CP_PER_SEED;
    }

    private static int clamp(long cp) {
        return (int) Math.max(-(PROVEN_THRESHOLD - 1), Math.min(PROVEN_THRESHOLD - 1, cp));
    }
}
