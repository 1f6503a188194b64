package org.owarelab.evaluation.stats;

import java.util.SplittableRandom;

/** Seeded synthetic games between players of known Elo, for statistical tests. */
final class SimulatedGames {
    private final SplittableRandom rng;
    private final double drawRate;

    /**
     * @param drawRate probability of a draw where the expected score allows it (it is capped at
     *     twice the smaller of the win and loss probabilities' room)
     */
    SimulatedGames(long seed, double drawRate) {
        this.rng = new SplittableRandom(seed);
        this.drawRate = drawRate;
    }

    /** The expected score of an Elo advantage {@code diff}. */
    static double expected(double diff) {
        return 1 / (1 + Math.pow(10, -diff / 400));
    }

    /** One game's score (1, 0.5 or 0) for a player {@code diff} Elo stronger. */
    double game(double diff) {
        double e = expected(diff);
        double d = Math.min(drawRate, 2 * Math.min(e, 1 - e));
        double u = rng.nextDouble();
        return u < e - d / 2 ? 1 : u < e + d / 2 ? 0.5 : 0;
    }

    /** {@code n} games as W/D/L of the player {@code diff} Elo stronger. */
    WinDrawLoss games(double diff, int n) {
        WinDrawLoss w = WinDrawLoss.NONE;
        for (int i = 0; i < n; i++) {
            w = w.plus(game(diff));
        }
        return w;
    }

    /** A round robin of {@code n} games per pair between players p0, p1, ... of Elo {@code elo}. */
    Crosstable roundRobin(double[] elo, int n) {
        Crosstable t = new Crosstable();
        for (int i = 0; i < elo.length; i++) {
            for (int j = i + 1; j < elo.length; j++) {
                t.add("p" + i, "p" + j, games(elo[i] - elo[j], n));
            }
        }
        return t;
    }
}
