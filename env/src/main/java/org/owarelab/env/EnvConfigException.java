package org.owarelab.env;

import org.owarelab.util.Texts;

/** A bad environment configuration: names the option, the value and what was expected. */
public final class EnvConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public EnvConfigException(String message) {
        super(Texts.escape(message)); // one line whatever input it quotes
    }
}
