package org.owarelab.evaluation.tournament;

import java.nio.file.Path;

/**
 * One checkpoint of a training run, as a ladder sees it: a directory under
 * {@code RUN/checkpoints/} holding a {@code meta.json} ({@link RunCheckpoints}).
 *
 * @param dir the checkpoint's directory
 * @param name its directory name, e.g. {@code step-000100}
 * @param step learner steps when it was saved
 * @param seconds wall-clock seconds into the run when it was saved (see {@link RunCheckpoints}
 *     for where they come from)
 * @param rules the rule set spec it was trained for ({@code ""} for the defaults), or null when
 *     its metadata does not say
 */
public record Checkpoint(Path dir, String name, long step, double seconds, String rules) {
    /** Checks the fields. */
    public Checkpoint {
        if (dir == null || name == null || name.isBlank()) {
            throw new IllegalArgumentException("checkpoint without a directory");
        }
        if (step < 0 || !(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("checkpoint " + dir + ": step and seconds must be >= 0, not " + step
                    + ", " + seconds);
        }
    }
}
