package org.owarelab.agents.uci;

/**
 * An external UCI engine misbehaved: it died, did not answer in time, or replied with something
 * that is not a legal move. The message names the engine (its command), what was sent or
 * expected, and the reply or the exit code with the last lines the engine wrote to stderr.
 */
public final class UciException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UciException(String message) {
        super(message);
    }

    public UciException(String message, Throwable cause) {
        super(message, cause);
    }
}
