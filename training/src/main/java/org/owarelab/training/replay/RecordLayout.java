package org.owarelab.training.replay;

import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.RuleSet;

/**
 * What the records of a buffer hold: observations of encoder {@code encoderTag} ({@code id/version})
 * of {@code observationSize} floats, for games of {@code rules} with {@code actions} moves. A
 * buffer file is only loaded into a buffer of the same layout.
 */
public record RecordLayout(String encoderTag, RuleSet rules, int observationSize, int actions) {
    public RecordLayout {
        if (encoderTag == null || encoderTag.isBlank() || encoderTag.length() > 200) {
            throw new IllegalArgumentException("encoder tag must be 1..200 characters, got '" + encoderTag + "'");
        }
        if (rules == null) {
            throw new IllegalArgumentException("rules must be given");
        }
        if (observationSize < 1 || observationSize > 1 << 20) {
            throw new IllegalArgumentException("observationSize=" + observationSize + ": expected 1..1048576");
        }
        if (actions != rules.houses()) {
            throw new IllegalArgumentException("actions=" + actions + " but rules have " + rules.houses() + " houses");
        }
    }

    /** The layout of records made with {@code encoder}. */
    public static RecordLayout of(ObservationEncoder encoder) {
        return new RecordLayout(encoder.tag(), encoder.rules(), encoder.size(), encoder.rules().houses());
    }

    /** Bytes per record in the file format (see {@link ReplayFile}). */
    public int recordBytes() {
        return ReplayFile.FIXED_RECORD_BYTES + 4 * (observationSize + actions);
    }

    /** One line for messages, e.g. {@code encoder compact/1, rules default, 14 floats, 6 moves}. */
    public String describe() {
        return "encoder " + encoderTag + ", rules " + (rules.spec().isEmpty() ? "default" : rules.spec()) + ", "
                + observationSize + " floats, " + actions + " moves";
    }
}
