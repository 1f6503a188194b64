package org.owarelab.training.replay;

import java.io.IOException;
import java.nio.file.Path;

/** A replay buffer file that is not one, is truncated or corrupt, or holds another layout; the message names the file. */
public final class ReplayFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    public ReplayFormatException(Path file, String problem) {
        super("replay buffer " + file + ": " + problem);
    }
}
