package org.owarelab.ablation;

import org.owarelab.util.Texts;

/**
 * A bad ablation file: the message is one line, {@code FILE:LINE: key KEY: what was expected}.
 * An {@link IllegalArgumentException}, so the command exits with 2.
 */
public final class AblationException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public AblationException(String message) {
        super(Texts.escape(message));
    }
}
