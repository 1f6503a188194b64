package org.owarelab.training.selfplay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.owarelab.formats.Mappers;
import org.owarelab.util.Texts;

/**
 * One finished self-play game: a line of the run's {@code selfplay.jsonl}.
 *
 * <p>JSON form ({@link #jsonLine()}), format {@value #FORMAT}: {@code format, id, seed, rules,
 * moves, winner, end, stores [south, north], would_resign, would_resign_ply, positions,
 * simulations}. Lines written before the format field existed have none and are format 1.
 * {@link #parse}, {@link #fromJson} and {@link #read} read it back, strictly: every field
 * present and of its type, no unknown field.
 *
 * @param gameId the game's id
 * @param seed the game's seed (derived from the run seed and the id)
 * @param rules the rule set's text form (empty for the default rules)
 * @param moves the moves as letters from the start position, e.g. {@code FfBe}
 * @param winner {@code 0} South, {@code 1} North, {@code -1} a draw
 * @param end {@code threshold}, {@code no-moves}, {@code repetition} (the board's end reasons),
 *     {@code resigned} or {@code ply-cap}
 * @param southStore South's final store (after the end-of-game sharing for natural ends)
 * @param northStore North's final store
 * @param wouldResign in a played-through game the side that met the resignation condition first
 *     ({@code -1} none or not applicable)
 * @param wouldResignPly the ply where it did, {@code -1} if none
 * @param positions positions recorded (full searches)
 * @param simulations simulations run for the game's moves
 */
public record SelfPlayRecord(long gameId, long seed, String rules, String moves, int winner, String end, int southStore,
        int northStore, int wouldResign, int wouldResignPly, int positions, long simulations) {
    /** Format version of {@link #jsonLine()} (lines without the field are format 1 too). */
    public static final int FORMAT = 1;

    private static final ObjectMapper JSON = Mappers.json(); // a duplicated key is an error
    private static final Set<String> FIELDS = Set.of("format", "id", "seed", "rules", "moves", "winner", "end",
            "stores", "would_resign", "would_resign_ply", "positions", "simulations");

    /** Whether a played-through game shows a resignation that would have been wrong (no loss for that side). */
    public boolean falsePositive() {
        return wouldResign >= 0 && winner != 1 - wouldResign;
    }

    /** One JSON object on one line (for a {@code selfplay.jsonl} file), through Jackson. */
    public String jsonLine() {
        try {
            return JSON.writeValueAsString(toJson());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree of strings and numbers did not serialise", e);
        }
    }

    /** The JSON object of {@link #jsonLine()}, every field in the order of the format. */
    public ObjectNode toJson() {
        ObjectNode o = JSON.createObjectNode();
        o.put("format", FORMAT);
        o.put("id", gameId);
        o.put("seed", seed);
        o.put("rules", rules);
        o.put("moves", moves);
        o.put("winner", winner);
        o.put("end", end);
        o.putArray("stores").add(southStore).add(northStore);
        o.put("would_resign", wouldResign);
        o.put("would_resign_ply", wouldResignPly);
        o.put("positions", positions);
        o.put("simulations", simulations);
        return o;
    }

    /**
     * One game from a {@code selfplay.jsonl} line.
     *
     * @throws IllegalArgumentException saying what is wrong: not JSON, or the field missing or wrong
     */
    public static SelfPlayRecord parse(String line) {
        JsonNode o;
        try {
            o = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON: " + Texts.jsonProblem(e.getOriginalMessage()), e);
        }
        return fromJson(o);
    }

    /**
     * One game from the JSON object of a line (as {@link #toJson()} makes it, or as a message
     * carries it).
     *
     * @throws IllegalArgumentException saying which field is missing, unknown or wrong
     */
    public static SelfPlayRecord fromJson(JsonNode o) {
        if (o == null || !o.isObject()) {
            throw new IllegalArgumentException("expected a JSON object (a self-play game record)");
        }
        for (Iterator<String> it = o.fieldNames(); it.hasNext();) {
            String f = it.next();
            if (!FIELDS.contains(f)) {
                throw new IllegalArgumentException("unknown field \"" + f + "\" (format " + FORMAT + " has "
                        + String.join(", ", new TreeSet<>(FIELDS)) + ")");
            }
        }
        if (o.has("format")) { // lines written before the field existed are format 1
            long format = number(o, "format");
            if (format != FORMAT) {
                throw new IllegalArgumentException("format " + format + " is not supported (expected " + FORMAT + ")");
            }
        }
        JsonNode stores = field(o, "stores");
        if (!stores.isArray() || stores.size() != 2 || !stores.get(0).isIntegralNumber()
                || !stores.get(1).isIntegralNumber() || !stores.get(0).canConvertToInt()
                || !stores.get(1).canConvertToInt()) {
            throw new IllegalArgumentException("\"stores\" must be [south, north] seed counts, not " + stores);
        }
        int winner = integer(o, "winner");
        if (winner < -1 || winner > 1) {
            throw new IllegalArgumentException("\"winner\" must be 0 (South), 1 (North) or -1 (a draw), not " + winner);
        }
        return new SelfPlayRecord(number(o, "id"), number(o, "seed"), text(o, "rules"), text(o, "moves"), winner,
                text(o, "end"), stores.get(0).intValue(), stores.get(1).intValue(), integer(o, "would_resign"),
                integer(o, "would_resign_ply"), integer(o, "positions"), number(o, "simulations"));
    }

    /**
     * Every game of a {@code selfplay.jsonl} file, in file order; blank lines are skipped.
     *
     * @throws IllegalArgumentException {@code FILE:LINE: problem} for the first line that is not a game record
     * @throws IOException when the file cannot be read (or is not UTF-8)
     */
    public static List<SelfPlayRecord> read(Path file) throws IOException {
        List<SelfPlayRecord> games = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int number = 0;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    games.add(parse(line));
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException(file + ":" + number + ": " + e.getMessage()
                            + "; expected one self-play game record per line", e);
                }
            }
        }
        return games;
    }

    private static JsonNode field(JsonNode o, String name) {
        JsonNode n = o.get(name);
        if (n == null) {
            throw new IllegalArgumentException("missing field \"" + name + "\"");
        }
        return n;
    }

    private static long number(JsonNode o, String name) {
        JsonNode n = field(o, name);
        if (!n.isIntegralNumber() || !n.canConvertToLong()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a 64-bit whole number, not " + n);
        }
        return n.longValue();
    }

    private static int integer(JsonNode o, String name) {
        JsonNode n = field(o, name);
        if (!n.isIntegralNumber() || !n.canConvertToInt()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a whole number, not " + n);
        }
        return n.intValue();
    }

    private static String text(JsonNode o, String name) {
        JsonNode n = field(o, name);
        if (!n.isTextual()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a string, not " + n);
        }
        return n.textValue();
    }
}
