package org.owarelab.agents.alphabeta;

/**
 * The score scale of the search, from the side to move's view: {@link #SEED} units per seed of
 * expected final margin (100, the UCI {@code cp} scale), and proven results as large fixed values
 * with the distance in plies, so that a faster win (or a slower loss) scores higher.
 *
 * <p>A game over at ply {@code p} from the root scores {@code WIN - p} for the side to move's
 * win, {@code -(WIN - p)} for its loss and 0 for a draw ({@code p} counted from the search root,
 * so scores stored in the transposition table are re-based, see {@link #toTable}).
 */
public final class Score {
    /** Units per seed: scores are in centi-seeds. */
    public static final int SEED = 100;
    /** A win at the root itself; a win {@code p} plies away scores {@code WIN - p}. */
    public static final int WIN = 100_000;
    /** Scores at or beyond this magnitude are proven wins or losses. */
    public static final int PROVEN = WIN - 1_000;
    /** Larger than any score: the open window. */
    public static final int INFINITE = WIN + 1;
    /** Seeds of margin that make a value of tanh(1) = 0.76: {@code value = tanh(margin / VALUE_SCALE)}. */
    public static final double VALUE_SCALE = 8.0;

    private Score() {
    }

    public static boolean isProven(int score) {
        return score >= PROVEN || score <= -PROVEN;
    }

    /** +1 a proven win, -1 a proven loss, 0 otherwise. */
    public static int proven(int score) {
        return score >= PROVEN ? 1 : score <= -PROVEN ? -1 : 0;
    }

    /** The score in seeds (a proven win at p plies reads {@code (WIN - p) / SEED}, e.g. 999.93). */
    public static double seeds(int score) {
        return score / (double) SEED;
    }

    /** A value in [-1, 1] from the mover's view: ±1 when proven, else tanh of the seed margin / {@link #VALUE_SCALE}. */
    public static float value(int score) {
        int p = proven(score);
        if (p != 0) {
            return p;
        }
        return (float) Math.tanh(seeds(score) / VALUE_SCALE);
    }

    /** A score from a node at {@code ply} re-based to distances from that node (for the table). */
    static int toTable(int score, int ply) {
        return score >= PROVEN ? score + ply : score <= -PROVEN ? score - ply : score;
    }

    /** The inverse of {@link #toTable}: a table score re-based to distances from the root. */
    static int fromTable(int score, int ply) {
        return score >= PROVEN ? score - ply : score <= -PROVEN ? score + ply : score;
    }
}
