package org.owarelab.rules;

/** Why a game ended. The text form is the one used in JSON output and records. */
public enum EndReason {
    /** A player captured more than half of the seeds; the seeds left on the board stay uncounted. */
    THRESHOLD("threshold"),
    /**
     * The player to move has no legal move: nothing can feed the empty opponent, every move is
     * a forbidden grand slam, or a grand slam (capture-all, to-opponent) emptied their side.
     */
    NO_MOVES("no-moves"),
    /** A position occurred for the second time. */
    REPETITION("repetition");

    private final String text;

    EndReason(String text) {
        this.text = text;
    }

    /** The lower-case text form, e.g. {@code no-moves}. */
    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
