package org.owarelab.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Reads the text form of a {@link NetworkSpec}: {@code kind[:key=value,...]}. */
final class NetworkSpecParser {
    private NetworkSpecParser() {
    }

    static NetworkSpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new NetworkSpecException("network spec is empty (expected e.g. mlp:hidden=256x256 or resnet:blocks=6,channels=64)");
        }
        String t = text.trim();
        int colon = t.indexOf(':');
        NetworkSpec.Kind kind = NetworkSpec.Kind.of(colon < 0 ? t : t.substring(0, colon));
        Map<String, String> opts = new LinkedHashMap<>();
        if (colon >= 0 && colon + 1 < t.length()) {
            for (String part : t.substring(colon + 1).split(",", -1)) {
                int eq = part.indexOf('=');
                if (eq <= 0) {
                    throw new NetworkSpecException("network spec '" + text + "': expected key=value, got '" + part + "'");
                }
                String key = part.substring(0, eq).trim().toLowerCase(Locale.ROOT);
                if (opts.put(key, part.substring(eq + 1).trim()) != null) {
                    throw new NetworkSpecException("network spec '" + text + "': '" + key + "' given twice");
                }
            }
        }
        List<String> allowed = kind == NetworkSpec.Kind.MLP
                ? List.of("hidden", "value", "aux") : List.of("blocks", "channels", "value", "aux");
        for (String k : opts.keySet()) {
            if (!allowed.contains(k)) {
                throw new NetworkSpecException("network spec '" + text + "': unknown option '" + k + "' for "
                        + kind.id() + " (allowed: " + String.join(", ", allowed) + ")");
            }
        }
        NetworkSpec.ValueHead value = opts.containsKey("value")
                ? NetworkSpec.ValueHead.of(opts.get("value")) : NetworkSpec.ValueHead.TANH;
        boolean aux = opts.containsKey("aux") && bool(text, opts.get("aux"));
        if (kind == NetworkSpec.Kind.MLP) {
            List<Integer> hidden = opts.containsKey("hidden") ? widths(text, opts.get("hidden")) : List.of(256, 256);
            return new NetworkSpec(kind, hidden, 0, 0, value, aux);
        }
        int blocks = opts.containsKey("blocks") ? integer(text, "blocks", opts.get("blocks")) : 6;
        int channels = opts.containsKey("channels") ? integer(text, "channels", opts.get("channels")) : 64;
        return new NetworkSpec(kind, List.of(), blocks, channels, value, aux);
    }

    private static List<Integer> widths(String text, String v) {
        List<Integer> out = new ArrayList<>();
        for (String w : v.split("x", -1)) {
            out.add(integer(text, "hidden", w));
        }
        return out;
    }

    private static int integer(String text, String key, String v) {
        try {
            return Integer.parseInt(v.trim());
        } catch (NumberFormatException e) {
            throw new NetworkSpecException("network spec '" + text + "': " + key + "=" + v
                    + ": expected a whole number" + ("hidden".equals(key) ? " (widths joined by x, e.g. 256x256)" : ""));
        }
    }

    private static boolean bool(String text, String v) {
        switch (v.toLowerCase(Locale.ROOT)) {
            case "true": case "yes": case "on": case "1":
                return true;
            case "false": case "no": case "off": case "0":
                return false;
            default:
                throw new NetworkSpecException("network spec '" + text + "': aux=" + v + ": expected true or false");
        }
    }
}
