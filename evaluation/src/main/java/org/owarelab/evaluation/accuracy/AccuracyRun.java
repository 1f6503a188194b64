package org.owarelab.evaluation.accuracy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.SearchLimit;
import org.owarelab.formats.Mappers;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;

/**
 * One {@code oware accuracy} measurement below its printing: the seed counts it covers
 * ({@link #range}), the agent's instances built, measured with {@link Accuracy} and closed
 * ({@link #measure}), and the summary JSON object the command ends with ({@link #json}).
 * Stateless and thread-safe.
 */
public final class AccuracyRun {
    private static final ObjectMapper JSON = Mappers.json();

    private AccuracyRun() {
    }

    /** The agent as it is named in the output, and the rows of its seed counts in order. */
    public record Measured(String agent, List<Accuracy.Row> rows) {
    }

    /**
     * The seed counts {@code A-B} (or one count {@code A}) with {@code 1 <= A <= B <= 48}, as
     * {@code {A, B}}; throws {@link IllegalArgumentException} naming the {@code --seeds} text.
     */
    public static int[] range(String text) {
        String t = text.trim();
        try {
            int[] r;
            int dash = t.indexOf('-');
            if (dash < 0) {
                int v = Integer.parseInt(t);
                r = new int[] {v, v};
            } else {
                r = new int[] {Integer.parseInt(t.substring(0, dash).trim()), Integer.parseInt(t.substring(dash + 1).trim())};
            }
            if (r[0] >= 1 && r[0] <= r[1] && r[1] <= 48) {
                return r;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException("--seeds '" + text + "': expected a range A-B of seed counts, 1 <= A <= B, "
                + "e.g. 2-12");
    }

    /**
     * Measures {@code spec}: {@code threads} instances built with {@code seed} (the spec checked
     * first), {@code positions} positions per seed count in {@code range}, the instances closed
     * after. The agent is named by its canonical spec when {@code limit} is {@link SearchLimit#NONE},
     * else as given: the canonical spec names a default limit (alphabeta:depth=8) that the limit overrides.
     *
     * @param progress one line per seed count (and within one, now and then), from the calling thread
     */
    public static Measured measure(AgentRegistry agents, String spec, RuleSet rules, long seed, int threads,
            EndgameTable table, SearchLimit limit, int[] range, int positions, Consumer<String> progress) {
        agents.validate(spec);
        List<Agent> instances = new ArrayList<>();
        try {
            for (int k = 0; k < threads; k++) {
                instances.add(agents.create(spec, rules, seed));
            }
            String name = limit.equals(SearchLimit.NONE) ? instances.get(0).spec() : spec;
            return new Measured(name, Accuracy.run(table, instances, limit, range[0], range[1], positions, seed,
                    progress));
        } finally {
            for (Agent a : instances) {
                a.close();
            }
        }
    }

    /**
     * The summary line: {@code {"agent", "limit", "rules", "tables", "seed", "rows": [...], "pooled"}},
     * each row as {@link Accuracy#json}, pooled by {@link Accuracy#pooled}.
     */
    public static String json(Measured m, String limit, RuleSet rules, Path tables, long seed) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Accuracy.Row row : m.rows()) {
            rows.add(Accuracy.json(row));
        }
        Map<String, Object> top = new LinkedHashMap<>();
        top.put("agent", m.agent());
        top.put("limit", limit);
        top.put("rules", rules.spec());
        top.put("tables", tables.toString());
        top.put("seed", seed);
        top.put("rows", rows);
        top.put("pooled", Accuracy.json(Accuracy.pooled(m.rows())));
        try {
            return JSON.writeValueAsString(top);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("maps of numbers and strings always write", e);
        }
    }
}
