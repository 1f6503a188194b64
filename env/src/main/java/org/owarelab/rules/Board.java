package org.owarelab.rules;

/**
 * The fast, mutable game state: house counts, stores, side to move, the legal-move mask, an
 * hash ({@link PositionHash}) and the history needed for undo and for the repetition rule.
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
 * <p>Representation ({@link PackedState}, the state and its read-only queries; this class holds
 * the moves): each player's houses packed one byte a house into a {@code long}
 * ({@link Rows}), so sowing is two additions from a per-size table ({@link Sowing}), undo
 * restores four words, and the repetition check compares two. Collaborators, each the one
 * home of its part: {@link Sowing} (sowing, with the hash), {@link Legality} (feeding and the
 * grand-slam look-ahead), {@link History} (undo and the repetition test), {@link Ending} (end
 * codes and the end-of-game sharing), {@link PositionHash}, {@link Rows} (the byte arithmetic).
 * Every one is a final class called directly: no interface or strategy object on the hot path.
 *
 * <p>Not thread-safe: give each thread its own copy ({@link #copy()}, {@link #copyFrom(Board)}).
 */
public final class Board extends PackedState {
    private final GrandSlam grandSlam;
    private final Legality legality;
    private final Sowing sowing;
    private final History history;
    private final int winningStore;

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
        this(p.rules(), 64);
        set(p);
    }

    private Board(Board o) {
        this(o.rules, Math.max(64, o.history.capacity()));
        copyFrom(o);
    }

    /** An empty board for {@code rules} with room for {@code plies} of history: set or copy a position next. */
    private Board(RuleSet rules, int plies) {
        super(rules);
        this.grandSlam = rules.grandSlam();
        this.winningStore = rules.winningStore();
        this.legality = new Legality(rules);
        this.sowing = Sowing.of(n);
        this.history = new History(plies);
    }

    /** Resets this board to {@code p} (same rule set), forgetting the history. */
    public void set(Position p) {
        if (!p.rules().equals(rules)) {
            throw new RulesException("position for rules " + p.rules() + " on a board for rules " + rules);
        }
        long sw = 0;
        long nw = 0;
        for (int i = n - 1; i >= 0; i--) { // house by house: Position.houses() would allocate a copy
            sw = sw << 8 | p.house(i);
            nw = nw << 8 | p.house(n + i);
        }
        south = sw;
        north = nw;
        storeSouth = p.store(Side.SOUTH);
        storeNorth = p.store(Side.NORTH);
        side = p.toMove();
        ply = 0;
        irreversible = 0;
        captured = 0;
        history.clear();
        hash = PositionHash.of(south, north, storeSouth, storeNorth, side);
        end = Ending.ONGOING;
        if (storeSouth >= winningStore || storeNorth >= winningStore) {
            end = Ending.THRESHOLD;
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
        south = o.south;
        north = o.north;
        storeSouth = o.storeSouth;
        storeNorth = o.storeNorth;
        side = o.side;
        hash = o.hash;
        legal = o.legal;
        end = o.end;
        ply = o.ply;
        irreversible = o.irreversible;
        captured = o.captured;
        history.copyFrom(o.history, ply);
    }

    // ---------------------------------------------------------------- moves

    /**
     * Plays relative move {@code m} for the side to move.
     *
     * @throws IllegalMoveException if {@code m} is not legal here (the game over included)
     */
    public void play(int m) {
        if (m < 0 || m >= n || (legal >>> m & 1) == 0) {
            throw illegal(m);
        }
        playKnown(m, true);
    }

    /**
     * Plays relative move {@code m}, which the caller knows to be legal here, without checking it;
     * with {@code settle} false it also skips working out what follows the move (the end of the
     * game and the next legal mask). For search trees that walk again moves they have played from
     * the same position before: the interior positions of the walk need no legal mask, only the
     * leaf does. After an unsettled move, {@link #legalMask()}, {@link #isOver()} and what depends
     * on them are stale (and {@link #play} checks against a stale mask) until a move played with
     * {@code settle} true; the position, stores, hash and history stay exact, so a settled move
     * after unsettled ones sees the repetition rule as {@link #play} would, and {@link #undo}
     * brings back each earlier position as it was (a settled one settled).
     *
     * <p>One method with {@link #play}'s whole body, too large for HotSpot to inline into its
     * callers, as {@code play} was before: split into smaller pieces, the JIT inlined them into
     * the alpha-beta search, which then ran 10-15% slower ({@code bench search}).
     */
    public void playKnown(int m, boolean settle) {
        if (m < 0 || m >= n) {
            throw illegal(m);
        }
        record();
        final int s = side;
        final int origin = s * n + m;
        long sw = south;
        long nw = north;
        final int seeds;
        if (s == Side.SOUTH) {
            seeds = Rows.count(sw, m);
            sw = Rows.clearHouse(sw, m);
        } else {
            seeds = Rows.count(nw, m);
            nw = Rows.clearHouse(nw, m);
        }
        final int lastHouse;
        if (seeds < 2 * n) {
            int e = sowing.entry(origin, seeds);
            sw += sowing.southAt(e);
            nw += sowing.northAt(e);
            lastHouse = sowing.lastAt(e);
        } else {
            sw += sowing.addSouth(origin, seeds);
            nw += sowing.addNorth(origin, seeds);
            lastHouse = sowing.last(origin, seeds);
        }
        south = sw;
        north = nw;
        captured = 0;
        int grandSlamEnd = Ending.ONGOING;
        final int last = lastHouse - (1 - s) * n; // in the opponent's row when 0..n-1
        if (last >= 0 && last < n) {
            int c = Rows.count(s == Side.SOUTH ? nw : sw, last);
            if (c == 2 || c == 3) {
                grandSlamEnd = capture(last);
            }
        }
        side = s ^ 1;
        hash = PositionHash.of(south, north, storeSouth, storeNorth, side);
        ply++;
        if (settle) {
            settle(grandSlamEnd);
        } else if (captured > 0) {
            irreversible = ply;
        }
    }

    /** After a move: the end of the game (threshold, grand slam, repetition) or the next legal mask. */
    private void settle(int grandSlamEnd) {
        if (captured > 0) {
            irreversible = ply;
        }
        if (storeSouth >= winningStore || storeNorth >= winningStore) {
            end = Ending.THRESHOLD;
            legal = 0;
        } else if (grandSlamEnd != Ending.ONGOING) {
            end = grandSlamEnd;
            legal = 0;
        } else if (captured == 0 && history.repeats(ply, irreversible, south, north, hash)) {
            end = Ending.REPETITION;
            legal = 0;
        } else {
            updateLegal();
        }
    }

    /** Pushes the position before a move on the history. */
    private void record() {
        history.push(ply, south, north, hash, History.scalars(storeSouth, storeNorth, legal, end, captured, irreversible));
    }

    /** The exception for illegal move {@code m} (kept out of {@link #play}, so that play stays small enough to inline). */
    private IllegalMoveException illegal(int m) {
        return new IllegalMoveException(ply, m >= 0 && m < n ? String.valueOf(Moves.letter(side, m)) : "#" + m,
                legalLetters(), end != Ending.ONGOING ? "the game is over" : "not a legal move here");
    }

    /**
     * Captures from the opponent's house {@code last} (relative to its row) clockwise; applies
     * the grand-slam variant. Returns an end code.
     */
    private int capture(int last) {
        final int s = side;
        long opp = s == Side.SOUTH ? north : south;
        int first = Rows.runStart(opp, last); // houses first..last qualify
        int sum = Rows.sum(opp, first, last);
        int endCode = Ending.ONGOING;
        if (sum == Rows.total(opp)) {
            if (grandSlam == GrandSlam.NO_CAPTURE || grandSlam == GrandSlam.ILLEGAL) {
                return Ending.ONGOING; // ILLEGAL: never reached, the legal mask leaves grand slams out
            }
            if (grandSlam == GrandSlam.SPARE_LAST) {
                sum -= Rows.count(opp, last);
                last--;
            }
            endCode = Ending.afterGrandSlam(grandSlam);
        }
        opp = Rows.clear(opp, first, last); // an empty range (spare-last) clears nothing
        if (s == Side.SOUTH) {
            north = opp;
            storeSouth += sum;
        } else {
            south = opp;
            storeNorth += sum;
        }
        captured = sum;
        return endCode;
    }

    /** Sets the legal mask of the side to move, and the end if it has no legal move. */
    private void updateLegal() {
        int mask = legality.mask(south, north, side);
        legal = mask;
        if (mask != 0) {
            end = Ending.ONGOING;
        } else if (row(side) != 0) {
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
        final History hi = history;
        final int k = --ply;
        hash = hi.pop(k);
        south = hi.south(k);
        north = hi.north(k);
        long sc = hi.scalars(k);
        storeSouth = History.storeSouth(sc);
        storeNorth = History.storeNorth(sc);
        legal = History.legal(sc);
        end = History.end(sc);
        captured = History.captured(sc);
        irreversible = History.irreversible(sc);
        side ^= 1;
    }


}
