package org.owarelab.agents;

import org.owarelab.util.Texts;

/** A spec that names no known agent, an unknown option or a bad value; the message says what is allowed. */
public final class AgentSpecException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public AgentSpecException(String message) {
        super(Texts.escape(message)); // one line whatever input it quotes
    }
}
