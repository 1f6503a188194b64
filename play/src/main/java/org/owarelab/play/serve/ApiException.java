package org.owarelab.play.serve;

/**
 * A request the API refuses: the HTTP status (4xx) and a one-line message naming what was wrong,
 * sent as {@code {"error": "..."}}.
 */
final class ApiException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int status;

    ApiException(int status, String message) {
        super(message);
        this.status = status;
    }

    int status() {
        return status;
    }
}
