package org.owarelab.util;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * The one parser of the lab's {@code [head:]key=value[,key=value...]} mini-language: agent specs
 * ({@code alphabeta:depth=8}), rule sets ({@code houses=4,seeds=3}), environment options
 * ({@code reward=margin,ply-cap=200}) and network specs ({@code mlp:hidden=256x256}). Written
 * once so that every spec accepts the same syntax and every error reads the same way.
 *
 * <p>Grammar: an optional head (the text before the first {@code :}, only where the caller asks
 * for one), then one or more {@code key=value} pairs joined by commas. Blanks around keys, values
 * and separators are ignored. A key is a letter followed by letters, digits, {@code -} or
 * {@code _}, case-insensitive (kept lower-case); each key may appear once. A value is either raw
 * text up to the next comma (trimmed, possibly empty) or double-quoted, holding commas, colons
 * and spaces, with {@code \"} and {@code \\} escaping inside the quotes.
 *
 * <p>Every error is one line, {@code WHAT 'INPUT' at column N: ... expected ...}: the kind of
 * spec, the input as given (control characters escaped), the 1-based column of the problem and
 * what was expected. Errors are built by the caller's factory so each caller keeps its own
 * exception type. Instances are immutable.
 */
public final class KeyValueSpec {
    private static final String KEY_FORM = "a key (a letter, then letters, digits, '-' or '_')";

    private final String what;
    private final String input;
    private final String head;
    private final int headColumn;
    private final Map<String, String> values;
    private final Map<String, Integer> columns;
    private final Map<String, Integer> keyColumns;
    private final Function<String, ? extends RuntimeException> error;

    private KeyValueSpec(String what, String input, String head, int headColumn, Map<String, String> values,
                         Map<String, Integer> columns, Map<String, Integer> keyColumns, Function<String, ? extends RuntimeException> error) {
        this.what = what;
        this.input = input;
        this.head = head;
        this.headColumn = headColumn;
        this.values = Collections.unmodifiableMap(values);
        this.columns = columns;
        this.keyColumns = keyColumns;
        this.error = error;
    }

    /**
     * Parses {@code input}.
     *
     * @param what the kind of spec, named first in every message (e.g. {@code agent spec})
     * @param withHead whether the input starts with a head ({@code name[:pairs]}); without one the
     *        whole input is pairs and must not be blank
     * @param error builds the caller's exception from a finished one-line message
     */
    public static KeyValueSpec parse(String what, String input, boolean withHead,
                                     Function<String, ? extends RuntimeException> error) {
        String text = input == null ? "" : input;
        Cursor c = new Cursor(what, text, error);
        String head = null;
        int headColumn = 0;
        c.blanks();
        if (withHead) {
            int colon = text.indexOf(':');
            int end = colon < 0 ? text.length() : colon;
            headColumn = c.pos + 1;
            head = text.substring(c.pos, Math.max(c.pos, end)).trim();
            if (head.isEmpty()) {
                throw c.fail(c.pos, "expected a name (NAME[:key=value,...])");
            }
            if (colon < 0) {
                return new KeyValueSpec(what, text, head, headColumn, new LinkedHashMap<>(), Map.of(), Map.of(), error);
            }
            c.pos = colon + 1;
        }
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> columns = new LinkedHashMap<>();
        Map<String, Integer> keyColumns = new LinkedHashMap<>();
        while (true) {
            c.blanks();
            int keyStart = c.pos;
            while (c.pos < text.length() && text.charAt(c.pos) != '=' && text.charAt(c.pos) != ',') {
                c.pos++;
            }
            if (c.pos >= text.length() || text.charAt(c.pos) == ',') {
                String got = text.substring(keyStart, c.pos).trim();
                throw c.fail(keyStart, got.isEmpty() ? "expected key=value" : "'" + got + "' is not key=value (expected key=value)");
            }
            String key = text.substring(keyStart, c.pos).trim().toLowerCase(Locale.ROOT);
            if (!key.matches("[a-z][a-z0-9_-]*")) {
                throw c.fail(keyStart, "expected " + KEY_FORM + " before '='");
            }
            if (values.containsKey(key)) {
                throw c.fail(keyStart, "key '" + key + "' given twice (expected each key once)");
            }
            c.pos++; // '='
            c.blanks();
            int valueStart = c.pos;
            String value = c.peek() == '"' ? c.quoted(key) : c.raw();
            values.put(key, value);
            columns.put(key, valueStart + 1);
            keyColumns.put(key, keyStart + 1);
            if (c.pos >= text.length()) {
                break;
            }
            c.pos++; // ','
        }
        return new KeyValueSpec(what, text, head, headColumn, values, columns, keyColumns, error);
    }

    /** The head ({@code alphabeta} of {@code alphabeta:depth=8}), or null when parsed without one. */
    public String head() {
        return head;
    }

    /** The pairs in the order given, keys lower-case. */
    public Map<String, String> values() {
        return values;
    }

    /** The input as given. */
    public String input() {
        return input;
    }

    public boolean has(String key) {
        return values.containsKey(key);
    }

    /** The raw value of {@code key}, or {@code fallback} when absent. */
    public String string(String key, String fallback) {
        return values.getOrDefault(key, fallback);
    }

    /** An error about the head, e.g. an unknown name; {@code problem} says what was expected. */
    public RuntimeException headError(String problem) {
        return error.apply(message(what, input, headColumn, problem));
    }

    /** An error about the value of {@code key}: {@code key=value: problem}, at the value's column. */
    public RuntimeException valueError(String key, String problem) {
        return error.apply(message(what, input, columns.getOrDefault(key, 1), key + "=" + values.get(key) + ": " + problem));
    }

    /** Throws for the first key not in {@code allowed}, naming {@code owner} and listing what is allowed (in its order). */
    public void requireKeys(Collection<String> allowed, String owner) {
        for (String k : values.keySet()) {
            if (!allowed.contains(k)) {
                throw error.apply(message(what, input, keyColumns.get(k), "unknown option '" + k + "'"
                        + (owner == null ? "" : " for " + owner) + " (expected "
                        + (allowed.isEmpty() ? "no options" : "one of " + String.join(", ", allowed)) + ")"));
            }
        }
    }

    /** A whole-number value in {@code min..max}, or {@code fallback} when absent. */
    public int integer(String key, int fallback, int min, int max) {
        String v = values.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            int x = Integer.parseInt(v.trim());
            if (x >= min && x <= max) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw valueError(key, "expected a whole number " + min + ".." + max);
    }

    /** A number in {@code min..max}, or {@code fallback} when absent. */
    public double real(String key, double fallback, double min, double max) {
        String v = values.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            double x = Double.parseDouble(v.trim());
            if (x >= min && x <= max) {
                return x;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw valueError(key, "expected a number " + min + ".." + max);
    }

    /** A boolean ({@code true/false/yes/no/on/off/1/0}, any case), or {@code fallback} when absent. */
    public boolean bool(String key, boolean fallback) {
        String v = values.get(key);
        if (v == null) {
            return fallback;
        }
        switch (v.trim().toLowerCase(Locale.ROOT)) {
            case "true": case "yes": case "on": case "1":
                return true;
            case "false": case "no": case "off": case "0":
                return false;
            default:
                throw valueError(key, "expected true or false");
        }
    }

    /**
     * The value of {@code key} read by {@code reader} (an enum's parser, say), or {@code fallback}
     * when absent; a reader's {@link IllegalArgumentException} becomes this spec's error, its
     * message kept as the problem.
     */
    public <T> T read(String key, T fallback, Function<String, T> reader) {
        String v = values.get(key);
        if (v == null) {
            return fallback;
        }
        try {
            return reader.apply(v);
        } catch (IllegalArgumentException e) {
            throw error.apply(message(what, input, columns.get(key), String.valueOf(e.getMessage())));
        }
    }

    /** The one message format: {@code WHAT 'INPUT' at column N: PROBLEM}. */
    public static String message(String what, String input, int column, String problem) {
        return what + " '" + Texts.escape(input) + "' at column " + column + ": " + Texts.escape(problem);
    }

    /** Walks the input; positions are 0-based here and 1-based in messages. */
    private static final class Cursor {
        final String what;
        final String text;
        final Function<String, ? extends RuntimeException> error;
        int pos;

        Cursor(String what, String text, Function<String, ? extends RuntimeException> error) {
            this.what = what;
            this.text = text;
            this.error = error;
        }

        char peek() {
            return pos < text.length() ? text.charAt(pos) : 0;
        }

        void blanks() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        String raw() {
            int end = text.indexOf(',', pos);
            end = end < 0 ? text.length() : end;
            String v = text.substring(pos, end).trim();
            pos = end;
            return v;
        }

        String quoted(String key) {
            int open = pos++;
            StringBuilder v = new StringBuilder();
            while (true) {
                if (pos >= text.length()) {
                    throw fail(open, "the quoted value of '" + key + "' is not closed (expected a closing '\"')");
                }
                char ch = text.charAt(pos++);
                if (ch == '\\' && pos < text.length()) {
                    v.append(text.charAt(pos++));
                } else if (ch == '"') {
                    break;
                } else {
                    v.append(ch);
                }
            }
            blanks();
            if (pos < text.length() && text.charAt(pos) != ',') {
                throw fail(pos, "expected ',' after the quoted value of '" + key + "'");
            }
            return v.toString();
        }

        RuntimeException fail(int at, String problem) {
            return error.apply(message(what, text, at + 1, problem));
        }
    }
}
