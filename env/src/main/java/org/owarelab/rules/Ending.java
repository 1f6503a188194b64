package org.owarelab.rules;

/**
 * The end codes a {@link Board} keeps (why the game ended and who takes the seeds left on the
 * board) and the end-of-game sharing of those seeds, per RULES.md "End of the game".
 */
final class Ending {
    static final int ONGOING = 0;
    static final int THRESHOLD = 1;
    static final int REPETITION = 2;
    /** No legal move; the side to move takes the seeds left (no feed, all grand slams, to-opponent). */
    static final int NO_MOVES_MOVER = 3;
    /** No legal move after a capture-all grand slam (or an empty side to move); the other side takes the seeds left. */
    static final int NO_MOVES_OTHER = 4;

    private Ending() {
    }

    /** The reason of end code {@code end}, or {@code null} for {@link #ONGOING}. */
    static EndReason reason(int end) {
        switch (end) {
            case THRESHOLD:
                return EndReason.THRESHOLD;
            case REPETITION:
                return EndReason.REPETITION;
            case NO_MOVES_MOVER:
            case NO_MOVES_OTHER:
                return EndReason.NO_MOVES;
            default:
                return null;
        }
    }

    /** The end code after a grand slam that is captured under {@code g}: the game ends unless it is {@code spare-last}. */
    static int afterGrandSlam(GrandSlam g) {
        switch (g) {
            case CAPTURE_ALL:
                return NO_MOVES_OTHER; // the opponent cannot move; the mover takes the seeds left
            case TO_OPPONENT:
                return NO_MOVES_MOVER; // the opponent cannot move and takes the seeds left
            default:
                return ONGOING;
        }
    }

    /**
     * Side {@code s}'s store after the sharing that end code {@code end} says.
     *
     * @param mover the side to move at the end
     * @param store side {@code s}'s store as the moves left it
     * @param mine the seeds on side {@code s}'s houses
     * @param theirs the seeds on the other side's houses
     */
    static int finalStore(int end, Repetition repetition, int s, int mover, int store, int mine, int theirs) {
        switch (end) {
            case REPETITION:
                if (repetition == Repetition.OWN_SIDE) {
                    return store + mine;
                }
                int left = mine + theirs;
                return store + left / 2 + (left % 2 == 1 && mine > theirs ? 1 : 0);
            case NO_MOVES_MOVER:
                return s == mover ? store + mine + theirs : store;
            case NO_MOVES_OTHER:
                return s != mover ? store + mine + theirs : store;
            default:
                return store;
        }
    }
}
