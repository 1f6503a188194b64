package org.owarelab.model;

/**
 * A checkpoint that cannot be used: missing, corrupt or truncated, of another format version, or
 * written for another encoder, architecture, rule set or optimizer. The message names the
 * checkpoint and both sides of a mismatch.
 */
public final class CheckpointException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public CheckpointException(String message) {
        super(message);
    }

    public CheckpointException(String message, Throwable cause) {
        super(message, cause);
    }
}
