package org.owarelab.cli;

/** Bad input found by a command itself (a missing file, a malformed line): exit code 2. */
final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message);
    }
}
