package org.owarelab.rules;

/**
 * Move letters and game records. South's houses are {@code A B C D E F} and North's
 * {@code a b c d e f}, each from the mover's left; a game is one string of letters, e.g.
 * {@code FfBe}, played from a start position.
 */
public final class Moves {
    private Moves() {
    }

    /** The letter of relative move {@code m} for {@code side}. */
    public static char letter(int side, int m) {
        return (char) ((side == Side.SOUTH ? 'A' : 'a') + m);
    }

    /** The letters of the moves in {@code mask} for {@code side}, in house order. */
    public static String letters(int side, int mask) {
        StringBuilder sb = new StringBuilder(8);
        for (int m = 0; mask >>> m != 0; m++) {
            if ((mask >>> m & 1) != 0) {
                sb.append(letter(side, m));
            }
        }
        return sb.toString();
    }

    /**
     * The relative move of letter {@code c} on {@code board}, checked: the letter's case must be
     * the side to move's and the move legal.
     *
     * @throws IllegalMoveException naming the ply, the letter and the legal moves
     */
    public static int parse(Board board, char c) {
        int side = board.toMove();
        int n = board.housesPerSide();
        int m;
        String why;
        if (c >= 'A' && c < 'A' + n) {
            m = c - 'A';
            why = side == Side.SOUTH ? null : "South's move with North to move";
        } else if (c >= 'a' && c < 'a' + n) {
            m = c - 'a';
            why = side == Side.NORTH ? null : "North's move with South to move";
        } else {
            m = -1;
            why = "not a move letter (expected " + letter(side, 0) + ".." + letter(side, n - 1) + ")";
        }
        if (why == null && !board.isLegal(m)) {
            why = board.isOver() ? "the game is over (" + board.endReason() + ")"
                    : board.countOfMove(m) == 0 ? "the house is empty"
                    : board.seedsOnSide(1 - side) == 0 ? "it does not feed the opponent's empty row"
                    : "it would be a grand slam, not legal under grand-slam=illegal";
        }
        if (why != null) {
            throw new IllegalMoveException(board.ply(), String.valueOf(c), board.legalLetters(), why);
        }
        return m;
    }

    /**
     * Plays a whole move string on {@code board}; white space between letters is ignored.
     *
     * @throws IllegalMoveException at the first letter that is not legal (the board then holds
     *     the moves before it)
     */
    public static void playAll(Board board, String moves) {
        for (int i = 0; i < moves.length(); i++) {
            char c = moves.charAt(i);
            if (!Character.isWhitespace(c)) {
                board.play(parse(board, c));
            }
        }
    }
}
