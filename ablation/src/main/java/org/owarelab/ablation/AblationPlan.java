package org.owarelab.ablation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.formats.Mappers;
import org.owarelab.model.ModelAgents;
import org.owarelab.training.config.ConfigException;
import org.owarelab.training.config.ConfigLoader;
import org.owarelab.training.loop.TrainConfig;

/**
 * An ablation file expanded to resolved training configs. Every {@code set} override, every axis
 * value and every variant is validated exactly like {@code oware train --set} on the base config
 * before anything runs; a failure is an {@link AblationException} naming the file, the line of the
 * offending key or value and the key.
 *
 * <p>An axis key may also be under {@code set:}: the axis value wins (set first, then the axes).
 *
 * <p>Variants: the grid's combinations (first key varying slowest) times the zipped rows; a
 * variant is named after its axis values ({@code simulations=50}, axes joined by {@code _}; the
 * key's last segment, or its last two when the last one alone says little), made safe as a
 * directory name. No axis gives one variant, {@code base}. A {@code name} list under {@code zip}
 * names the zipped rows instead: the variant is then the grid's part, if any, and the row's name.
 * It is no axis and sets no config key.
 *
 * @param source the ablation file
 * @param baseName how the base config was found (a path or {@code embedded NAME})
 * @param baseText the base config's YAML
 * @param axes the axis keys, grid keys first
 * @param variants the variants in order
 * @param seeds the run seeds of every variant
 */
public record AblationPlan(AblationFile.Source source, String baseName, String baseText, List<String> axes,
        List<Variant> variants, List<Long> seeds) {

    private static final ObjectMapper YAML = Mappers.yaml();
    private static final ObjectMapper JSON = Mappers.json();

    /**
     * One variant.
     *
     * @param name its directory name
     * @param axes axis key to value (as written in the ablation file, e.g. {@code 50}, {@code true})
     * @param overrides the {@code --set} overrides that make it from the base config (set, then axes)
     * @param config the resolved config (with the base's seed; each run sets its own)
     */
    public record Variant(String name, Map<String, String> axes, List<String> overrides, TrainConfig config) {
        /** The resolved config of the run with {@code seed}. */
        public TrainConfig config(long seed) {
            return ConfigLoader.parse(null, "", config, List.of("seed=" + seed));
        }
    }

    /** Reads, expands and validates {@code file}. */
    public static AblationPlan load(Path file) {
        AblationFile.Source src = AblationFile.read(file);
        AblationFile written = src.content();
        List<String> rowNames = VariantNames.rowNames(src, written);
        AblationFile f = rowNames == null ? written : VariantNames.withoutRowNames(written);
        if (f.base() == null || f.base().isBlank()) {
            throw src.error("", "base", "missing (expected a config path relative to " + file
                    + ", or an embedded name: " + String.join(", ", embeddedNames()) + ")");
        }
        String[] base = base(src, f.base());
        if (ConfigLoader.isEmpty(base[1])) {
            throw src.error("/base", "base", base[0] + " is empty (expected a training config; an empty one would "
                    + "train from built-in defaults)");
        }
        List<String> set = new ArrayList<>();
        f.set().forEach((k, v) -> set.add(override(k, v)));
        check(src, base, set, Map.of(), "/set", null);
        // Axes: no empty or mismatched list, every value valid on its own.
        List<String> axes = new ArrayList<>();
        int zipLength = -1;
        String firstZip = null;
        for (String section : new String[] {"grid", "zip"}) {
            Map<String, List<JsonNode>> m = section.equals("grid") ? f.grid() : f.zip();
            if (m.isEmpty() && src.lines().containsKey("/" + section)) {
                // grid: {} would run the base variant alone, which is not what a written axis asks for.
                throw src.error("/" + section, section, "empty (expected at least one axis, e.g. " + section
                        + ": {selfplay.simulations: [25, 50]}; leave " + section + " out for no axis)");
            }
            for (Map.Entry<String, List<JsonNode>> e : m.entrySet()) {
                String at = "/" + section + "/" + pointer(e.getKey());
                String key = section + "." + e.getKey();
                if (e.getValue() == null || e.getValue().isEmpty()) {
                    throw src.error(at, key, "empty axis (expected a list of at least one value)");
                }
                if (axes.contains(e.getKey())) {
                    throw src.error(at, key, "is both a grid and a zip axis (expected each key once)");
                }
                if (section.equals("zip")) {
                    if (zipLength >= 0 && e.getValue().size() != zipLength) {
                        throw src.error(at, key, e.getValue().size() + " values, but zip." + firstZip + " has "
                                + zipLength + " (expected zipped lists of equal length)");
                    }
                    zipLength = e.getValue().size();
                    firstZip = e.getKey();
                }
                Set<String> seen = new HashSet<>();
                for (int i = 0; i < e.getValue().size(); i++) {
                    JsonNode v = e.getValue().get(i);
                    if (!seen.add(String.valueOf(v))) {
                        throw src.error(at + "/" + i, key, "value " + v + " is listed twice (expected distinct values)");
                    }
                    if (section.equals("grid")) {
                        check(src, base, set, Map.of(override(e.getKey(), v), new String[] {at + "/" + i, key}),
                                at + "/" + i, key);
                    }
                }
                axes.add(e.getKey());
            }
        }
        // Zipped values go together (e.g. gumbel on with noise off): each row is checked as a whole.
        for (int i = 0; i < Math.max(zipLength, 0); i++) {
            Map<String, String[]> row = new LinkedHashMap<>();
            for (Map.Entry<String, List<JsonNode>> e : f.zip().entrySet()) {
                row.put(override(e.getKey(), e.getValue().get(i)),
                        new String[] {"/zip/" + pointer(e.getKey()) + "/" + i, "zip." + e.getKey()});
            }
            String[] first = row.values().iterator().next();
            check(src, base, set, row, first[0], first[1]);
        }
        List<Map<String, JsonNode>> rows = combinations(f);
        List<Variant> variants = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Map<String, JsonNode> row : rows) {
            List<String> overrides = new ArrayList<>(set);
            Map<String, String> values = new LinkedHashMap<>();
            Map<String, String[]> places = new LinkedHashMap<>();
            row.forEach((k, v) -> {
                overrides.add(override(k, v));
                values.put(k, VariantNames.text(v));
                String section = f.grid().containsKey(k) ? "grid" : "zip";
                places.put(override(k, v), new String[] {"/" + section + "/" + pointer(k), section + "." + k});
            });
            String firstAxis = row.isEmpty() ? null : row.keySet().iterator().next();
            TrainConfig cfg = check(src, base, set, places,
                    firstAxis == null ? "/set" : "/" + (f.grid().containsKey(firstAxis) ? "grid" : "zip") + "/"
                            + pointer(firstAxis), firstAxis == null ? null
                            : (f.grid().containsKey(firstAxis) ? "grid." : "zip.") + firstAxis + " (variant " + values + ")");
            String named = VariantNames.name(values, axes);
            if (rowNames != null) {
                // The grid's part as usual, then the zipped row's own name.
                Map<String, String> gridPart = new LinkedHashMap<>(values);
                gridPart.keySet().retainAll(f.grid().keySet());
                String rowName = rowNames.get(variants.size() % rowNames.size());
                named = gridPart.isEmpty() ? rowName : VariantNames.name(gridPart, axes) + "_" + rowName;
            }
            String name = named;
            for (int i = 2; !names.add(name); i++) {
                name = named + "-" + i;
            }
            variants.add(new Variant(name, values, overrides, cfg));
        }
        // One rule set for everyone: the variants meet in one tournament.
        String rules = variants.get(0).config().rules();
        for (Variant v : variants) {
            if (!v.config().rules().equals(rules)) {
                throw src.error("/grid", "rules", "variants " + variants.get(0).name() + " and " + v.name()
                        + " play different rules (expected one rule set: the variants are rated in one pool)");
            }
        }
        List<Long> seeds = f.seeds() == null ? List.of(variants.get(0).config().seed()) : f.seeds();
        if (seeds.isEmpty()) {
            throw src.error("/seeds", "seeds", "empty (expected a list of run seeds, e.g. [1, 2, 3])");
        }
        if (new HashSet<>(seeds).size() != seeds.size()) {
            throw src.error("/seeds", "seeds", "a seed is listed twice (expected distinct seeds)");
        }
        checkEvaluation(src, f.evaluation(), variants.get(0).config());
        return new AblationPlan(src, base[0], base[1], List.copyOf(axes), List.copyOf(variants), List.copyOf(seeds));
    }

    public AblationFile.Evaluation evaluation() {
        return source.content().evaluation();
    }

    /** Runs in plan order: each variant's seeds. */
    public int runs() {
        return variants.size() * seeds.size();
    }

    private static void checkEvaluation(AblationFile.Source src, AblationFile.Evaluation e, TrainConfig cfg) {
        if (e.opponents().isEmpty()) {
            throw src.error("/evaluation/opponents", "evaluation.opponents", "empty (expected at least one fixed "
                    + "opponent, e.g. [greedy]: the first one is Elo 0)");
        }
        try (AgentRegistry agents = ModelAgents.registry()) {
            for (int i = 0; i < e.opponents().size(); i++) {
                try {
                    agents.validate(e.opponents().get(i));
                } catch (RuntimeException ex) {
                    throw src.error("/evaluation/opponents/" + i, "evaluation.opponents", ex.getMessage());
                }
            }
        }
        if (new HashSet<>(e.opponents()).size() != e.opponents().size()) {
            throw src.error("/evaluation/opponents", "evaluation.opponents", "an opponent is listed twice");
        }
        if (e.games() < 2 || e.games() % 2 != 0 || e.games() > 100_000) {
            throw src.error("/evaluation/games", "evaluation.games", e.games() + " (expected an even number of games "
                    + "per pair, 2..100000: colour-swapped pairs)");
        }
        if (!e.mode().equals("sims") && !e.mode().equals("time")) {
            throw src.error("/evaluation/mode", "evaluation.mode", "'" + e.mode() + "' (expected sims: equal "
                    + "simulations per move, or time: equal time per move, with movetimeMs)");
        }
        if (e.timed() && (e.movetimeMs() < 1 || e.movetimeMs() > 86_400_000)) {
            throw src.error("/evaluation/movetimeMs", "evaluation.movetimeMs", e.movetimeMs() + " (mode: time needs "
                    + "the milliseconds per move, 1..86400000)");
        }
        if (!e.timed() && e.movetimeMs() != 0) {
            throw src.error("/evaluation/movetimeMs", "evaluation.movetimeMs", e.movetimeMs() + " (a move time is "
                    + "used only with mode: time; mode is " + e.mode() + ")");
        }
        if (e.sims() < 1 || e.sims() > 1_000_000) {
            throw src.error("/evaluation/sims", "evaluation.sims", e.sims() + " (expected 1..1000000)");
        }
        if (!e.checkpoints().equals("final") && !e.checkpoints().equals("all")) {
            throw src.error("/evaluation/checkpoints", "evaluation.checkpoints", "'" + e.checkpoints()
                    + "' (expected final or all)");
        }
        if (e.openingPlies() < 0 || e.openingPlies() > 100) {
            throw src.error("/evaluation/openingPlies", "evaluation.openingPlies", e.openingPlies()
                    + " (expected 0..100)");
        }
        if (e.threads() < 0 || e.threads() > 1024) {
            throw src.error("/evaluation/threads", "evaluation.threads", e.threads() + " (expected 0..1024, 0: cores)");
        }
    }

    /** {@code {path, text}} of the base config: a file relative to the ablation file, else an embedded config. */
    private static String[] base(AblationFile.Source src, String base) {
        Path dir = src.file().toAbsolutePath().getParent();
        Path file = dir.resolve(base);
        if (Files.isRegularFile(file)) {
            try {
                return new String[] {src.file().getParent() == null ? base : src.file().getParent().resolve(base)
                        .normalize().toString(), Files.readString(file, StandardCharsets.UTF_8)};
            } catch (IOException e) {
                throw src.error("/base", "base", "cannot read " + file + " (" + e.getMessage() + ")");
            }
        }
        if (base.matches("[A-Za-z0-9_-]+")) {
            try (InputStream in = TrainConfig.class.getClassLoader().getResourceAsStream("configs/" + base + ".yaml")) {
                if (in != null) {
                    return new String[] {"embedded " + base, new String(in.readAllBytes(), StandardCharsets.UTF_8)};
                }
            } catch (IOException e) {
                throw src.error("/base", "base", "cannot read the embedded config " + base);
            }
        }
        throw src.error("/base", "base", "'" + base + "': no such file (expected a config path relative to "
                + src.file() + ", or an embedded name: " + String.join(", ", embeddedNames()) + ")");
    }

    static List<String> embeddedNames() {
        return List.of("quick", "tiny", "default", "gpu");
    }

    /**
     * Binds the base with {@code set} then the overrides of {@code extra} (override to the pointer
     * and key it came from). A refusal blamed on one override is an error at its place; one blamed
     * on none is an error at {@code pointer} and {@code key} (the base when {@code key} is null).
     */
    private static TrainConfig check(AblationFile.Source src, String[] base, List<String> set,
            Map<String, String[]> extra, String pointer, String key) {
        List<String> all = new ArrayList<>(set);
        all.addAll(extra.keySet());
        try {
            return ConfigLoader.parse(base[1], base[0], TrainConfig.DEFAULT, all);
        } catch (ConfigException e) {
            String o = e.override();
            if (o != null && all.contains(o)) {
                String[] at = extra.get(o);
                return at != null ? fail(src, at[0], at[1], e.problem())
                        : fail(src, "/set/" + pointer(e.key()), "set." + e.key(), e.problem());
            }
            String m = e.getMessage();
            return key != null ? fail(src, pointer, key, m) : fail(src, "/base", "base", m);
        }
    }

    private static TrainConfig fail(AblationFile.Source src, String pointer, String key, String problem) {
        throw src.error(pointer, key, problem);
    }

    /** The grid's combinations times the zipped rows, each an ordered map of axis key to value. */
    private static List<Map<String, JsonNode>> combinations(AblationFile f) {
        List<Map<String, JsonNode>> rows = new ArrayList<>();
        rows.add(new LinkedHashMap<>());
        for (Map.Entry<String, List<JsonNode>> e : f.grid().entrySet()) {
            List<Map<String, JsonNode>> next = new ArrayList<>();
            for (Map<String, JsonNode> r : rows) {
                for (JsonNode v : e.getValue()) {
                    Map<String, JsonNode> m = new LinkedHashMap<>(r);
                    m.put(e.getKey(), v);
                    next.add(m);
                }
            }
            rows = next;
        }
        if (!f.zip().isEmpty()) {
            int n = f.zip().values().iterator().next().size();
            List<Map<String, JsonNode>> next = new ArrayList<>();
            for (Map<String, JsonNode> r : rows) {
                for (int i = 0; i < n; i++) {
                    Map<String, JsonNode> m = new LinkedHashMap<>(r);
                    for (Map.Entry<String, List<JsonNode>> e : f.zip().entrySet()) {
                        m.put(e.getKey(), e.getValue().get(i));
                    }
                    next.add(m);
                }
            }
            rows = next;
        }
        return rows;
    }

    /** {@code key=value} as {@code --set} reads it: the value in JSON form, which YAML reads back as written. */
    static String override(String key, JsonNode value) {
        return key + "=" + (value == null ? "null" : value.toString());
    }

    private static String pointer(String key) {
        return key.replace("~", "~0").replace("/", "~1");
    }

    /** plan.json: the variants with their axis values, overrides and resolved configs. */
    public String planJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", 1);
        root.put("file", source.file().toString());
        root.put("base", baseName);
        ArrayNode ax = root.putArray("axes");
        axes.forEach(ax::add);
        ArrayNode sd = root.putArray("seeds");
        seeds.forEach(sd::add);
        root.set("evaluation", JSON.valueToTree(evaluation()));
        ArrayNode vs = root.putArray("variants");
        for (Variant v : variants) {
            ObjectNode o = vs.addObject();
            o.put("name", v.name());
            ObjectNode a = o.putObject("axes");
            v.axes().forEach(a::put);
            ArrayNode ov = o.putArray("overrides");
            v.overrides().forEach(ov::add);
            try {
                o.set("config", YAML.readTree(v.config().toYaml()));
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
