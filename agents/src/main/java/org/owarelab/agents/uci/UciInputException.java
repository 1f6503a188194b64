package org.owarelab.agents.uci;

/**
 * A command line from the GUI that the engine cannot act on: the engine reports it as
 * {@code info string error: <message>} and keeps its state. Never leaves {@link UciEngine}.
 */
final class UciInputException extends Exception {
    private static final long serialVersionUID = 1L;

    UciInputException(String message) {
        super(message);
    }
}
