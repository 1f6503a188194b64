package org.owarelab.evaluation.stats;

/**
 * The games do not determine finite ratings: the players fall into groups that never met (their
 * relative Elo is unknown), or, without virtual draws, a group won or lost every game it played
 * against the rest (its maximum-likelihood Elo is infinite). The message names the groups.
 */
public class ComparisonGraphException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** An exception with {@code message}. */
    public ComparisonGraphException(String message) {
        super(message);
    }
}
