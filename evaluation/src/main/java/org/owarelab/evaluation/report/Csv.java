package org.owarelab.evaluation.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The lab's CSV (RFC 4180), one home for every CSV file it writes (ratings, checkpoints, an
 * ablation's results and curves, a ladder's accuracy): comma-separated, a field with a comma,
 * quote or line break is double-quoted with quotes doubled; a null field is empty. Lines end in
 * {@code \n}. {@link #number} writes a double in full precision (it reads back to the same
 * double) and infinities as {@code inf} / {@code -inf}, which pandas and R read too. Pure
 * functions, thread-safe.
 */
public final class Csv {
    private Csv() {
    }

    /**
     * The rows of a file with header {@code header}, each turned into a T by {@code row} (which
     * may throw IllegalArgumentException, NumberFormatException included); blank lines skipped.
     *
     * @throws IllegalArgumentException naming the file and line of a bad header or row
     */
    public static <T> List<T> readRows(Path file, String header, Function<List<String>, T> row) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !lines.get(0).strip().equals(header)) {
            throw new IllegalArgumentException(file + ":1: expected the header " + header);
        }
        int fields = header.split(",").length;
        List<T> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                List<String> f = parse(lines.get(i));
                if (f.size() != fields) {
                    throw new IllegalArgumentException("expected " + fields + " fields (" + header + "), found " + f.size());
                }
                rows.add(row.apply(f));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return rows;
    }

    /** One line (without the newline) of {@code fields}, each quoted where it needs it; null is empty. */
    public static String line(String... fields) {
        return line(java.util.Arrays.asList(fields));
    }

    /** One line (without the newline) of {@code fields}, each quoted where it needs it; null is empty. */
    public static String line(List<String> fields) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(field(fields.get(i)));
        }
        return sb.toString();
    }

    /** One field as it stands in a line: double-quoted, quotes doubled, when it holds a comma, a quote or a line break. */
    public static String field(String f) {
        if (f == null) {
            return "";
        }
        if (f.indexOf(',') >= 0 || f.indexOf('"') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0) {
            return '"' + f.replace("\"", "\"\"") + '"';
        }
        return f;
    }

    /**
     * The fields of one line.
     *
     * @throws IllegalArgumentException for an unclosed quote or text after a closing quote
     */
    public static List<String> parse(String line) {
        List<String> fields = new ArrayList<>();
        StringBuilder f = new StringBuilder();
        int i = 0;
        while (true) {
            if (i < line.length() && line.charAt(i) == '"') {
                i++;
                while (true) {
                    if (i >= line.length()) {
                        throw new IllegalArgumentException("unclosed quote");
                    }
                    char c = line.charAt(i++);
                    if (c == '"') {
                        if (i < line.length() && line.charAt(i) == '"') {
                            f.append('"');
                            i++;
                        } else {
                            break;
                        }
                    } else {
                        f.append(c);
                    }
                }
                if (i < line.length() && line.charAt(i) != ',') {
                    throw new IllegalArgumentException("text after a closing quote at column " + (i + 1));
                }
            } else {
                while (i < line.length() && line.charAt(i) != ',') {
                    f.append(line.charAt(i++));
                }
            }
            fields.add(f.toString());
            f.setLength(0);
            if (i >= line.length()) {
                return fields;
            }
            i++; // the comma
        }
    }

    /** A number in full precision: the shortest text that reads back to the same double. */
    public static String number(double x) {
        if (Double.isNaN(x)) {
            return "nan";
        }
        if (Double.isInfinite(x)) {
            return x > 0 ? "inf" : "-inf";
        }
        if (x == Math.rint(x) && Math.abs(x) < 1e15) {
            return String.valueOf((long) x);
        }
        return Double.toString(x);
    }

    /**
     * Reads a number written by {@link #number} (or any Java double literal).
     *
     * @throws NumberFormatException if it is not one
     */
    public static double parseNumber(String s) {
        return switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "inf", "+inf", "infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            case "nan" -> Double.NaN;
            default -> Double.parseDouble(s.trim());
        };
    }
}
