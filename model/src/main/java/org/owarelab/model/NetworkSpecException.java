package org.owarelab.model;

import org.owarelab.util.Texts;

/** A network spec with an unknown kind or option or a value out of range; the message says what is allowed. */
public final class NetworkSpecException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public NetworkSpecException(String message) {
        super(Texts.escape(message)); // one line whatever input it quotes
    }
}
