package org.owarelab.agents.alphabeta;

import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.tables.EndgameTable;

/**
 * The score scale of the search, from the side to move's view: {@link #SEED} units per seed of
 * expected final margin (100, the UCI {@code cp} scale), and proven results as large fixed values
 * with the distance in plies, so that a faster win (or a slower loss) scores higher.
 *
 * <p>A game over at ply {@code p} from the root with a final margin {@code m} (the side to move's
 * final seeds minus the other side's) scores {@link #win win(m, p)} {@code = WIN - STEP * (D - m) - p}
 * for the side to move's win ({@code m > 0}, {@code D} = {@value #MAX_DEFICIT}, the margin capped
 * there), {@code -win(-m, p)} for its loss and 0 for a draw. The margin ranks first, the distance
 * second: among wins the search prefers the one keeping the most seeds (which is what the
 * endgame tables call optimal), then the fastest; among losses the smallest, then the slowest.
 * Every proven score still lies beyond any heuristic score ({@link #PROVEN}). {@code p} is
 * counted from the search root, so scores stored in the transposition table are re-based, see
 * {@link #toTable}.
 */
public final class Score {
    /** Units per seed: scores are in centi-seeds. */
    public static final int SEED = 100;
    /** A win at the root itself; a win {@code p} plies away scores {@code WIN - p}. */
    public static final int WIN = 100_000;
    /** Score units per seed of final margin among proven results (more than any distance in plies). */
    public static final int STEP = 256;
    /** Margins at or above this rank as the best win (no rule set the lab plays has a larger one). */
    public static final int MAX_DEFICIT = 64;
    /** Scores at or beyond this magnitude are proven wins or losses. */
    public static final int PROVEN = WIN - STEP * (MAX_DEFICIT + 1);
    /** Larger than any score: the open window. */
    public static final int INFINITE = WIN + 1;
    /** Seeds of margin that make a value of tanh(1) = 0.76: {@code value = tanh(margin / VALUE_SCALE)}. */
    public static final double VALUE_SCALE = 8.0;

    private Score() {
    }

    /**
     * The score of a win with final margin {@code margin} (> 0, in seeds) reached {@code ply} plies
     * from the root: {@code WIN - STEP * (MAX_DEFICIT - min(margin, MAX_DEFICIT)) - ply}.
     */
    public static int win(int margin, int ply) {
        return WIN - STEP * (MAX_DEFICIT - Math.min(margin, MAX_DEFICIT)) - ply;
    }

    /** The score of a finished game with final margin {@code margin} at {@code ply}: a win, a loss or 0. */
    public static int over(int margin, int ply) {
        return margin > 0 ? win(margin, ply) : margin < 0 ? -win(-margin, ply) : 0;
    }

    /** The plies from the root to the end of the game that a proven score counts. */
    public static int plies(int score) {
        return (WIN - Math.abs(score)) % STEP;
    }

    /** The final margin in seeds of a proven score ({@link #MAX_DEFICIT} stands for that or more), from the mover's view. */
    public static int margin(int score) {
        int m = MAX_DEFICIT - (WIN - Math.abs(score)) / STEP;
        return score < 0 ? -m : m;
    }

    public static boolean isProven(int score) {
        return score >= PROVEN || score <= -PROVEN;
    }

    /** +1 a proven win, -1 a proven loss, 0 otherwise. */
    public static int proven(int score) {
        return score >= PROVEN ? 1 : score <= -PROVEN ? -1 : 0;
    }

    /** The score in seeds (a proven win reads {@code score / SEED}, e.g. 999.93 for a win by the whole board in 7 plies). */
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

    /**
     * The final margin of a finished game from the side to move's view, as the search ranks it: the
     * rules engine's, except after a threshold win, where the seeds left on each side count as that
     * side's (the engine leaves them uncounted). A threshold win ends the game once one side has
     * more than half, whoever would have taken the rest; counting them ranks the wins (and the
     * losses) by the seeds the whole game would have given, which is what the endgame tables
     * measure, and never changes who wins: the winner's store alone exceeds the other side's store
     * plus every seed left.
     */
    static int finalMargin(Board b) {
        return finalMargin(b, null);
    }

    /**
     * {@link #finalMargin(Board)}, except that with a table ({@code t} not null) a threshold win
     * whose layout the table covers counts the seeds left as the table shares them (its exact share,
     * else {@link EndgameTable#value}): so the search values a threshold capture as the table values
     * the same move, and among wins prefers the one keeping the table's best share.
     */
    static int finalMargin(Board b, EndgameTable t) {
        final int me = b.toMove();
        int margin = b.finalStore(me) - b.finalStore(1 - me);
        if (b.endReason() == EndReason.THRESHOLD) {
            if (t != null && t.coversLayout(b)) {
                int n = EndgameTable.seedsOnBoard(b);
                long idx = t.index(b);
                int lo = t.lo(n, idx);
                int share = lo == t.hi(n, idx) ? lo : t.value(b);
                return b.store(me) - b.store(1 - me) + 2 * share - n;
            }
            margin += b.seedsOnSide(me) - b.seedsOnSide(1 - me);
        }
        return margin;
    }

    /**
     * The score of a covered position from the table: a decided result is proven, ranked by its
     * final margin like a game finished in the tree ({@link #over}); a result the table's
     * bounds leave open is the table's value as a plain margin. Call only where {@code t} covers
     * {@code b}.
     */
    static int ofTable(EndgameTable t, Board b, int ply) {
        int total = b.rules().totalSeeds();
        int n = EndgameTable.seedsOnBoard(b);
        long idx = t.index(b);
        int lo = t.lo(n, idx);
        int hi = t.hi(n, idx);
        int a = b.store(b.toMove());
        int outcome = EndgameTable.outcome(total, a, lo, hi);
        int v = lo == hi ? lo : t.value(b);
        int margin = 2 * (a + v) - total;
        if (outcome == 1 || outcome == -1) {
            // A decided result ranks with the wins found in the tree, by its final margin.
            return over(outcome * Math.max(1, outcome * margin), ply);
        }
        return outcome == 0 ? 0 : margin * SEED;
    }
}
