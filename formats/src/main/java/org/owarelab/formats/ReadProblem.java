package org.owarelab.formats;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.util.Arrays;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A JSON or YAML reading error in the user's words: where (line, column), which key (its path,
 * {@code evaluation.opponents} or {@code grid.selfplay.simulations.1}) and what was wrong or
 * expected ({@code expected a list}, {@code duplicate key 'seeds'}, {@code unknown key 'sedes'
 * (expected one of ...)}). Never a Java type name, a parser token or Jackson's source annotation.
 *
 * @param line the line, from 1; 0 when not known
 * @param column the column, from 1; 0 when not known
 * @param key the key path, dot-separated; empty at the top level or when not known
 * @param problem what was wrong, one line
 */
public record ReadProblem(int line, int column, String key, String problem) {
    private static final Pattern DUPLICATE = Pattern.compile("Duplicate field '([^']*)'");
    private static final Pattern FROM = Pattern.compile("from ([A-Za-z-]+(?: [a-z]+)?) value");

    /** What {@code e} says, in the user's words. */
    public static ReadProblem of(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        int line = at == null || at.getLineNr() <= 0 ? 0 : at.getLineNr();
        int column = at == null || at.getColumnNr() <= 0 ? 0 : at.getColumnNr();
        String message = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        Matcher dup = DUPLICATE.matcher(message);
        if (dup.find()) {
            return new ReadProblem(line, column, duplicatePath(e, dup.group(1)),
                    "duplicate key '" + dup.group(1) + "' (expected each key once)");
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof StreamReadException r && !(t instanceof JsonMappingException)) {
                JsonLocation where = r.getLocation() != null ? r.getLocation() : at;
                return new ReadProblem(where == null ? line : Math.max(0, where.getLineNr()),
                        where == null ? column : Math.max(0, where.getColumnNr()), "",
                        "not valid syntax: " + clean(r.getOriginalMessage()));
            }
        }
        if (!(e instanceof JsonMappingException m)) {
            return new ReadProblem(line, column, "", "not valid syntax: " + clean(message));
        }
        return new ReadProblem(line, column, path(m), problem(m));
    }

    /**
     * What {@code e}, raised reading {@code text} with {@code mapper}, says; its line is that of
     * its key in the text where the key is found (a parser reports where it stopped, often the
     * line below an unknown key).
     */
    public static ReadProblem of(JsonProcessingException e, String text, ObjectMapper mapper) {
        ReadProblem p = of(e);
        if (p.key().isEmpty() || text == null || p.problem().startsWith("duplicate key")) {
            return p; // a duplicate's line is the parser's: the second occurrence
        }
        Integer keyLine = lines(text, mapper).get(p.key());
        return keyLine == null ? p : new ReadProblem(keyLine, 0, p.key(), p.problem());
    }

    /**
     * The line of every key and list item of {@code text}, by key path ({@code a.b}, {@code a.b.1});
     * the line of the first when a key appears twice. Empty where the text does not parse.
     */
    public static Map<String, Integer> lines(String text, ObjectMapper mapper) {
        Map<String, Integer> lines = new java.util.HashMap<>();
        try (JsonParser p = mapper.getFactory().createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.END_ARRAY || t == JsonToken.END_OBJECT) {
                    continue;
                }
                JsonStreamContext c = p.getParsingContext();
                if (t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT) {
                    c = c.getParent();
                }
                if (c == null || c.inRoot()) {
                    continue;
                }
                lines.putIfAbsent(pathOf(c), p.currentTokenLocation().getLineNr());
            }
        } catch (java.io.IOException | RuntimeException e) {
            // a text that does not parse: only line numbers are lost
        }
        return lines;
    }

    private static String pathOf(JsonStreamContext c) {
        StringBuilder sb = new StringBuilder();
        for (; c != null && !c.inRoot(); c = c.getParent()) {
            String part = c.inObject() ? c.getCurrentName() : String.valueOf(c.getCurrentIndex());
            sb.insert(0, sb.length() == 0 ? part : part + ".");
        }
        return sb.toString();
    }

    /** {@code FILE:LINE: key KEY: PROBLEM} (the line and the key where known). */
    public String describe(String file) {
        return file + (line > 0 ? ":" + line : "") + ": " + (key.isEmpty() ? "" : "key " + key + ": ") + problem;
    }

    /** The problem of a binding error, in a config's terms. */
    private static String problem(JsonMappingException e) {
        if (e instanceof UnrecognizedPropertyException u) {
            return "unknown key '" + u.getPropertyName() + "' (expected one of "
                    + u.getKnownPropertyIds().stream().map(String::valueOf).sorted().collect(Collectors.joining(", "))
                    + ")";
        }
        if (e instanceof ValueInstantiationException v && v.getCause() != null && v.getCause().getMessage() != null) {
            return clean(v.getCause().getMessage());
        }
        if (e instanceof InvalidFormatException f && f.getTargetType() != null) {
            return "expected " + expected(f.getTargetType()) + ", got '" + f.getValue() + "'";
        }
        if (e instanceof MismatchedInputException m && m.getTargetType() != null) {
            Matcher from = FROM.matcher(m.getOriginalMessage() == null ? "" : m.getOriginalMessage());
            return "expected " + expected(m.getTargetType()) + (from.find() ? ", got " + got(from.group(1)) : "");
        }
        return clean(e.getOriginalMessage());
    }

    /** What a value of {@code type} looks like in a config. */
    public static String expected(Class<?> type) {
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
            return "one of " + Arrays.stream(type.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "a list, e.g. [1, 2]";
        }
        if (JsonNode.class.isAssignableFrom(type)) {
            return "a value";
        }
        return "a section of keys (key: value lines below it)"; // a map or a record
    }

    /** Jackson's name of a value's shape ({@code Array}, {@code Object}, {@code String}) in a config's words. */
    private static String got(String shape) {
        return switch (shape) {
            case "Array" -> "a list";
            case "Object" -> "a section of keys";
            case "String" -> "a text value";
            case "Boolean" -> "true or false";
            case "Integer", "Floating-point" -> "a number";
            case "Null" -> "nothing (an empty value)";
            default -> "a " + shape.toLowerCase(Locale.ROOT) + " value";
        };
    }

    private static String path(JsonMappingException e) {
        return e.getPath().stream().map(r -> r.getFieldName() != null ? r.getFieldName() : String.valueOf(r.getIndex()))
                .collect(Collectors.joining("."));
    }

    /** The path of a duplicated key: the parser's open mappings, when it still knows them. */
    private static String duplicatePath(JsonProcessingException e, String name) {
        if (e.getProcessor() instanceof JsonParser p && p.getParsingContext() != null) {
            StringBuilder sb = new StringBuilder();
            for (JsonStreamContext c = p.getParsingContext().getParent(); c != null && !c.inRoot(); c = c.getParent()) {
                String part = c.inObject() ? c.getCurrentName() : String.valueOf(c.getCurrentIndex());
                if (part != null) {
                    sb.insert(0, part + ".");
                }
            }
            return sb + name;
        }
        return name;
    }

    /**
     * A Jackson message without Java: no {@code `java.util.ArrayList<...>`} or class names, no
     * {@code (token `JsonToken.START_ARRAY`)}, no {@code at [Source: ...]}; one line.
     */
    static String clean(String message) {
        if (message == null || message.isBlank()) {
            return "not readable";
        }
        String m = message.contains("\n") ? message.substring(0, message.indexOf('\n')) : message;
        m = m.replaceAll("\\s*\\(start marker at \\[Source:[^\\]]*\\]\\)", "")
                .replaceAll("\\s*at \\[Source:[^\\]]*\\]", "")
                .replaceAll("\\s*\\(token `[^`]*`\\)", "")
                .replaceAll("\\s*\\(class [^)]*\\)", "")
                .replaceAll("\\s*\\(for Object starting at[^)]*\\)", "")
                .replaceAll("`[^`]*`", "value")
                .replaceAll("[\\p{Cntrl}]", " ");
        return m.replaceAll("\\s+", " ").trim();
    }
}
