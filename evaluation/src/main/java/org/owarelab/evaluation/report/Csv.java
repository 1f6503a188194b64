package org.owarelab.evaluation.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The small CSV dialect of the report files (RFC 4180): comma-separated, a field with a comma,
 * quote or line break is double-quoted with quotes doubled, no line breaks inside fields here.
 * Numbers are written in full precision (they read back to the same double) and infinities as
 * {@code inf} / {@code -inf}, which pandas and R read too.
 */
final class Csv {
    private Csv() {
    }

    /**
     * The rows of a file with header {@code header}, each turned into a T by {@code row} (which
     * may throw IllegalArgumentException, NumberFormatException included); blank lines skipped.
     *
     * @throws IllegalArgumentException naming the file and line of a bad header or row
     */
    static <T> List<T> readRows(Path file, String header, Function<List<String>, T> row) throws IOException {
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

    /** One line (without the newline) of {@code fields}. */
    static String line(String... fields) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                sb.append(',');
            }
            String f = fields[i];
            if (f.indexOf(',') >= 0 || f.indexOf('"') >= 0 || f.indexOf('\n') >= 0 || f.indexOf('\r') >= 0) {
                sb.append('"').append(f.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(f);
            }
        }
        return sb.toString();
    }

    /**
     * The fields of one line.
     *
     * @throws IllegalArgumentException for an unclosed quote or text after a closing quote
     */
    static List<String> parse(String line) {
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
    static String number(double x) {
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
    static double parseNumber(String s) {
        return switch (s.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "inf", "+inf", "infinity" -> Double.POSITIVE_INFINITY;
            case "-inf", "-infinity" -> Double.NEGATIVE_INFINITY;
            case "nan" -> Double.NaN;
            default -> Double.parseDouble(s.trim());
        };
    }
}
