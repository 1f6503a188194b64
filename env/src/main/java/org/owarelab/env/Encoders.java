package org.owarelab.env;

import java.util.List;
import org.owarelab.rules.RuleSet;

/**
 * The observation encoders by id ({@code compact}, {@code planes}) and the version check used when
 * a checkpoint recorded the encoder it was trained with.
 */
public final class Encoders {
    private static final List<String> IDS = List.of(CompactEncoder.ID, PlanesEncoder.ID);

    private Encoders() {
    }

    /** The built-in encoder ids. */
    public static List<String> ids() {
        return IDS;
    }

    /**
     * The encoder named by an id ({@code planes}) or a tag ({@code planes/1}) for {@code rules}.
     *
     * @throws EnvConfigException for an unknown id
     * @throws EncoderMismatchException for a tag whose version this build does not have
     */
    public static ObservationEncoder create(String idOrTag, RuleSet rules) {
        int slash = idOrTag.indexOf('/');
        String id = slash < 0 ? idOrTag.trim() : idOrTag.substring(0, slash).trim();
        ObservationEncoder e = switch (id) {
            case CompactEncoder.ID -> new CompactEncoder(rules);
            case PlanesEncoder.ID -> new PlanesEncoder(rules);
            default -> throw new EnvConfigException("encoder '" + idOrTag + "': expected one of " + String.join(", ", IDS));
        };
        if (slash >= 0) {
            requireTag(e, idOrTag.trim());
        }
        return e;
    }

    /**
     * Checks that {@code encoder} is the one a checkpoint (or record) was made with.
     *
     * @param expectedTag the recorded {@link ObservationEncoder#tag()}, e.g. {@code compact/1}
     * @throws EncoderMismatchException naming both tags when they differ
     */
    public static void requireTag(ObservationEncoder encoder, String expectedTag) {
        if (!encoder.tag().equals(expectedTag)) {
            throw new EncoderMismatchException("encoder mismatch: expected " + expectedTag + " (as recorded), but this "
                    + "environment encodes " + encoder.tag() + "; observations would not mean what the network learned");
        }
    }
}
