package org.owarelab.training.loop;

/** Thrown when a run directory is locked by another training session (see {@link RunLock}). */
public final class RunInUseException extends IllegalStateException {
    private static final long serialVersionUID = 1L;

    public RunInUseException(String message) {
        super(message);
    }
}
