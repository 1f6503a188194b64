package org.owarelab.rules;

/** A move that is not legal where it was played: names the ply, the move and the legal moves. */
public final class IllegalMoveException extends RulesException {
    private static final long serialVersionUID = 1L;

    private final int ply;
    private final String move;
    private final String legal;

    public IllegalMoveException(int ply, String move, String legal, String why) {
        super("illegal move '" + move + "' at ply " + ply + ": " + why
                + (legal.isEmpty() ? " (no legal moves: the game is over)" : " (legal: " + legal + ")"));
        this.ply = ply;
        this.move = move;
        this.legal = legal;
    }

    /** The ply (0-based count of moves already played) at which the move was tried. */
    public int ply() {
        return ply;
    }

    /** The move as given. */
    public String move() {
        return move;
    }

    /** The legal moves at that ply as letters, e.g. {@code "ABDF"}; empty when the game is over. */
    public String legal() {
        return legal;
    }
}
