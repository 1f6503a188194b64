package org.owarelab.env;

import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Turns a position into the float observation a network reads. Canonical: always from the side
 * to move's view (the mover's houses first, then the opponent's, each from its owner's left), so
 * a position and the same position with the sides swapped encode identically.
 *
 * <p>Versioned: {@link #id()} and {@link #version()} are recorded in every checkpoint, and
 * loading a checkpoint with another encoder or version is refused. Change the version whenever
 * the encoding of any position changes. Implementations are immutable and thread-safe.
 *
 * <p>Built-ins: {@link CompactEncoder} ({@code compact/1}) and {@link PlanesEncoder}
 * ({@code planes/1}), created by id or tag with {@link Encoders#create}; a recorded tag is checked
 * with {@link Encoders#requireTag}.
 */
public interface ObservationEncoder {
    /** A short name, e.g. {@code compact} or {@code planes}. */
    String id();

    /** The encoding's version; bumped on any change of output. */
    int version();

    /** The rule set the encoder was built for (sizes depend on the houses per side). */
    RuleSet rules();

    /**
     * The shape of one observation, batch excluded: {@code {features}} for flat encoders,
     * {@code {channels, width}} for per-house planes read by 1-D convolutions.
     */
    int[] shape();

    /** Floats per observation: the product of {@link #shape()}. */
    default int size() {
        int s = 1;
        for (int d : shape()) {
            s *= d;
        }
        return s;
    }

    /** Writes the observation of {@code board} into {@code out[offset .. offset + size())}. Allocates nothing. */
    void encode(Board board, float[] out, int offset);

    /** {@code id/version}, e.g. {@code compact/1}: the form recorded in checkpoints. */
    default String tag() {
        return id() + "/" + version();
    }
}
