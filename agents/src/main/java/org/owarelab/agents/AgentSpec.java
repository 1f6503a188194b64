package org.owarelab.agents;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.owarelab.util.KeyValueSpec;

/**
 * A parsed agent spec: {@code name[:key=value[,key=value...]]}, e.g. {@code alphabeta:depth=8},
 * {@code mcts:sims=2000,c=1.4}, {@code uci:cmd="java -jar engine.jar service"}. A value may be
 * double-quoted to hold commas, colons or spaces ({@code \"} and {@code \\} escape inside quotes).
 * Keys are case-insensitive and kept lower-case. The syntax and the error format are those of
 * {@link KeyValueSpec}, shared with rule sets, environment options and network specs.
 */
public final class AgentSpec {
    private static final String WHAT = "agent spec";

    private final String text;
    private final String name;
    private final KeyValueSpec spec;

    private AgentSpec(String text, String name, KeyValueSpec spec) {
        this.text = text;
        this.name = name;
        this.spec = spec;
    }

    /**
     * Parses a spec.
     *
     * @throws AgentSpecException naming the spec, the column of the problem and what was expected
     */
    public static AgentSpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new AgentSpecException("agent spec is empty (expected e.g. alphabeta:depth=8)");
        }
        KeyValueSpec spec = KeyValueSpec.parse(WHAT, text, true, AgentSpecException::new);
        String name = spec.head().toLowerCase(Locale.ROOT);
        if (!name.matches("[a-z][a-z0-9_-]*")) {
            throw (AgentSpecException) spec.headError("'" + name + "' is not an agent name (expected a letter, "
                    + "then letters, digits, '-' or '_')");
        }
        return new AgentSpec(text.trim(), name, spec);
    }

    /** The agent's name, e.g. {@code alphabeta}. */
    public String name() {
        return name;
    }

    /** The options in the order given. */
    public Map<String, String> options() {
        return spec.values();
    }

    /** {@code value} written as a spec value: as is, or double-quoted with escapes when it needs it. */
    public static String quote(String value) {
        if (!value.matches(".*[,:=\"\\\\\\s].*")) {
            return value;
        }
        return '"' + value.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }

    /** This spec with {@code key=value} added at the end (the value quoted when it needs it). */
    public String withOption(String key, String value) {
        return text + (options().isEmpty() ? ":" : ",") + key + "=" + quote(value);
    }

    /** The spec as given (trimmed). */
    public String text() {
        return text;
    }

    /** Throws if an option is not among {@code allowed}, listing what is allowed. */
    public void requireKeys(Set<String> allowed) {
        spec.requireKeys(new TreeSet<>(allowed), name);
    }

    /** An error about the name, in the spec error format; {@code problem} says what was expected. */
    public AgentSpecException nameError(String problem) {
        return (AgentSpecException) spec.headError(problem);
    }

    /** An error about the value of {@code key}, in the spec error format. */
    public AgentSpecException valueError(String key, String problem) {
        return (AgentSpecException) spec.valueError(key, problem);
    }

    public boolean has(String key) {
        return spec.has(key);
    }

    public String string(String key, String fallback) {
        return spec.string(key, fallback);
    }

    /** An int option in {@code min..max}, or {@code fallback} when absent. */
    public int integer(String key, int fallback, int min, int max) {
        return spec.integer(key, fallback, min, max);
    }

    /** A floating-point option in {@code min..max}, or {@code fallback} when absent. */
    public double real(String key, double fallback, double min, double max) {
        return spec.real(key, fallback, min, max);
    }

    /** A boolean option ({@code true/false/yes/no/on/off/1/0}), or {@code fallback}. */
    public boolean bool(String key, boolean fallback) {
        return spec.bool(key, fallback);
    }

    @Override
    public String toString() {
        return text;
    }
}
