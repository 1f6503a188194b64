package org.owarelab.rules;

import java.util.Arrays;

/**
 * The fast, mutable game state: house counts, stores, side to move, the legal-move mask, an
 * incrementally kept Zobrist hash and the history needed for undo and for the repetition rule.
 *
 * <p><b>Rules implemented: Oware Abapa</b> as written in {@code env/RULES.md}, with the variants
 * of the {@link RuleSet} (defaults in brackets): 2..8 houses per player [6] and 1..8 seeds per
 * house [4]; sowing counter-clockwise, one seed per house, never into a store, the emptied house
 * skipped on every lap; a capture when the last seed makes an opponent's house 2 or 3, chained
 * clockwise while the houses are the opponent's and hold 2 or 3; the grand slam (a capture of
 * every opponent seed) per {@link GrandSlam} [{@code no-capture}: legal, captures nothing; also
 * {@code illegal}, {@code capture-all}, {@code to-opponent}, {@code spare-last}]; the feeding rule
 * (with the opponent's row empty, only moves that sow into it are legal) and the no-feed ending
 * (the mover takes all); a win at once with more than half of the seeds, the seeds left
 * uncounted; the end at the second occurrence of a position (houses, stores, side to move)
 * with the seeds left shared per {@link Repetition} [{@code own-side}; also {@code split}].
 *
 * <p>Edge decisions (see RULES.md, "Edge decisions"): the threshold is checked first, so a grand
 * slam that alone passes half ends as a threshold win without gathering the seeds left; a
 * capture-all or to-opponent grand slam ends the game with reason {@link EndReason#NO_MOVES};
 * under {@code illegal}, when every legal move (after the feeding rule) is a grand slam, the
 * mover takes all seeds; a side to move with no seeds at all (set-up positions only) has no
 * move and the opponent keeps the seeds on its own side.
 *
 * <p>Moves are relative: {@code m} in {@code 0..n-1} is the mover's house {@code m} from the
 * mover's left ({@code A..F} for South, {@code a..f} for North). {@link #play(int)} and
 * {@link #undo()} allocate nothing once the history has grown to the game's length. After
 * every move the board knows its legal mask for the side to move and whether the game is over;
 * a finished game has an empty mask. The board shows stores as the moves left them; the
 * end-of-game sharing of the seeds left is {@link #finalStore(int)}.
 *
 * <p>Not thread-safe: give each thread its own copy ({@link #copy()}, {@link #copyFrom(Board)}).
 */
public final class Board {
    // End codes: the reason, and who takes the seeds left on the board.
    private static final int ONGOING = 0;
    private static final int END_THRESHOLD = 1;
    private static final int END_REPETITION = 2;
    /** No legal move; the side to move takes the seeds left (no feed, all grand slams, to-opponent). */
    private static final int END_NO_MOVES_MOVER = 3;
    /** No legal move after a capture-all grand slam; the side that made it takes the seeds left. */
    private static final int END_NO_MOVES_OTHER = 4;

    /** Per-ply scalars kept in the history: store S, store N, legal, end, irreversible ply, captured, non-empty. */
    private static final int SCALARS = 7;

    private final RuleSet rules;
    private final GrandSlam grandSlam;
    private final int n;
    private final int n2;
    private final int winningStore;
    private final int[] h;
    private final int[] stores = new int[2];
    private int side;
    private long hash;
    private int legal;
    private int end;
    private int ply;
    /** The ply of the first position with the current stores: older positions cannot recur. */
    private int irreversible;
    private int captured;
    /** Bit {@code i} set when house {@code i} holds seeds: the legal mask without a loop over the houses. */
    private int nonEmpty;
    private final int allHouses;

    private int capacity;
    private int[] histHouses;
    private int[] histScalars;
    private long[] histHash;
    /** Scratch for grand-slam tests under {@link GrandSlam#ILLEGAL}. */
    private final int[] scratch;
    /**
     * How many history positions fall in each bucket of the hash's top bits: the repetition test
     * scans the history only when the current position's bucket is occupied (a counting filter;
     * random games otherwise spent a sixth of their time scanning).
     */
    private final int[] seen = new int[1 << SEEN_BITS];
    private static final int SEEN_BITS = 10;

    /** The start position of {@code rules}. */
    public Board(RuleSet rules) {
        this(Position.start(rules));
    }

    /** The start position of the default rules. */
    public Board() {
        this(RuleSet.DEFAULT);
    }

    /** A board set to {@code p}, with no history before it. */
    public Board(Position p) {
        this.rules = p.rules();
        this.grandSlam = rules.grandSlam();
        this.n = rules.houses();
        this.n2 = 2 * n;
        this.winningStore = rules.winningStore();
        this.h = new int[n2];
        this.scratch = new int[n2];
        this.allHouses = (1 << n2) - 1;
        allocateHistory(64);
        set(p);
    }

    private Board(Board o) {
        this.rules = o.rules;
        this.grandSlam = o.grandSlam;
        this.n = o.n;
        this.n2 = o.n2;
        this.winningStore = o.winningStore;
        this.h = new int[n2];
        this.scratch = new int[n2];
        this.allHouses = o.allHouses;
        allocateHistory(Math.max(64, o.capacity));
        copyFrom(o);
    }

    private void allocateHistory(int plies) {
        capacity = plies;
        histHouses = new int[plies * n2];
        histScalars = new int[plies * SCALARS];
        histHash = new long[plies];
    }

    /** Resets this board to {@code p} (same rule set), forgetting the history. */
    public void set(Position p) {
        if (!p.rules().equals(rules)) {
            throw new RulesException("position for rules " + p.rules() + " on a board for rules " + rules);
        }
        nonEmpty = 0;
        for (int i = 0; i < n2; i++) {
            h[i] = p.house(i);
            nonEmpty |= (-h[i] >>> 31) << i;
        }
        stores[0] = p.store(Side.SOUTH);
        stores[1] = p.store(Side.NORTH);
        side = p.toMove();
        ply = 0;
        irreversible = 0;
        captured = 0;
        Arrays.fill(seen, 0);
        hash = Zobrist.hash(h, stores, side);
        end = ONGOING;
        if (stores[0] >= winningStore || stores[1] >= winningStore) {
            end = END_THRESHOLD;
            legal = 0;
        } else {
            updateLegal();
        }
    }

    /** A full copy, history included (so repetition and undo work on it the same way). */
    public Board copy() {
        return new Board(this);
    }

    /** Makes this board a copy of {@code o} (same rule set), history included. */
    public void copyFrom(Board o) {
        if (!o.rules.equals(rules)) {
            throw new IllegalArgumentException("copyFrom: rules " + o.rules + " into a board for rules " + rules);
        }
        if (capacity < o.ply + 1) {
            allocateHistory(Math.max(o.capacity, o.ply + 1));
        }
        System.arraycopy(o.h, 0, h, 0, n2);
        stores[0] = o.stores[0];
        stores[1] = o.stores[1];
        side = o.side;
        hash = o.hash;
        legal = o.legal;
        end = o.end;
        ply = o.ply;
        irreversible = o.irreversible;
        captured = o.captured;
        nonEmpty = o.nonEmpty;
        System.arraycopy(o.histHouses, 0, histHouses, 0, ply * n2);
        System.arraycopy(o.histScalars, 0, histScalars, 0, ply * SCALARS);
        System.arraycopy(o.histHash, 0, histHash, 0, ply);
        System.arraycopy(o.seen, 0, seen, 0, seen.length);
    }

    // ---------------------------------------------------------------- queries

    public RuleSet rules() {
        return rules;
    }

    /** Houses per player, {@code n}. */
    public int housesPerSide() {
        return n;
    }

    /** Seeds in house {@code house} (absolute index 0..2n-1). */
    public int count(int house) {
        return h[house];
    }

    /** Seeds in the mover's house {@code m} (relative index 0..n-1). */
    public int countOfMove(int m) {
        return h[side * n + m];
    }

    /** The store of {@link Side#SOUTH} or {@link Side#NORTH} as the moves left it. */
    public int store(int s) {
        return stores[s];
    }

    /** Seeds left on the houses of side {@code s}. */
    public int seedsOnSide(int s) {
        int sum = 0;
        for (int i = s * n, e = i + n; i < e; i++) {
            sum += h[i];
        }
        return sum;
    }

    /** {@link Side#SOUTH} or {@link Side#NORTH}. */
    public int toMove() {
        return side;
    }

    /** Plies played since the position this board was set to. */
    public int ply() {
        return ply;
    }

    /** Zobrist hash of houses, stores and side to move (kept incrementally). */
    public long hash() {
        return hash;
    }

    /** Legal moves for the side to move, bit {@code m} for relative move {@code m}; 0 when the game is over. */
    public int legalMask() {
        return legal;
    }

    public boolean isLegal(int m) {
        return m >= 0 && m < n && (legal >>> m & 1) != 0;
    }

    public boolean isOver() {
        return end != ONGOING;
    }

    /** Why the game ended, or {@code null} while it goes on. */
    public EndReason endReason() {
        switch (end) {
            case END_THRESHOLD:
                return EndReason.THRESHOLD;
            case END_REPETITION:
                return EndReason.REPETITION;
            case END_NO_MOVES_MOVER:
            case END_NO_MOVES_OTHER:
                return EndReason.NO_MOVES;
            default:
                return null;
        }
    }

    /** Seeds captured by the move that led here (0 at the base position). */
    public int lastCaptured() {
        return captured;
    }

    /**
     * The store of side {@code s} after the end-of-game sharing of the seeds left on the board
     * (equal to {@link #store(int)} while the game goes on and after a threshold win).
     */
    public int finalStore(int s) {
        switch (end) {
            case END_REPETITION:
                if (rules.repetition() == Repetition.OWN_SIDE) {
                    return stores[s] + seedsOnSide(s);
                } else {
                    int mine = seedsOnSide(s);
                    int theirs = seedsOnSide(1 - s);
                    int left = mine + theirs;
                    return stores[s] + left / 2 + (left % 2 == 1 && mine > theirs ? 1 : 0);
                }
            case END_NO_MOVES_MOVER:
                return s == side ? stores[s] + seedsOnSide(0) + seedsOnSide(1) : stores[s];
            case END_NO_MOVES_OTHER:
                return s != side ? stores[s] + seedsOnSide(0) + seedsOnSide(1) : stores[s];
            default:
                return stores[s];
        }
    }

    /**
     * The winner once the game is over: {@link Side#SOUTH}, {@link Side#NORTH}, or -1 for a
     * draw; -1 also while the game goes on (check {@link #isOver()}).
     */
    public int winner() {
        if (end == ONGOING) {
            return -1;
        }
        int s = finalStore(Side.SOUTH);
        int t = finalStore(Side.NORTH);
        return s > t ? Side.SOUTH : t > s ? Side.NORTH : -1;
    }

    /**
     * The result from the view of side {@code s}: +1 win, 0 draw or ongoing, -1 loss.
     */
    public int result(int s) {
        int w = winner();
        return w < 0 ? 0 : w == s ? 1 : -1;
    }

    /** The letter of relative move {@code m} for the side to move ({@code A..} or {@code a..}). */
    public char letter(int m) {
        return Moves.letter(side, m);
    }

    /** The legal moves as letters, e.g. {@code "ABDF"}. */
    public String legalLetters() {
        return Moves.letters(side, legal);
    }

    /** An immutable snapshot of the current position (allocates). */
    public Position position() {
        return new Position(rules, h, stores[0], stores[1], side);
    }

    /** The position text, e.g. {@code 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S}. */
    public String text() {
        StringBuilder sb = new StringBuilder(48);
        for (int c : h) {
            sb.append(c).append('-');
        }
        return sb.append(stores[0]).append('-').append(stores[1]).append('-').append(Side.letter(side)).toString();
    }

    /** True when houses, stores and side to move equal those of {@code o} (history not compared). */
    public boolean samePosition(Board o) {
        return rules.equals(o.rules) && side == o.side && stores[0] == o.stores[0] && stores[1] == o.stores[1]
                && Arrays.equals(h, o.h);
    }

    @Override
    public String toString() {
        return text();
    }

    // ---------------------------------------------------------------- moves

    /**
     * Plays relative move {@code m} for the side to move.
     *
     * @throws IllegalMoveException if {@code m} is not legal here (the game over included)
     */
    public void play(int m) {
        if (m < 0 || m >= n || (legal >>> m & 1) == 0) {
            throw new IllegalMoveException(ply, m >= 0 && m < n ? String.valueOf(Moves.letter(side, m)) : "#" + m,
                    legalLetters(), end != ONGOING ? "the game is over" : "not a legal move here");
        }
        push();
        final int[] h = this.h;
        final int n2 = this.n2;
        final int origin = side * n + m;
        final int seeds = h[origin];
        long z = hash ^ Zobrist.house(origin, seeds) ^ Zobrist.house(origin, 0);
        h[origin] = 0;
        int last;
        if (seeds < n2) {
            // One lap at most: the origin is never reached again.
            int p = origin;
            for (int i = 0; i < seeds; i++) {
                if (++p == n2) {
                    p = 0;
                }
                int c = h[p];
                z ^= Zobrist.house(p, c) ^ Zobrist.house(p, c + 1);
                h[p] = c + 1;
            }
            last = p;
            // Houses origin+1 .. origin+seeds now hold seeds (wrapped around the ring); the origin none.
            int bits = ((1 << seeds) - 1) << (origin + 1);
            nonEmpty = ((nonEmpty | bits | (bits >>> n2)) & allHouses) & ~(1 << origin);
        } else {
            // Several laps, skipping the origin: each other house gets `laps`, the first `rest` one more.
            int laps = seeds / (n2 - 1);
            int rest = seeds % (n2 - 1);
            int p = origin;
            for (int j = 1; j < n2; j++) {
                if (++p == n2) {
                    p = 0;
                }
                int c = h[p];
                int nc = c + laps + (j <= rest ? 1 : 0);
                z ^= Zobrist.house(p, c) ^ Zobrist.house(p, nc);
                h[p] = nc;
            }
            last = rest == 0 ? (origin == 0 ? n2 - 1 : origin - 1) : (origin + rest) % n2;
            nonEmpty = allHouses & ~(1 << origin);
        }
        hash = z;
        captured = 0;
        int grandSlamEnd = ONGOING;
        final int oppBase = (1 - side) * n;
        if (last >= oppBase && last < oppBase + n && (h[last] == 2 || h[last] == 3)) {
            grandSlamEnd = capture(last, oppBase);
        }
        side ^= 1;
        hash ^= Zobrist.SIDE;
        ply++;
        if (captured > 0) {
            irreversible = ply;
        }
        if (stores[0] >= winningStore || stores[1] >= winningStore) {
            end = END_THRESHOLD;
            legal = 0;
        } else if (grandSlamEnd != ONGOING) {
            end = grandSlamEnd;
            legal = 0;
        } else if (captured == 0 && isRepetition()) {
            end = END_REPETITION;
            legal = 0;
        } else {
            updateLegal();
        }
    }

    /** Captures from {@code last} clockwise; applies the grand-slam variant. Returns an end code. */
    private int capture(int last, int oppBase) {
        int first = last;
        int sum = 0;
        while (first >= oppBase && (h[first] == 2 || h[first] == 3)) {
            sum += h[first];
            first--;
        }
        first++; // houses first..last qualify
        int oppSeeds = 0;
        for (int i = oppBase, e = oppBase + n; i < e; i++) {
            oppSeeds += h[i];
        }
        int endCode = ONGOING;
        if (sum == oppSeeds) {
            switch (grandSlam) {
                case NO_CAPTURE:
                case ILLEGAL: // not legal; play() is only reached for it through the legal mask, never
                    return ONGOING;
                case SPARE_LAST:
                    sum -= h[last];
                    last--;
                    break;
                case CAPTURE_ALL:
                    endCode = END_NO_MOVES_OTHER;
                    break;
                case TO_OPPONENT:
                    endCode = END_NO_MOVES_MOVER;
                    break;
                default:
                    throw new AssertionError(grandSlam);
            }
        }
        long z = hash;
        for (int p = first; p <= last; p++) {
            z ^= Zobrist.house(p, h[p]) ^ Zobrist.house(p, 0);
            h[p] = 0;
        }
        nonEmpty &= ~(((1 << (last - first + 1)) - 1) << first); // an empty range (spare-last) clears nothing
        int s = side;
        z ^= Zobrist.store(s, stores[s]) ^ Zobrist.store(s, stores[s] + sum);
        stores[s] += sum;
        hash = z;
        captured = sum;
        return endCode;
    }

    /** Whether the current position occurred before: only positions since the last capture can. */
    private boolean isRepetition() {
        long z = hash;
        if (seen[bucket(z)] == 0) {
            return false;
        }
        for (int k = ply - 2; k >= irreversible; k -= 2) {
            if (histHash[k] == z && sameHouses(k)) {
                return true;
            }
        }
        return false;
    }

    private static int bucket(long z) {
        return (int) (z >>> (64 - SEEN_BITS));
    }

    private boolean sameHouses(int k) {
        int base = k * n2;
        for (int i = 0; i < n2; i++) {
            if (histHouses[base + i] != h[i]) {
                return false;
            }
        }
        return true;
    }

    /** Sets the legal mask of the side to move, and the end if it has no legal move. */
    private void updateLegal() {
        final int base = side * n;
        final int oppBase = n - base;
        final int row = (1 << n) - 1;
        final int own = (nonEmpty >>> base) & row;
        int mask;
        if (((nonEmpty >>> oppBase) & row) != 0) {
            mask = own; // every non-empty house of the mover
        } else {
            // Feeding: only moves that reach the opponent's row, c >= n - i, i.e. (n - i - 1 - c) < 0
            // (branch-free: counts are random, per-house branches would mispredict).
            mask = 0;
            for (int i = 0; i < n; i++) {
                mask |= ((n - i - 1 - h[base + i]) >>> 31) << i;
            }
        }
        if (grandSlam == GrandSlam.ILLEGAL && mask != 0) {
            mask = withoutGrandSlams(mask);
        }
        legal = mask;
        if (mask != 0) {
            end = ONGOING;
        } else if (own != 0) {
            end = END_NO_MOVES_MOVER; // cannot feed, or only grand slams under ILLEGAL: the mover takes all
        } else {
            // An empty side to move only arises from a set-up position: the opponent keeps its own seeds.
            end = END_NO_MOVES_OTHER;
        }
    }

    private int withoutGrandSlams(int mask) {
        int kept = mask;
        for (int m = 0; m < n; m++) {
            if ((mask >>> m & 1) != 0 && isGrandSlam(m)) {
                kept &= ~(1 << m);
            }
        }
        return kept;
    }

    /** Whether relative move {@code m} of the side to move would capture every opponent seed. */
    private boolean isGrandSlam(int m) {
        final int[] s = scratch;
        System.arraycopy(h, 0, s, 0, n2);
        int origin = side * n + m;
        int seeds = s[origin];
        s[origin] = 0;
        int p = origin;
        for (int i = 0; i < seeds; i++) {
            if (++p == n2) {
                p = 0;
            }
            if (p == origin) {
                i--;
                continue;
            }
            s[p]++;
        }
        int oppBase = (1 - side) * n;
        if (p < oppBase || p >= oppBase + n || (s[p] != 2 && s[p] != 3)) {
            return false;
        }
        int sum = 0;
        for (int q = p; q >= oppBase && (s[q] == 2 || s[q] == 3); q--) {
            sum += s[q];
        }
        int opp = 0;
        for (int i = oppBase; i < oppBase + n; i++) {
            opp += s[i];
        }
        return sum == opp;
    }

    private void push() {
        if (ply == capacity) {
            int grown = capacity * 2;
            histHouses = Arrays.copyOf(histHouses, grown * n2);
            histScalars = Arrays.copyOf(histScalars, grown * SCALARS);
            histHash = Arrays.copyOf(histHash, grown);
            capacity = grown;
        }
        System.arraycopy(h, 0, histHouses, ply * n2, n2);
        int b = ply * SCALARS;
        int[] sc = histScalars;
        sc[b] = stores[0];
        sc[b + 1] = stores[1];
        sc[b + 2] = legal;
        sc[b + 3] = end;
        sc[b + 4] = irreversible;
        sc[b + 5] = captured;
        sc[b + 6] = nonEmpty;
        histHash[ply] = hash;
        seen[bucket(hash)]++;
    }

    /**
     * Takes back the last move.
     *
     * @throws IllegalStateException at the base position
     */
    public void undo() {
        if (ply == 0) {
            throw new IllegalStateException("undo at the base position: no move to take back");
        }
        ply--;
        System.arraycopy(histHouses, ply * n2, h, 0, n2);
        int b = ply * SCALARS;
        int[] sc = histScalars;
        stores[0] = sc[b];
        stores[1] = sc[b + 1];
        legal = sc[b + 2];
        end = sc[b + 3];
        irreversible = sc[b + 4];
        captured = sc[b + 5];
        nonEmpty = sc[b + 6];
        hash = histHash[ply];
        seen[bucket(hash)]--;
        side ^= 1;
    }

    /** Recomputes the Zobrist hash from scratch (for tests of the incremental one). */
    public long recomputeHash() {
        return Zobrist.hash(h, stores, side);
    }
}
