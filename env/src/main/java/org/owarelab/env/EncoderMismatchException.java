package org.owarelab.env;

/**
 * An observation encoder that is not the one expected, e.g. a checkpoint trained on
 * {@code compact/1} loaded into an environment that encodes {@code planes/1}. Names both tags.
 */
public final class EncoderMismatchException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public EncoderMismatchException(String message) {
        super(message);
    }
}
