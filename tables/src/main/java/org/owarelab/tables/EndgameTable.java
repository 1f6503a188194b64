package org.owarelab.tables;

import java.io.IOException;
import java.nio.file.Path;
import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.Repetition;
import org.owarelab.rules.RuleSet;

/**
 * An endgame table: for every layout of at most {@link #maxSeeds()} seeds on the board, with the
 * side to move's row read first (the game is symmetric, so one orientation serves both sides),
 * the <b>mover's share</b> of the seeds on the board under perfect play, as a pair of bounds.
 *
 * <p><b>What is stored.</b> The share is the number of the {@code n} seeds now on the board that
 * end in the mover's store (captures plus the end-of-game sharing) when the game is played to
 * its end from this position with no history before it, ignoring the "more than half" early
 * win. The early win never changes the outcome (stores only grow), so with stores {@code a}
 * (mover) and {@code b} the mover wins iff {@code 2 (a + share) > total}: one table answers
 * win/draw/loss for every pair of stores ({@link #outcome(Board)}).
 *
 * <p>The repetition rule makes the value history dependent: the game ends at the first
 * position that recurs, and which one recurs decides the sharing. The table stores two bounds,
 * both with the history starting at the position: {@code lo}, a share the mover can secure, and
 * {@code hi}, a share the opponent can hold the mover to. First the exact fixpoint of two
 * history-free games, where a play that never leaves the capture-free cycles counts as the worst
 * (for {@code lo}) or the best (for {@code hi}) for the mover: {@code lo(P) = max over moves of
 * (n - hi(child))}, {@code hi(P) = max (n - lo(child))}, captures and game ends counted exactly
 * by the rules engine; the strategies that secure these never repeat a position. Then a
 * refinement by the repetition rule (see {@code TableBuilder.Refinement}): a player who can keep
 * the play among positions where a repetition would give it at least {@code t}, or leave them
 * only by moves that secure {@code t}, secures {@code t}. The refined bounds still satisfy the
 * same two equations. The engine's value (history starting at {@code P}) always lies in
 * {@code [lo, hi]}; where {@code lo == hi} it is exact whatever the repetition does; where they
 * differ, the cycles decide and the table gives only the bounds (and {@link #value(Board)}).
 *
 * <p><b>Distance.</b> Beside the bounds, each layout has a distance ({@link #distance(Board)}): the
 * number of plies within which the mover, keeping its lower bound {@code lo}, forces a capture or
 * the end of the game against every reply that holds it there, or {@link #NO_DISTANCE} (see
 * {@code Distances} for the definition). With it the table's move ({@link #bestMove(Board)})
 * makes progress: it never goes round a capture-free cycle.
 *
 * <p>File ({@link TableFile}, format {@value #FORMAT_VERSION}): a header, a CRC-32, then the
 * {@code lo}, {@code hi} and distance bytes of every layout per seed count. Immutable; thread-safe.
 */
public final class EndgameTable {
    public static final int FORMAT_VERSION = 2;
    public static final String VALUE_KIND = "mover-share-bounds";
    /** {@link #outcome(Board)} when the bounds straddle a result. */
    public static final int UNKNOWN = 2;
    /** {@link #distance(Board)} where the mover cannot force a capture or a game end while keeping its lower bound. */
    public static final int NO_DISTANCE = 255;

    private final RuleSet rules;
    private final int maxSeeds;
    private final Layout layout;
    private final byte[][] lo;
    private final byte[][] hi;
    /** Per seed count and layout, the mover's distance ({@link Distances}); null in reference tables of the tests. */
    private final byte[][] dist;

    EndgameTable(RuleSet rules, int maxSeeds, byte[][] lo, byte[][] hi, byte[][] dist) {
        this.rules = rules;
        this.maxSeeds = maxSeeds;
        this.layout = new Layout(2 * rules.houses(), maxSeeds);
        this.lo = lo;
        this.hi = hi;
        this.dist = dist;
    }

    /** A table without distances (every one {@link #NO_DISTANCE}; it cannot be saved): the tests' reference builder. */
    EndgameTable(RuleSet rules, int maxSeeds, byte[][] lo, byte[][] hi) {
        this(rules, maxSeeds, lo, hi, null);
    }

    public RuleSet rules() {
        return rules;
    }

    /** The most seeds on the board the table covers. */
    public int maxSeeds() {
        return maxSeeds;
    }

    Layout layout() {
        return layout;
    }

    /** Layouts of {@code n} seeds (one side to move; the other is the same by symmetry). */
    public long positions(int n) {
        return layout.count(n);
    }

    /** Fills {@code counts} (mover's row first) with layout {@code index} of {@code n} seeds. */
    public void decode(int n, long index, int[] counts) {
        layout.layout(n, index, counts);
    }

    /** The lower bound of the mover's share for layout {@code index} of {@code n} seeds. */
    public int lo(int n, long index) {
        return lo[n][(int) index];
    }

    /** The upper bound of the mover's share for layout {@code index} of {@code n} seeds. */
    public int hi(int n, long index) {
        return hi[n][(int) index];
    }

    /** Seeds on the board's houses. */
    public static int seedsOnBoard(Board b) {
        int s = 0;
        for (int i = 0, e = 2 * b.housesPerSide(); i < e; i++) {
            s += b.count(i);
        }
        return s;
    }

    /** Whether the table has {@code b}: same rule set, game not over, at most {@link #maxSeeds()} seeds on the board. */
    public boolean covers(Board b) {
        return !b.isOver() && coversLayout(b);
    }

    /**
     * Whether the table has {@code b}'s layout, the game over or not: same rule set, at most
     * {@link #maxSeeds()} seeds on the board. A game won at the threshold is over, and its layout
     * still has the share the rest of the game would have given ({@code Score.finalMargin}).
     */
    public boolean coversLayout(Board b) {
        return b.rules().equals(rules) && seedsOnBoard(b) <= maxSeeds;
    }

    /** The mover's distance for layout {@code index} of {@code n} seeds (see the class comment), or {@link #NO_DISTANCE}. */
    public int distance(int n, long index) {
        return dist == null ? NO_DISTANCE : dist[n][(int) index] & 0xff;
    }

    /**
     * The mover's distance on {@code b}: the plies within which the mover, keeping its lower bound
     * {@link #lo(Board)}, forces a capture or the end of the game against every reply that holds it
     * there, the history starting at {@code b}; {@link #NO_DISTANCE} where it cannot (it keeps
     * {@code lo} only by steering into a repetition, or the opponent can keep the play among
     * capture-free positions that hold it), 0 where the game is over (call only where
     * {@link #coversLayout(Board)}).
     */
    public int distance(Board b) {
        return distance(seedsOnBoard(b), index(b));
    }

    /**
     * The distance each move of {@code b} promises, its position read without its history: 1 for
     * a capture or game end that keeps the mover's {@code lo}, {@code 1 + E} for a move inside the
     * layer that keeps it (E: the most plies the opponent's holding replies leave, over the stored
     * distances), {@link #NO_DISTANCE} for a move that keeps {@code lo} with no finite distance or
     * does not keep it, -1 for an illegal move. The least is {@link #distance(Board)} (call only
     * where {@link #covers(Board)}).
     */
    public int[] moveDistances(Board b) {
        return Lookahead.moveDistances(this, b);
    }

    /**
     * The table's move on {@code b}: the first move that keeps the mover's {@code lo} with the least
     * distance, or -1 where the table has no such move ({@link #distance(Board)} is
     * {@link #NO_DISTANCE}, or {@code b} is not covered). Following it, the mover's ({@code lo},
     * {@code -distance}) rises at every turn until a capture or the end, so it never repeats a
     * position of its own line; the game's history before {@code b} is the caller's to check.
     */
    public int bestMove(Board b) {
        if (!covers(b) || distance(b) == NO_DISTANCE) {
            return -1;
        }
        int[] d = moveDistances(b);
        int best = -1;
        for (int m = 0; m < d.length; m++) {
            if (d[m] >= 0 && d[m] != NO_DISTANCE && (best < 0 || d[m] < d[best])) {
                best = m;
            }
        }
        return best;
    }

    /** The layout index of {@code b} read from the side to move (call only where {@link #covers(Board)}). */
    public long index(Board b) {
        int n = b.housesPerSide();
        int[] c = new int[2 * n];
        int base = b.toMove() * n;
        for (int i = 0; i < 2 * n; i++) {
            c[i] = b.count((base + i) % (2 * n));
        }
        return layout.index(c);
    }

    /** The lower bound of the mover's share on {@code b} (call only where {@link #covers(Board)}). */
    public int lo(Board b) {
        return lo[seedsOnBoard(b)][(int) index(b)];
    }

    /** The upper bound of the mover's share on {@code b} (call only where {@link #covers(Board)}). */
    public int hi(Board b) {
        return hi[seedsOnBoard(b)][(int) index(b)];
    }

    /**
     * The table's single value for the side to move: the share {@code lo <= v <= hi} nearest to
     * what the repetition rule would give the mover were the game to end by repetition here
     * (its own row under {@code own-side}; half, the odd seed to the fuller row, under
     * {@code split}). Exact where {@code lo == hi}; elsewhere the scoring of the unresolved cycle
     * by the repetition rule at this position (call only where {@link #covers(Board)}).
     */
    public int value(Board b) {
        int n = seedsOnBoard(b);
        int idx = (int) index(b);
        int mine = b.seedsOnSide(b.toMove());
        int rep = rules.repetition() == Repetition.OWN_SIDE ? mine
                : n / 2 + (n % 2 == 1 && mine > n - mine ? 1 : 0);
        return Math.max(lo[n][idx], Math.min(hi[n][idx], rep));
    }

    /**
     * The bounds of the mover's share (of the seeds now on the board) after each move of
     * {@code b}: {@code [m][0..1]}, null where {@code m} is not legal. A move that ends the game
     * is exact; any other is {@code captured + (left - child's bounds)} (call only where
     * {@link #covers(Board)}).
     */
    public int[][] moveBounds(Board b) {
        int houses = b.housesPerSide();
        int mover = b.toMove();
        int a = b.store(mover);
        int n = seedsOnBoard(b);
        int[][] out = new int[houses][];
        Board w = b.copy();
        for (int m = 0; m < houses; m++) {
            if (!w.isLegal(m)) {
                continue;
            }
            w.play(m);
            if (w.isOver() && w.endReason() != EndReason.THRESHOLD) {
                int s = w.finalStore(mover) - a;
                out[m] = new int[] {s, s};
            } else {
                int left = seedsOnBoard(w);
                int idx = (int) index(w);
                out[m] = new int[] {n - hi[left][idx], n - lo[left][idx]};
            }
            w.undo();
        }
        return out;
    }

    /** Loaded tables by file and rule set, shared by every agent of the process. */
    private static final java.util.concurrent.ConcurrentHashMap<String, EndgameTable> CACHE =
            new java.util.concurrent.ConcurrentHashMap<>();

    /** {@link #load(Path, RuleSet, int)} once per file and rule set in this process (any seed count). */
    public static EndgameTable cached(Path file, RuleSet rules) {
        String key = file.toAbsolutePath().normalize() + "|" + rules;
        EndgameTable t = CACHE.get(key);
        if (t == null) {
            t = load(file, rules, 0);
            CACHE.putIfAbsent(key, t);
        }
        return t;
    }

    /** The environment variable naming where agents look for a table when none is named. */
    public static final String PLACES_VARIABLE = "OWARE_TABLES";

    /** A table file's rule set and seed count, read from its header alone. */
    public record Header(RuleSet rules, int maxSeeds) {
    }

    /**
     * The header of a table file of this format and value kind, or null when {@code file} is not
     * one (unreadable, another format version, a corrupt header). The body is not checked:
     * {@link #load} does that.
     */
    public static Header header(Path file) {
        return TableFile.header(file);
    }

    /**
     * The table an agent uses when none is named: among the given places (table files, or
     * directories whose {@code *.owtb} files are considered), the file built for {@code rules}
     * that covers the most seeds (then the first by name). Files for other rule sets and files
     * without a readable header are passed over; the one chosen is still checked in full when
     * loaded ({@link #cached}), so a corrupt body is an error, never a wrong value.
     */
    public static java.util.Optional<Path> find(RuleSet rules, java.util.List<Path> places) {
        return TableFile.find(rules, places);
    }

    /**
     * Where agents look for a table when none is named: the entries of {@value #PLACES_VARIABLE}
     * (files or directories, separated by the platform's path separator) when it is set and not
     * empty, else the working directory.
     */
    public static java.util.List<Path> defaultPlaces() {
        return TableFile.defaultPlaces();
    }

    /**
     * The result for the side to move given the board's stores: +1 win, 0 draw, -1 loss, or
     * {@link #UNKNOWN} where the bounds straddle a result (call only where {@link #covers(Board)}).
     */
    public int outcome(Board b) {
        int n = seedsOnBoard(b);
        int idx = (int) index(b);
        return outcome(rules.totalSeeds(), b.store(b.toMove()), lo[n][idx], hi[n][idx]);
    }

    /** The result for a mover with store {@code a} and share bounds {@code [l, h]}: +1, 0, -1 or {@link #UNKNOWN}. */
    public static int outcome(int total, int a, int l, int h) {
        if (2 * (a + l) > total) {
            return 1;
        }
        if (2 * (a + h) < total) {
            return -1;
        }
        return l == h ? 0 : UNKNOWN;
    }

    // ---------------------------------------------------------------- file (see TableFile)

    /** Writes the table to {@code file} atomically. */
    public void save(Path file) throws IOException {
        TableFile.save(this, file);
    }

    /**
     * Reads a table and checks it against what the caller needs.
     *
     * @param rules the rule set the caller plays (the file must be built for it)
     * @param minSeeds the seed count the caller needs the table to cover (0 for any)
     * @throws TableException one line naming the file and what is wrong (missing, not a table,
     *     another format version, rule set or seed count, truncated, corrupt)
     */
    public static EndgameTable load(Path file, RuleSet rules, int minSeeds) {
        return TableFile.load(file, rules, minSeeds);
    }

    /** The {@code lo} bytes of the layouts of {@code n} seeds, in {@link Layout} order (not copied: for the file). */
    byte[] loBytes(int n) {
        return lo[n];
    }

    /** The {@code hi} bytes, as {@link #loBytes}. */
    byte[] hiBytes(int n) {
        return hi[n];
    }

    /** The distance bytes, as {@link #loBytes}; null for a table without distances. */
    byte[] distanceBytes(int n) {
        return dist == null ? null : dist[n];
    }
}
