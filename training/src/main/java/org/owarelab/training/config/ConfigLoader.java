package org.owarelab.training.config;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.formats.Mappers;
import org.owarelab.formats.ReadProblem;
import org.owarelab.model.NetworkSpec;

/**
 * Binds YAML to records. Unknown keys, wrong types and values refused by a record's compact
 * constructor are errors naming {@code source:line:column} and the key path; an override
 * {@code --set a.b=value} replaces (or adds) a key in the parsed tree before binding, and an
 * error in it names the override. Keys absent from the YAML take the defaults of
 * {@code defaults} (a fully built config), so a file need only say what differs. A key that is
 * an alias of a search setting's ({@link SearchOption#aliases()}: {@code sims} for
 * {@code simulations}) is bound as that key, in a file and in an override, wherever the section
 * has that key.
 *
 * <p>A layer of settings (the YAML over the defaults, the overrides over the YAML) that changes
 * the {@code network} kind drops the trunk sizes of the other kind ({@link NetworkSpec.Kind#sizeKeys})
 * that it does not name itself: over the defaults (an MLP's) {@code kind: resnet, blocks: 6,
 * channels: 64} needs no {@code hidden: []}, nor does {@code --set network.kind=resnet} over a
 * file that describes an MLP. Sizes the same layer names are kept, and one of the wrong kind is
 * refused as before.
 */
public final class ConfigLoader {
    private static final ObjectMapper YAML = Mappers.yamlBuilder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private ConfigLoader() {
    }

    /** Loads {@code file} over {@code defaults}, then applies the overrides. */
    public static <T> T load(Path file, T defaults, List<String> overrides) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ConfigException("config " + file + ": no such file");
        } catch (IOException e) {
            throw new ConfigException("config " + file + ": cannot read (" + e.getMessage() + ")");
        }
        if (isEmpty(text)) {
            throw new ConfigException("config " + file + ": the file is empty (expected a mapping of keys, e.g. "
                    + "'loop: {generations: 8}'; leave --config out for the embedded quick config)");
        }
        return parse(text, file.toString(), defaults, overrides);
    }

    /** Whether YAML {@code text} holds nothing: blank, only comments, or an empty document. */
    public static boolean isEmpty(String text) {
        if (text.isBlank()) {
            return true;
        }
        try {
            JsonNode n = YAML.readTree(text);
            return n == null || n.isNull() || n.isMissingNode() || n.isContainerNode() && n.isEmpty()
                    || n.isTextual() && n.asText().isEmpty(); // "---" alone reads as an empty text
        } catch (JsonProcessingException e) {
            return false; // parse() names the syntax error
        }
    }

    /**
     * Binds YAML text over {@code defaults} (a null or empty text gives the defaults) and applies
     * the overrides.
     *
     * @param source the name used in messages (a file name)
     */
    @SuppressWarnings("unchecked")
    public static <T> T parse(String text, String source, T defaults, List<String> overrides) {
        Class<T> type = (Class<T>) defaults.getClass();
        ObjectNode tree = (ObjectNode) YAML.valueToTree(defaults);
        JsonNode defaultNet = tree.has("network") ? tree.get("network").deepCopy() : null;
        if (text != null && !text.isBlank()) {
            JsonNode file;
            try {
                file = YAML.readTree(text);
            } catch (JsonProcessingException e) {
                ReadProblem p = ReadProblem.of(e);
                throw new ConfigException(where(source, e.getLocation()) + (p.key().isEmpty() ? "" : "'" + p.key()
                        + "': ") + p.problem().replaceFirst("^not valid syntax: ", "not valid YAML: "));
            }
            if (file != null && !file.isNull() && !file.isMissingNode()) {
                if (!file.isObject()) {
                    throw new ConfigException(source + ": expected a mapping of keys at the top level");
                }
                merge(tree, (ObjectNode) file, "");
                Set<String> named = new HashSet<>();
                file.path("network").fieldNames().forEachRemaining(named::add);
                dropOtherKindsSizes(defaultNet, named, tree);
            }
        }
        ObjectNode fileTree = tree.deepCopy();
        for (String o : overrides) {
            applyOverride(tree, o);
        }
        dropOtherKindsSizes(fileTree.get("network"), networkKeys(overrides), tree);
        try {
            return YAML.treeToValue(tree, type);
        } catch (JsonProcessingException e) {
            String path = path(e);
            String override = overrides.stream().filter(o -> {
                String key = o.substring(0, Math.max(0, o.indexOf('='))).trim();
                return key.equals(path) || !path.isEmpty() && (key.startsWith(path + ".") || path.startsWith(key + "."));
            }).reduce((a, b) -> b).orElse(null);
            if (override != null) {
                throw ConfigException.inOverride(override, problem(e), e);
            }
            // A record checked as a whole (no key path): blame the first override that breaks it, if any.
            ObjectNode partial = fileTree.deepCopy();
            for (int i = 0; i <= overrides.size(); i++) {
                try {
                    YAML.treeToValue(partial, type);
                } catch (JsonProcessingException first) {
                    if (i == 0) {
                        break;
                    }
                    throw ConfigException.inOverride(overrides.get(i - 1), problem(first), first);
                }
                if (i < overrides.size()) {
                    applyOverride(partial, overrides.get(i));
                    dropOtherKindsSizes(fileTree.get("network"), networkKeys(overrides.subList(0, i + 1)), partial);
                }
            }
            throw new ConfigException(where(source, locate(text, path)) + (path.isEmpty() ? "" : "'" + path + "': ")
                    + problem(e), e);
        }
    }

    /**
     * After one layer of settings (the YAML over the defaults, or the overrides over the YAML):
     * when the layer changed {@code tree}'s {@code network} kind from {@code before}'s, resets to
     * empty ({@code []}, 0) every trunk size of another kind that the layer does not name
     * ({@code named}: the layer's keys in the network section). Sizes the layer names are kept and
     * bound as given (so one of the wrong kind is refused, by name).
     */
    private static void dropOtherKindsSizes(JsonNode before, Set<String> named, ObjectNode tree) {
        if (!(tree.get("network") instanceof ObjectNode net) || before == null) {
            return;
        }
        NetworkSpec.Kind kind;
        try {
            kind = NetworkSpec.Kind.of(net.path("kind").asText());
        } catch (RuntimeException e) {
            return; // binding names the bad kind
        }
        if (kind.id().equalsIgnoreCase(before.path("kind").asText())) {
            return;
        }
        for (NetworkSpec.Kind other : NetworkSpec.Kind.values()) {
            if (other == kind) {
                continue;
            }
            for (String key : other.sizeKeys()) {
                JsonNode v = net.get(key);
                if (v != null && !named.contains(key)) {
                    net.set(key, v.isArray() ? YAML.createArrayNode() : YAML.getNodeFactory().numberNode(0));
                }
            }
        }
    }

    /** The keys that {@code overrides} set in the {@code network} section. */
    private static Set<String> networkKeys(List<String> overrides) {
        Set<String> keys = new HashSet<>();
        for (String o : overrides) {
            String key = o.substring(0, Math.max(0, o.indexOf('='))).trim();
            if (key.startsWith("network.")) {
                keys.add(key.substring("network.".length()));
            }
        }
        return keys;
    }

    /** Replaces the keys of {@code base} by those of {@code over}, recursively for mappings. */
    private static void merge(ObjectNode base, ObjectNode over, String prefix) {
        over.fields().forEachRemaining(e -> {
            String key = canonical(base, e.getKey());
            if (!key.equals(e.getKey()) && over.has(key)) {
                throw new ConfigException("'" + prefix + e.getKey() + "': names the same setting as '" + prefix + key
                        + "' (give one)");
            }
            JsonNode old = base.get(key);
            if (old != null && old.isObject() && e.getValue().isObject()) {
                merge((ObjectNode) old, (ObjectNode) e.getValue(), prefix + key + ".");
            } else {
                base.set(key, e.getValue());
            }
        });
    }

    /**
     * The key {@code key} binds as in {@code section}: a search setting's canonical YAML name where
     * {@code key} is one of its aliases and the section has that name ({@code sims} -> {@code simulations}).
     */
    static String canonical(ObjectNode section, String key) {
        if (section.has(key)) {
            return key;
        }
        for (SearchOption o : SearchOption.values()) {
            if (o.yamlKey() != null && o.aliases().contains(key)) {
                String name = o.yamlKey().substring(o.yamlKey().lastIndexOf('.') + 1);
                if (section.has(name)) {
                    return name;
                }
            }
        }
        return key;
    }

    private static void applyOverride(ObjectNode tree, String override) {
        int eq = override.indexOf('=');
        if (eq <= 0) {
            throw ConfigException.inOverride(override, "expected key.path=value", null);
        }
        String[] keys = override.substring(0, eq).trim().split("\\.", -1);
        for (String k : keys) {
            if (k.isBlank()) {
                throw ConfigException.inOverride(override, "expected key.path=value with a name between every "
                        + "two dots (e.g. loop.generations=8)", null);
            }
        }
        String raw = override.substring(eq + 1).trim();
        JsonNode value;
        try {
            value = raw.isEmpty() ? YAML.getNodeFactory().textNode("") : YAML.readTree(raw);
        } catch (JsonProcessingException e) {
            value = YAML.getNodeFactory().textNode(raw);
        }
        if (value == null || value.isMissingNode()) {
            value = YAML.getNodeFactory().nullNode();
        }
        ObjectNode node = tree;
        for (int i = 0; i < keys.length - 1; i++) {
            JsonNode child = node.get(keys[i]);
            if (child == null || !child.isObject()) {
                throw ConfigException.inOverride(override, "'" + String.join(".", java.util.Arrays.copyOf(keys, i + 1))
                        + "' is not a section of the config (sections: " + sections(node) + ")", null);
            }
            node = (ObjectNode) child;
        }
        node.set(canonical(node, keys[keys.length - 1]), value);
    }

    private static String sections(ObjectNode node) {
        List<String> s = new ArrayList<>();
        node.fields().forEachRemaining(e -> {
            if (e.getValue().isObject()) {
                s.add(e.getKey());
            }
        });
        return s.isEmpty() ? "none" : String.join(", ", s);
    }

    private static String path(JsonProcessingException e) {
        if (e instanceof JsonMappingException m) {
            return m.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
                    .collect(Collectors.joining("."));
        }
        return "";
    }

    /** What was wrong, in the config's terms: no Jackson class names, constructors or sources. */
    private static String problem(JsonProcessingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown key '" + u.getPropertyName() + "' (known: "
                    + u.getKnownPropertyIds().stream().map(String::valueOf).sorted().collect(Collectors.joining(", ")) + ")";
        }
        if (e instanceof ValueInstantiationException v && v.getCause() != null && v.getCause().getMessage() != null) {
            return v.getCause().getMessage();
        }
        if (e instanceof InvalidFormatException f && f.getTargetType() != null) {
            return "expected " + expected(f.getTargetType()) + ", got '" + f.getValue() + "'";
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            return "expected " + expected(m.getTargetType());
        }
        String m = e.getOriginalMessage();
        int cut = m.indexOf("\n");
        m = cut > 0 ? m.substring(0, cut) : m;
        return m.replaceAll("\\(class [^)]*\\)", "").replaceAll("`[a-z.]*\\.([A-Za-z$]+)`", "$1").trim();
    }

    /** What a value of {@code type} looks like in YAML. */
    static String expected(Class<?> type) {
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class
                || type == short.class || type == Short.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "a number";
        }
        if (type == boolean.class || type == Boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a text value";
        }
        if (type.isEnum()) {
            return "one of " + java.util.Arrays.stream(type.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name().toLowerCase(java.util.Locale.ROOT)).collect(Collectors.joining(", "));
        }
        if (type.isArray() || java.util.Collection.class.isAssignableFrom(type)) {
            return "a list, e.g. [64, 64]";
        }
        return "a section of keys (key: value lines below it)";
    }

    private static String where(String source, JsonLocation loc) {
        if (loc == null || loc.getLineNr() <= 0) {
            return source + ": ";
        }
        return source + ":" + loc.getLineNr() + ":" + loc.getColumnNr() + ": ";
    }

    /** Finds where key path {@code path} (a.b.c) stands in the YAML text, or its deepest present prefix. */
    private static JsonLocation locate(String text, String path) {
        if (text == null || text.isBlank() || path.isEmpty()) {
            return null;
        }
        try (JsonParser p = YAML.getFactory().createParser(text)) {
            JsonLocation best = null;
            int bestLen = -1;
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.FIELD_NAME) {
                    String here = p.getParsingContext().pathAsPointer().toString().substring(1).replace('/', '.');
                    if ((path.equals(here) || path.startsWith(here + ".")) && here.length() > bestLen) {
                        best = p.currentTokenLocation();
                        bestLen = here.length();
                    }
                }
            }
            return best;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The YAML form of a config (what a run directory saves as its effective config). */
    public static String toYaml(Object config) {
        try {
            return YAML.writeValueAsString(config);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write config as YAML: " + e.getMessage(), e);
        }
    }
}
