package org.owarelab.rules;

import java.util.Arrays;

/**
 * Test-only reference: the unpacked {@code Board} as it was before the packed rows (commit
 * 6651671, houses in an {@code int[]}, undo copying arrays), kept verbatim apart from the
 * names so {@link PackedBoardPropertyTest} can compare the packed board with it move by move,
 * hash included. Its documentation below is the original's.
 *
 * The fast, mutable game state: house counts, stores, side to move, the legal-move mask, an
 * hash and the history needed for undo and for the repetition rule.
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
 * <p>Collaborators, each the one home of its part: {@link ReferenceSowing} (sowing, with the hash),
 * {@link ReferenceLegality} (feeding and the grand-slam look-ahead), {@link ReferenceHistory} (undo and the
 * repetition test), {@link Ending} (end codes and the end-of-game sharing), {@link PositionHash}.
 *
 * <p>Not thread-safe: give each thread its own copy ({@link #copy()}, {@link #copyFrom(ReferenceBoard)}).
 */
final class ReferenceBoard {
    private final RuleSet rules;
    private final GrandSlam grandSlam;
    private final ReferenceLegality legality;
    private final ReferenceHistory history;
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

    /** The start position of {@code rules}. */
    ReferenceBoard(RuleSet rules) {
        this(Position.start(rules));
    }

    /** The start position of the default rules. */
    ReferenceBoard() {
        this(RuleSet.DEFAULT);
    }

    /** A board set to {@code p}, with no history before it. */
    ReferenceBoard(Position p) {
        this(p.rules(), 64);
        set(p);
    }

    private ReferenceBoard(ReferenceBoard o) {
        this(o.rules, Math.max(64, o.history.capacity()));
        copyFrom(o);
    }

    /** An empty board for {@code rules} with room for {@code plies} of history: set or copy a position next. */
    private ReferenceBoard(RuleSet rules, int plies) {
        this.rules = rules;
        this.grandSlam = rules.grandSlam();
        this.n = rules.houses();
        this.n2 = 2 * n;
        this.winningStore = rules.winningStore();
        this.h = new int[n2];
        this.legality = new ReferenceLegality(rules);
        this.history = new ReferenceHistory(n2, plies);
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
        history.clear();
        hash = recomputeHash();
        end = Ending.ONGOING;
        if (stores[0] >= winningStore || stores[1] >= winningStore) {
            end = Ending.THRESHOLD;
            legal = 0;
        } else {
            updateLegal();
        }
    }

    /** A full copy, history included (so repetition and undo work on it the same way). */
    public ReferenceBoard copy() {
        return new ReferenceBoard(this);
    }

    /** Makes this board a copy of {@code o} (same rule set), history included. */
    public void copyFrom(ReferenceBoard o) {
        if (!o.rules.equals(rules)) {
            throw new IllegalArgumentException("copyFrom: rules " + o.rules + " into a board for rules " + rules);
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
        history.copyFrom(o.history, ply);
    }

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

    /** The hash of houses, stores and side to move. */
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
        return end != Ending.ONGOING;
    }

    /** Why the game ended, or {@code null} while it goes on. */
    public EndReason endReason() {
        return Ending.reason(end);
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
        return Ending.finalStore(end, rules.repetition(), s, side, stores[s], seedsOnSide(s), seedsOnSide(1 - s));
    }

    /**
     * The winner once the game is over: {@link Side#SOUTH}, {@link Side#NORTH}, or -1 for a
     * draw; -1 also while the game goes on (check {@link #isOver()}).
     */
    public int winner() {
        if (end == Ending.ONGOING) {
            return -1;
        }
        int s = finalStore(Side.SOUTH);
        int t = finalStore(Side.NORTH);
        return s > t ? Side.SOUTH : t > s ? Side.NORTH : -1;
    }

    /** The result from the view of side {@code s}: +1 win, 0 draw or ongoing, -1 loss. */
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
        return position().text();
    }

    /** True when houses, stores and side to move equal those of {@code o} (history not compared). */
    public boolean samePosition(ReferenceBoard o) {
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
                    legalLetters(), end != Ending.ONGOING ? "the game is over" : "not a legal move here");
        }
        history.push(ply, h, hash, stores[0], stores[1], legal, end, irreversible, captured, nonEmpty);
        final int[] h = this.h;
        final int n2 = this.n2;
        final int origin = side * n + m;
        final int seeds = h[origin];
        h[origin] = 0;
        ReferenceSowing.sow(h, origin, seeds, n2);
        int last = ReferenceSowing.last(origin, seeds, n2);
        nonEmpty = ReferenceSowing.nonEmptyAfter(nonEmpty, origin, seeds, n2);
        captured = 0;
        int grandSlamEnd = Ending.ONGOING;
        final int oppBase = (1 - side) * n;
        if (last >= oppBase && last < oppBase + n && (h[last] == 2 || h[last] == 3)) {
            grandSlamEnd = capture(last, oppBase);
        }
        side ^= 1;
        hash = recomputeHash();
        ply++;
        if (captured > 0) {
            irreversible = ply;
        }
        if (stores[0] >= winningStore || stores[1] >= winningStore) {
            end = Ending.THRESHOLD;
            legal = 0;
        } else if (grandSlamEnd != Ending.ONGOING) {
            end = grandSlamEnd;
            legal = 0;
        } else if (captured == 0 && history.repeats(ply, irreversible, h, hash)) {
            end = Ending.REPETITION;
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
        int endCode = Ending.ONGOING;
        if (sum == seedsOnSide(1 - side)) {
            if (grandSlam == GrandSlam.NO_CAPTURE || grandSlam == GrandSlam.ILLEGAL) {
                return Ending.ONGOING; // ILLEGAL: never reached, the legal mask leaves grand slams out
            }
            if (grandSlam == GrandSlam.SPARE_LAST) {
                sum -= h[last];
                last--;
            }
            endCode = Ending.afterGrandSlam(grandSlam);
        }
        for (int p = first; p <= last; p++) {
            h[p] = 0;
        }
        nonEmpty &= ~(((1 << (last - first + 1)) - 1) << first); // an empty range (spare-last) clears nothing
        int s = side;
        stores[s] += sum;
        captured = sum;
        return endCode;
    }

    /** Sets the legal mask of the side to move, and the end if it has no legal move. */
    private void updateLegal() {
        int mask = legality.mask(h, nonEmpty, side);
        legal = mask;
        if (mask != 0) {
            end = Ending.ONGOING;
        } else if (((nonEmpty >>> (side * n)) & ((1 << n) - 1)) != 0) {
            end = Ending.NO_MOVES_MOVER; // cannot feed, or only grand slams under ILLEGAL: the mover takes all
        } else {
            // An empty side to move only arises from a set-up position: the opponent keeps its own seeds.
            end = Ending.NO_MOVES_OTHER;
        }
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
        final ReferenceHistory hi = history;
        final int k = --ply;
        hash = hi.pop(k, h);
        stores[0] = hi.scalar(k, ReferenceHistory.STORE_SOUTH);
        stores[1] = hi.scalar(k, ReferenceHistory.STORE_NORTH);
        legal = hi.scalar(k, ReferenceHistory.LEGAL);
        end = hi.scalar(k, ReferenceHistory.END);
        irreversible = hi.scalar(k, ReferenceHistory.IRREVERSIBLE);
        captured = hi.scalar(k, ReferenceHistory.CAPTURED);
        nonEmpty = hi.scalar(k, ReferenceHistory.NON_EMPTY);
        side ^= 1;
    }

    /** The hash of the position, from scratch ({@link PositionHash}, as the board computes it). */
    public long recomputeHash() {
        return PositionHash.of(Rows.pack(h, 0, n), Rows.pack(h, n, n), stores[0], stores[1], side);
    }
}
