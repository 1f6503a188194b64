package org.owarelab.training.loop;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file of games in flight ({@code inflight-gG.json}) that is missing, unreadable, of another
 * format version, or saved for another resume point or worker layout; the message names the file,
 * what it holds and what was expected.
 */
public final class InFlightFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public InFlightFormatException(Path file, String problem) {
        super("games in flight " + file + ": " + problem);
    }

    public InFlightFormatException(Path file, String problem, Throwable cause) {
        super("games in flight " + file + ": " + problem, cause);
    }
}
