package org.owarelab.evaluation.tournament;

/**
 * A tournament directory holds games played under other settings (seed, rules, openings, ply cap)
 * than the run asked for, or files that are not a tournament's: its games cannot be resumed.
 */
public final class TournamentMismatchException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public TournamentMismatchException(String message) {
        super(message);
    }
}
