package org.owarelab.ablation;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The names of an ablation's variants ({@link AblationPlan}): built from the axis values
 * ({@code simulations=50}, axes joined by {@code _}; the key's last segment, or its last two when
 * the last one alone says little), made safe as a directory name, or given per zipped row by a
 * {@code name} list under {@code zip}.
 */
final class VariantNames {
    private VariantNames() {
    }

    /** The zip key that names the zipped rows instead of setting a config key. */
    static final String ROW_NAME = "name";

    /**
     * The names of the zipped rows ({@code zip: {name: [mlp, resnet], ...}}), checked, or null when
     * the file gives none: scalars, distinct, safe as directory names, one per row, and beside at
     * least one zipped config key.
     */
    static List<String> rowNames(AblationFile.Source src, AblationFile f) {
        List<JsonNode> given = f.zip().get(ROW_NAME);
        if (given == null) {
            return null;
        }
        String at = "/zip/" + ROW_NAME;
        String key = "zip." + ROW_NAME;
        if (given.isEmpty()) {
            throw src.error(at, key, "empty (expected one name per zipped row, e.g. name: [mlp, resnet])");
        }
        if (f.zip().size() == 1) {
            throw src.error(at, key, "names the zipped rows, but no other key is zipped (expected zipped config keys "
                    + "beside it, e.g. network.kind: [mlp, resnet])");
        }
        int rows = f.zip().entrySet().stream().filter(e -> !e.getKey().equals(ROW_NAME))
                .mapToInt(e -> e.getValue() == null ? 0 : e.getValue().size()).findFirst().orElse(0);
        if (given.size() != rows) {
            throw src.error(at, key, given.size() + " names for " + rows + " zipped rows (expected one name per row)");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < given.size(); i++) {
            JsonNode v = given.get(i);
            String name = v == null || !v.isValueNode() || v.isNull() ? "" : v.asText();
            if (!name.matches("[A-Za-z0-9._+-]+") || name.equals(".") || name.equals("..")) {
                throw src.error(at + "/" + i, key, "name " + v + " is not a plain name (expected letters, digits and "
                        + "._+- only, as it names the variant's directory)");
            }
            if (names.contains(name)) {
                throw src.error(at + "/" + i, key, "name " + name + " is listed twice (expected distinct names)");
            }
            names.add(name);
        }
        return names;
    }

    /** {@code f} without the rows' names: they are labels, not config keys, so not axes. */
    static AblationFile withoutRowNames(AblationFile f) {
        Map<String, List<JsonNode>> zip = new LinkedHashMap<>(f.zip());
        zip.remove(ROW_NAME);
        return new AblationFile(f.base(), f.set(), f.grid(), zip, f.seeds(), f.evaluation());
    }

    /** A value as the variant name and the tables show it. */
    static String text(JsonNode v) {
        if (v == null || v.isNull()) {
            return "null";
        }
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            v.forEach(x -> parts.add(text(x)));
            return String.join("x", parts);
        }
        return v.isValueNode() ? v.asText() : v.toString();
    }

    static String name(Map<String, String> values, List<String> axes) {
        if (values.isEmpty()) {
            return "base";
        }
        List<String> parts = new ArrayList<>();
        values.forEach((k, v) -> parts.add(label(k, axes) + "=" + v));
        return String.join("_", parts).replaceAll("[^A-Za-z0-9._=+-]", "-");
    }

    /** The key's last segment, or its last two when the last is a generic word or shared with another axis. */
    private static String label(String key, List<String> axes) {
        String[] s = key.split("\\.");
        String last = s[s.length - 1];
        long same = axes.stream().filter(a -> a.equals(last) || a.endsWith("." + last)).count();
        boolean generic = Set.of("enabled", "kind", "fraction", "value").contains(last);
        return s.length >= 2 && (same > 1 || generic) ? s[s.length - 2] + "." + last : last;
    }
}
