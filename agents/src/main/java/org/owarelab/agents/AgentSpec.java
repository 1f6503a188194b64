package org.owarelab.agents;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A parsed agent spec: {@code name[:key=value[,key=value...]]}, e.g. {@code alphabeta:depth=8},
 * {@code mcts:sims=2000,c=1.4}, {@code uci:cmd="java -jar engine.jar service"}. A value may be
 * double-quoted to hold commas, colons or spaces ({@code \"} and {@code \\} escape inside quotes).
 * Keys are case-insensitive and kept lower-case.
 */
public final class AgentSpec {
    private final String text;
    private final String name;
    private final Map<String, String> options;

    private AgentSpec(String text, String name, Map<String, String> options) {
        this.text = text;
        this.name = name;
        this.options = Collections.unmodifiableMap(options);
    }

    /**
     * Parses a spec.
     *
     * @throws AgentSpecException naming the spec and the position of the problem
     */
    public static AgentSpec parse(String text) {
        if (text == null || text.isBlank()) {
            throw new AgentSpecException("agent spec is empty (expected e.g. alphabeta:depth=8)");
        }
        String t = text.trim();
        int colon = t.indexOf(':');
        String name = (colon < 0 ? t : t.substring(0, colon)).trim().toLowerCase(java.util.Locale.ROOT);
        if (name.isEmpty() || !name.matches("[a-z][a-z0-9_-]*")) {
            throw new AgentSpecException("agent spec '" + text + "': '" + name + "' is not an agent name");
        }
        Map<String, String> opts = new LinkedHashMap<>();
        if (colon >= 0) {
            int i = colon + 1;
            while (i <= t.length()) {
                int eq = t.indexOf('=', i);
                if (eq < 0) {
                    throw new AgentSpecException("agent spec '" + text + "': expected key=value at column " + (i + 1));
                }
                String key = t.substring(i, eq).trim().toLowerCase(java.util.Locale.ROOT);
                if (key.isEmpty() || !key.matches("[a-z][a-z0-9_-]*")) {
                    throw new AgentSpecException("agent spec '" + text + "': bad key '" + key + "' at column " + (i + 1));
                }
                int j = eq + 1;
                StringBuilder value = new StringBuilder();
                while (j < t.length() && t.charAt(j) == ' ') {
                    j++;
                }
                if (j < t.length() && t.charAt(j) == '"') {
                    j++;
                    boolean closed = false;
                    while (j < t.length()) {
                        char c = t.charAt(j++);
                        if (c == '\\' && j < t.length()) {
                            value.append(t.charAt(j++));
                        } else if (c == '"') {
                            closed = true;
                            break;
                        } else {
                            value.append(c);
                        }
                    }
                    if (!closed) {
                        throw new AgentSpecException("agent spec '" + text + "': unclosed quote in the value of '" + key + "'");
                    }
                    while (j < t.length() && t.charAt(j) == ' ') {
                        j++;
                    }
                    if (j < t.length() && t.charAt(j) != ',') {
                        throw new AgentSpecException("agent spec '" + text + "': expected ',' after the quoted value of '"
                                + key + "' at column " + (j + 1));
                    }
                } else {
                    int comma = t.indexOf(',', j);
                    int end = comma < 0 ? t.length() : comma;
                    value.append(t, j, end);
                    j = end;
                }
                if (opts.put(key, value.toString().trim()) != null) {
                    throw new AgentSpecException("agent spec '" + text + "': key '" + key + "' given twice");
                }
                i = j + 1;
                if (j >= t.length()) {
                    break;
                }
            }
        }
        return new AgentSpec(t, name, opts);
    }

    /** The agent's name, e.g. {@code alphabeta}. */
    public String name() {
        return name;
    }

    /** The options in the order given. */
    public Map<String, String> options() {
        return options;
    }

    /** The spec as given (trimmed). */
    public String text() {
        return text;
    }

    /** Throws if an option is not among {@code allowed}, listing what is allowed. */
    public void requireKeys(Set<String> allowed) {
        for (String k : options.keySet()) {
            if (!allowed.contains(k)) {
                throw new AgentSpecException("agent spec '" + text + "': unknown option '" + k + "' for " + name
                        + " (allowed: " + (allowed.isEmpty() ? "none" : String.join(", ", new java.util.TreeSet<>(allowed))) + ")");
            }
        }
    }

    public boolean has(String key) {
        return options.containsKey(key);
    }

    public String string(String key, String fallback) {
        return options.getOrDefault(key, fallback);
    }

    /** An int option in {@code min..max}, or {@code fallback} when absent. */
    public int integer(String key, int fallback, int min, int max) {
        String v = options.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            int x = Integer.parseInt(v);
            if (x >= min && x <= max) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new AgentSpecException("agent spec '" + text + "': " + key + "=" + v + ": expected a whole number "
                + min + ".." + max);
    }

    /** A floating-point option in {@code min..max}, or {@code fallback} when absent. */
    public double real(String key, double fallback, double min, double max) {
        String v = options.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            double x = Double.parseDouble(v);
            if (x >= min && x <= max) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new AgentSpecException("agent spec '" + text + "': " + key + "=" + v + ": expected a number "
                + min + ".." + max);
    }

    /** A boolean option ({@code true/false/yes/no/on/off/1/0}), or {@code fallback}. */
    public boolean bool(String key, boolean fallback) {
        String v = options.get(key);
        if (v == null) {
            return fallback;
        }
        switch (v.toLowerCase(java.util.Locale.ROOT)) {
            case "true": case "yes": case "on": case "1":
                return true;
            case "false": case "no": case "off": case "0":
                return false;
            default:
                throw new AgentSpecException("agent spec '" + text + "': " + key + "=" + v + ": expected true or false");
        }
    }

    @Override
    public String toString() {
        return text;
    }
}
