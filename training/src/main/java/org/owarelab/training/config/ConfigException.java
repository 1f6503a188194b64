package org.owarelab.training.config;

/** A config that cannot be bound: the message names the source, line and column or override, and the problem. */
public final class ConfigException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(org.owarelab.util.Texts.escape(message)); // one line whatever input it quotes
    }

    public ConfigException(String message, Throwable cause) {
        super(org.owarelab.util.Texts.escape(message), cause);
    }
}
