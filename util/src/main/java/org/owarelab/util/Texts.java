package org.owarelab.util;

/**
 * Makes untrusted text safe to show on one line: user input quoted in an error message, a bad
 * protocol line echoed in an {@code info string}. Raw control bytes (NUL, ESC, a line break) in
 * such text could end the line early or drive the reader's terminal; here they become visible
 * escapes instead.
 */
public final class Texts {
    private Texts() {
    }

    /**
     * {@code text} with every ISO control character and line or paragraph separator written as an
     * escape ({@code \n}, {@code \r}, {@code \t}, else {@code \xHH} or {@code \}{@code uHHHH}) and
     * every backslash kept as it is; null becomes {@code "null"}.
     */
    public static String escape(String text) {
        if (text == null) {
            return "null";
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = Character.isISOControl(c) || c == '\u2028' || c == '\u2029';
            if (!control) {
                if (out != null) {
                    out.append(c);
                }
                continue;
            }
            if (out == null) {
                out = new StringBuilder(text.length() + 8).append(text, 0, i);
            }
            switch (c) {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x100 ? String.format("\\x%02x", (int) c) : String.format("\\u%04x", (int) c));
            }
        }
        return out == null ? text : out.toString();
    }

    /**
     * The reason a failure gives, in plain words for a user: the exception's message (escaped, one
     * line), or for one without a message a description of its kind; never a Java class name.
     * {@code I/O error: } prefixes an I/O failure's message.
     */
    public static String reason(Throwable t) {
        if (t == null) {
            return "unknown failure";
        }
        if (t instanceof java.io.UncheckedIOException && t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage();
        boolean has = m != null && !m.isBlank();
        if (t instanceof OutOfMemoryError) {
            return "out of memory" + (has ? " (" + escape(m) + ")" : "");
        }
        if (t instanceof StackOverflowError) {
            return "stack overflow (recursion too deep)";
        }
        if (t instanceof LinkageError) {
            return "could not load a part of the program" + (has ? ": " + escape(m) : "");
        }
        if (t instanceof java.io.IOException) {
            return "I/O error" + (has ? ": " + escape(m) : "");
        }
        if (t instanceof InterruptedException) {
            return "interrupted";
        }
        if (has) {
            return escape(m.replace('\n', ' '));
        }
        if (t.getCause() != null && t.getCause() != t) {
            return reason(t.getCause());
        }
        return "internal error with no message (a bug: please report it)";
    }

    /**
     * A JSON parser's message without its location annotations (Jackson's
     * {@code at [Source: REDACTED ...; line: 1, column: 12]} and {@code (start marker at [...])}),
     * which name no file a user knows: the caller names the input and the place instead. One line,
     * escaped.
     */
    public static String jsonProblem(String message) {
        if (message == null) {
            return "not valid JSON";
        }
        String m = message.replaceAll("\\s*\\(start marker at \\[Source:[^\\]]*\\]\\)", "")
                .replaceAll("\\s*at \\[Source:[^\\]]*\\]", "");
        return escape(m.replaceAll("\\s+", " ").trim());
    }
}
