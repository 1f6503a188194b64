package org.owarelab.evaluation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import org.owarelab.formats.Mappers;
import org.owarelab.rules.RulesException;
import org.owarelab.rules.Side;
import org.owarelab.util.AtomicFiles;
import org.owarelab.util.Texts;

/**
 * Reads and writes {@code games.jsonl}: one {@link MatchRecord} per line (format in
 * {@link MatchRecord}). A match or tournament appends each game as it ends ({@link Appender}); a
 * killed process may leave the last line cut short, which {@link #read} skips, so that game is
 * simply played again on resume. Any other bad line is an error naming the file and line.
 * Stateless and thread-safe; concurrent appends to one file go through one {@link Appender}.
 */
public final class MatchRecords {
    /** The file name in a tournament directory. */
    public static final String FILE = "games.jsonl";

    /**
     * Where a command's {@code --out OUT} puts its records: {@code OUT/}{@value #FILE} when
     * {@code OUT} is a directory or ends with a separator, else the file {@code OUT} itself.
     */
    public static Path at(String out) {
        Path p = Path.of(out);
        if (Files.isDirectory(p) || out.endsWith("/") || out.endsWith(File.separator)) {
            return p.resolve(FILE);
        }
        return p;
    }

    private static final ObjectMapper JSON = Mappers.json();
    private static final Set<String> FIELDS = Set.of("format", "game", "pair", "opening", "rules", "position", "moves",
            "openingPlies", "south", "north", "a", "seed", "result", "scoreA", "reason", "stores", "error", "errorSide",
            "moveMicros");

    private MatchRecords() {
    }

    /** The JSON line of {@code g} (no newline), every field in the order of the format. */
    public static String toJson(MatchRecord g) {
        ObjectNode o = JSON.createObjectNode();
        o.put("format", MatchRecord.FORMAT);
        o.put("game", g.game());
        o.put("pair", g.pair());
        o.put("opening", g.opening());
        o.put("rules", g.rules());
        o.put("position", g.position());
        o.put("moves", g.moves());
        o.put("openingPlies", g.openingPlies());
        o.put("south", g.south());
        o.put("north", g.north());
        o.put("a", Side.name(g.sideOfA()));
        o.put("seed", g.seed());
        o.put("result", g.result());
        o.put("scoreA", g.scoreOfA());
        o.put("reason", g.reason());
        o.putArray("stores").add(g.southStore()).add(g.northStore());
        o.put("error", g.error());
        o.put("errorSide", g.errorSide() < 0 ? null : Side.name(g.errorSide()));
        ArrayNode micros = o.putArray("moveMicros");
        for (long t : g.moveMicros()) {
            micros.add(t);
        }
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree of strings and numbers did not serialise", e);
        }
    }

    /**
     * One game from a JSON line.
     *
     * @throws IllegalArgumentException saying which field is missing or wrong
     */
    public static MatchRecord parse(String line) {
        JsonNode o;
        try {
            o = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + Texts.jsonProblem(e.getOriginalMessage()), e);
        }
        if (o == null || !o.isObject()) {
            throw new IllegalArgumentException("expected a JSON object");
        }
        for (Iterator<String> it = o.fieldNames(); it.hasNext();) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                throw new IllegalArgumentException("unknown field \"" + f + "\" (format " + MatchRecord.FORMAT + " has "
                        + String.join(", ", new java.util.TreeSet<>(FIELDS)) + ")");
            }
        }
        int format = integer(o, "format");
        if (format != MatchRecord.FORMAT) {
            throw new IllegalArgumentException("format " + format + " is not supported (expected " + MatchRecord.FORMAT
                    + ")");
        }
        JsonNode stores = field(o, "stores");
        if (!stores.isArray() || stores.size() != 2 || !stores.get(0).canConvertToInt()
                || !stores.get(1).canConvertToInt()) {
            throw new IllegalArgumentException("\"stores\" must be [south, north] seed counts");
        }
        JsonNode micros = field(o, "moveMicros");
        if (!micros.isArray()) {
            throw new IllegalArgumentException("\"moveMicros\" must be an array of whole numbers");
        }
        long[] moveMicros = new long[micros.size()];
        for (int i = 0; i < moveMicros.length; i++) {
            if (!micros.get(i).canConvertToLong()) {
                throw new IllegalArgumentException("\"moveMicros\" must be an array of whole numbers");
            }
            moveMicros[i] = micros.get(i).longValue();
        }
        String result = string(o, "result", false);
        int winner = switch (result) {
            case MatchRecord.SOUTH_WINS -> Side.SOUTH;
            case MatchRecord.NORTH_WINS -> Side.NORTH;
            case MatchRecord.DRAW -> -1;
            default -> throw new IllegalArgumentException("\"result\" must be 1-0, 0-1 or 1/2-1/2, not " + result);
        };
        String errorSide = string(o, "errorSide", true);
        MatchRecord r = new MatchRecord(integer(o, "game"), integer(o, "pair"), integer(o, "opening"),
                string(o, "rules", false), string(o, "position", false), string(o, "moves", false),
                integer(o, "openingPlies"), string(o, "south", false), string(o, "north", false),
                side(string(o, "a", false), "a"), longValue(o, "seed"), winner, string(o, "reason", false),
                stores.get(0).intValue(), stores.get(1).intValue(), string(o, "error", true),
                errorSide == null ? -1 : side(errorSide, "errorSide"), moveMicros);
        JsonNode scoreA = field(o, "scoreA");
        if (!scoreA.isNumber() || scoreA.doubleValue() != r.scoreOfA()) {
            throw new IllegalArgumentException("\"scoreA\" " + scoreA + " does not match result " + result + " with A as "
                    + Side.name(r.sideOfA()));
        }
        return r;
    }

    private static JsonNode field(JsonNode o, String name) {
        JsonNode n = o.get(name);
        if (n == null) {
            throw new IllegalArgumentException("missing field \"" + name + "\"");
        }
        return n;
    }

    private static int integer(JsonNode o, String name) {
        JsonNode n = field(o, name);
        if (!n.isIntegralNumber() || !n.canConvertToInt()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a whole number, not " + n);
        }
        return n.intValue();
    }

    private static long longValue(JsonNode o, String name) {
        JsonNode n = field(o, name);
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a 64-bit whole number, not " + n);
        }
        return n.longValue();
    }

    private static String string(JsonNode o, String name, boolean nullable) {
        JsonNode n = field(o, name);
        if (n.isNull() && nullable) {
            return null;
        }
        if (!n.isTextual()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a string" + (nullable ? " or null" : "")
                    + ", not " + n);
        }
        return n.textValue();
    }

    private static int side(String text, String name) {
        try {
            return Side.parse(text);
        } catch (RulesException e) {
            throw new IllegalArgumentException("\"" + name + "\" must be south or north, not " + text, e);
        }
    }

    /**
     * A line of a games file that holds no game.
     *
     * @param line its 1-based number
     * @param text the line as read (bytes that are not UTF-8 replaced), for keeping aside
     * @param problem what is wrong with it
     * @param cutShort it is the last line and has no newline after it: a write interrupted by a kill
     */
    public record Skipped(int line, String text, String problem, boolean cutShort) {
        /** One line naming {@code file}, the line and what was done: {@code FILE:LINE: skipped ...}. */
        public String warning(Path file) {
            return file + ":" + line + ": skipped " + (cutShort ? "the last line, cut short by an interrupted write"
                    : "a line that is not a game record (" + problem + ")");
        }
    }

    /** The games of a file and the lines skipped in it, each in file order. */
    public record Contents(List<MatchRecord> games, List<Skipped> skipped) {
        public Contents {
            games = List.copyOf(games);
            skipped = List.copyOf(skipped);
        }
    }

    /**
     * All games of a file, in file order; blank lines and a last line cut short (no newline after
     * it) are skipped.
     *
     * @throws IllegalArgumentException naming the file and line of any other bad line
     */
    public static List<MatchRecord> read(Path file) throws IOException {
        Contents c = readSkipping(file);
        for (Skipped s : c.skipped()) {
            if (!s.cutShort()) {
                throw new IllegalArgumentException(file + ":" + s.line() + ": " + s.problem()
                        + " (delete or repair that line)");
            }
        }
        return c.games();
    }

    /**
     * All games of a file, in file order, and every line that holds none (a last line cut short, a
     * line of garbage or of bytes that are not UTF-8); blank lines are ignored. Each line is decoded
     * on its own, so one bad line costs only itself.
     */
    public static Contents readSkipping(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        List<MatchRecord> games = new ArrayList<>();
        List<Skipped> skipped = new ArrayList<>();
        int start = 0;
        for (int number = 1; start < bytes.length; number++) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            boolean last = end == bytes.length;
            String line;
            String problem = null;
            try {
                line = StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                        .decode(java.nio.ByteBuffer.wrap(bytes, start, end - start)).toString();
            } catch (java.nio.charset.CharacterCodingException e) {
                line = new String(bytes, start, end - start, StandardCharsets.UTF_8);
                problem = "not valid UTF-8";
            }
            start = end + 1;
            if (line.isBlank()) {
                continue;
            }
            if (problem == null) {
                try {
                    games.add(parse(line.strip()));
                    continue;
                } catch (IllegalArgumentException e) {
                    problem = e.getMessage();
                }
            }
            skipped.add(new Skipped(number, line, Texts.escape(problem), last));
        }
        return new Contents(games, skipped);
    }

    /** Writes {@code games} to {@code file} atomically, replacing it. */
    public static void write(Path file, List<MatchRecord> games) throws IOException {
        AtomicFiles.write(file, out -> {
            BufferedWriter w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            for (MatchRecord g : games) {
                w.write(g.toJson());
                w.write('\n');
            }
            w.flush();
        });
    }

    /**
     * Appends records to a file as games finish: each record is one line written and flushed
     * whole, so a killed process loses only the games still being played (and leaves at most one
     * line cut short, which {@link #read} skips). Usable as a {@link MatchListener}. Thread-safe.
     */
    public static final class Appender implements MatchListener, Closeable {
        private final Path file;
        /** Guarded by this. */
        private final BufferedWriter out;

        /**
         * Opens {@code file} for appending, creating it and its parent directories.
         *
         * @param truncate start an empty file instead of appending to an existing one
         */
        public Appender(Path file, boolean truncate) throws IOException {
            this.file = file;
            Path parent = file.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, truncate ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND);
        }

        /** The file written. */
        public Path file() {
            return file;
        }

        /** Appends one record and flushes it to the operating system. */
        public synchronized void append(MatchRecord record) {
            try {
                out.write(record.toJson());
                out.write('\n');
                out.flush();
            } catch (IOException e) {
                throw new UncheckedIOException("writing " + file, e);
            }
        }

        @Override
        public void gameFinished(MatchRecord record, Tally tally, int total) {
            append(record);
        }

        @Override
        public synchronized void close() throws IOException {
            out.close();
        }
    }
}
