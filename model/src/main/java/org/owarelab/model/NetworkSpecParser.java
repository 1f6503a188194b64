package org.owarelab.model;

import java.util.ArrayList;
import java.util.List;
import org.owarelab.util.KeyValueSpec;

/**
 * Reads the text form of a {@link NetworkSpec}: {@code kind[:key=value,...]}, through the lab's one
 * spec parser ({@link KeyValueSpec}), so its syntax and error format are those of agent specs.
 */
final class NetworkSpecParser {
    private static final List<String> MLP_KEYS = List.of("hidden", "value", "aux");
    private static final List<String> RESNET_KEYS = List.of("blocks", "channels", "value", "aux");

    private NetworkSpecParser() {
    }

    static NetworkSpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new NetworkSpecException("network spec is empty (expected e.g. mlp:hidden=256x256 or resnet:blocks=6,channels=64)");
        }
        KeyValueSpec spec = KeyValueSpec.parse("network spec", text, true, NetworkSpecException::new);
        NetworkSpec.Kind kind;
        try {
            kind = NetworkSpec.Kind.of(spec.head());
        } catch (NetworkSpecException e) {
            throw spec.headError(e.getMessage());
        }
        spec.requireKeys(kind == NetworkSpec.Kind.MLP ? MLP_KEYS : RESNET_KEYS, kind.id());
        NetworkSpec.ValueHead value = spec.read("value", NetworkSpec.ValueHead.TANH, NetworkSpec.ValueHead::of);
        boolean aux = spec.bool("aux", false);
        if (kind == NetworkSpec.Kind.MLP) {
            List<Integer> hidden = spec.has("hidden") ? widths(spec) : List.of(256, 256);
            return new NetworkSpec(kind, hidden, 0, 0, value, aux);
        }
        int blocks = spec.integer("blocks", 6, 1, NetworkSpec.MAX_BLOCKS);
        int channels = spec.integer("channels", 64, 1, NetworkSpec.MAX_WIDTH);
        return new NetworkSpec(kind, List.of(), blocks, channels, value, aux);
    }

    private static List<Integer> widths(KeyValueSpec spec) {
        List<Integer> out = new ArrayList<>();
        for (String w : spec.string("hidden", "").split("x", -1)) {
            int width;
            try {
                width = Integer.parseInt(w.trim());
            } catch (NumberFormatException e) {
                width = -1;
            }
            if (width < 1 || width > NetworkSpec.MAX_WIDTH) {
                throw spec.valueError("hidden", "expected widths 1.." + NetworkSpec.MAX_WIDTH + " joined by x, e.g. 256x256");
            }
            out.add(width);
        }
        return out;
    }
}
