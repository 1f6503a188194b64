package org.owarelab.training.nn;

/**
 * A learner step whose gradient was not finite: the update was skipped and the network, the
 * optimizer state and the step count are as they were, so the caller may go on with another batch.
 */
public final class NonFiniteGradientException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public NonFiniteGradientException(String message) {
        super(message);
    }
}
