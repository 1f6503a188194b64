package org.owarelab.rules;

/**
 * The state of a {@link Board} and its read-only queries: the packed rows, stores, side to move,
 * hash, legal mask, end code and ply, as the moves ({@link Board}) leave them. Split from the
 * board by collaborator (its moves there, what can be read of a position here) so that neither
 * file grows past what a reader holds in mind; one class at run time in all but name: sealed to
 * {@link Board}, its queries final, so calls bind directly as before and nothing on the hot path
 * changes.
 *
 * <p>Fields are package-private for {@link Board} alone, which writes them; not thread-safe
 * (see {@link Board}).
 */
abstract sealed class PackedState permits Board {
    final RuleSet rules;
    /** Houses per player. */
    final int n;
    /** South's houses, one byte each ({@link Rows}). */
    long south;
    /** North's houses, one byte each. */
    long north;
    int storeSouth;
    int storeNorth;
    int side;
    long hash;
    int legal;
    int end;
    int ply;
    /** The ply of the first position with the current stores: older positions cannot recur. */
    int irreversible;
    int captured;

    PackedState(RuleSet rules) {
        this.rules = rules;
        this.n = rules.houses();
    }

    public final RuleSet rules() {
        return rules;
    }

    /** Houses per player, {@code n}. */
    public final int housesPerSide() {
        return n;
    }

    /** Seeds in house {@code house} (absolute index 0..2n-1). */
    public final int count(int house) {
        if (house < 0 || house >= 2 * n) {
            throw new ArrayIndexOutOfBoundsException("house " + house + " of " + 2 * n);
        }
        return house < n ? Rows.count(south, house) : Rows.count(north, house - n);
    }

    /** Seeds in the mover's house {@code m} (relative index 0..n-1). */
    public final int countOfMove(int m) {
        if (m < 0 || m >= n) {
            throw new ArrayIndexOutOfBoundsException("move " + m + " of " + n);
        }
        return Rows.count(row(side), m);
    }

    /** The store of {@link Side#SOUTH} or {@link Side#NORTH} as the moves left it. */
    public final int store(int s) {
        return s == Side.SOUTH ? storeSouth : storeNorth;
    }

    /** Seeds left on the houses of side {@code s}. */
    public final int seedsOnSide(int s) {
        return Rows.total(row(s));
    }

    final long row(int s) {
        return s == Side.SOUTH ? south : north;
    }

    /** {@link Side#SOUTH} or {@link Side#NORTH}. */
    public final int toMove() {
        return side;
    }

    /** Plies played since the position this board was set to. */
    public final int ply() {
        return ply;
    }

    /** The hash of houses, stores and side to move ({@link PositionHash}; computed once per move). */
    public final long hash() {
        return hash;
    }

    /** Legal moves for the side to move, bit {@code m} for relative move {@code m}; 0 when the game is over. */
    public final int legalMask() {
        return legal;
    }

    public final boolean isLegal(int m) {
        return m >= 0 && m < n && (legal >>> m & 1) != 0;
    }

    public final boolean isOver() {
        return end != Ending.ONGOING;
    }

    /** Why the game ended, or {@code null} while it goes on. */
    public final EndReason endReason() {
        return Ending.reason(end);
    }

    /** Seeds captured by the move that led here (0 at the base position). */
    public final int lastCaptured() {
        return captured;
    }

    /**
     * The store of side {@code s} after the end-of-game sharing of the seeds left on the board
     * (equal to {@link #store(int)} while the game goes on and after a threshold win).
     */
    public final int finalStore(int s) {
        return Ending.finalStore(end, rules.repetition(), s, side, store(s), seedsOnSide(s), seedsOnSide(1 - s));
    }

    /**
     * The winner once the game is over: {@link Side#SOUTH}, {@link Side#NORTH}, or -1 for a
     * draw; -1 also while the game goes on (check {@link #isOver()}).
     */
    public final int winner() {
        if (end == Ending.ONGOING) {
            return -1;
        }
        int s = finalStore(Side.SOUTH);
        int t = finalStore(Side.NORTH);
        return s > t ? Side.SOUTH : t > s ? Side.NORTH : -1;
    }

    /** The result from the view of side {@code s}: +1 win, 0 draw or ongoing, -1 loss. */
    public final int result(int s) {
        int w = winner();
        return w < 0 ? 0 : w == s ? 1 : -1;
    }

    /** The letter of relative move {@code m} for the side to move ({@code A..} or {@code a..}). */
    public final char letter(int m) {
        return Moves.letter(side, m);
    }

    /** The legal moves as letters, e.g. {@code "ABDF"}. */
    public final String legalLetters() {
        return Moves.letters(side, legal);
    }

    /** An immutable snapshot of the current position (allocates). */
    public final Position position() {
        int[] h = new int[2 * n];
        for (int i = 0; i < n; i++) {
            h[i] = Rows.count(south, i);
            h[n + i] = Rows.count(north, i);
        }
        return new Position(rules, h, storeSouth, storeNorth, side);
    }

    /** The position text, e.g. {@code 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S}. */
    public final String text() {
        return position().text();
    }

    /** True when houses, stores and side to move equal those of {@code o} (history not compared). */
    public final boolean samePosition(Board o) {
        return rules.equals(o.rules) && side == o.side && storeSouth == o.storeSouth && storeNorth == o.storeNorth
                && south == o.south && north == o.north;
    }

    @Override
    public final String toString() {
        return text();
    }

    /** Recomputes the hash from scratch (for tests that play and undo keep it right). */
    public final long recomputeHash() {
        return PositionHash.of(south, north, storeSouth, storeNorth, side);
    }
}
