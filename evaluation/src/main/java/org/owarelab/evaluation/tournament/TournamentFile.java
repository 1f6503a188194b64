package org.owarelab.evaluation.tournament;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.evaluation.Balance;
import org.owarelab.formats.Mappers;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.AtomicFiles;
import org.owarelab.util.Texts;

/**
 * {@code tournament.json}: a tournament directory's settings, written when it starts (atomically)
 * so that a resumed or grown tournament can check it plays under the same settings, and so that
 * {@code oware report} knows the anchor. Format {@value #FORMAT}:
 * <pre>{@code
 * {"format":1,"seed":1,"rules":"","position":"4-4-...-0-0-S","openingPlies":4,"maxPlies":500,
 *  "balance":{"judge":"alphabeta:depth=4","maxValue":0.3},"players":["random","greedy"],
 *  "gauntlet":null,"gamesPerPair":20,"anchor":"random","neighbours":0}
 * }</pre>
 * {@code neighbours} (0: every pair meets) is absent from files written before it, read as 0.
 */
public final class TournamentFile {
    /** The file name in a tournament directory. */
    public static final String FILE = "tournament.json";
    /** The format version written. */
    public static final int FORMAT = 1;

    private static final ObjectMapper JSON = Mappers.jsonBuilder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private TournamentFile() {
    }

    /** Writes {@code config} (with its resolved anchor) to {@code dir/tournament.json}, atomically. */
    public static void write(Path dir, TournamentConfig config) throws IOException {
        ArenaSettings s = config.settings();
        ObjectNode o = JSON.createObjectNode();
        o.put("format", FORMAT);
        o.put("seed", s.seed());
        o.put("rules", s.rules().spec());
        o.put("position", s.start().text());
        o.put("openingPlies", s.openingPlies());
        o.put("maxPlies", s.maxPlies());
        if (s.balance() == null) {
            o.putNull("balance");
        } else {
            o.putObject("balance").put("judge", s.balance().judge()).put("maxValue", s.balance().maxValue());
        }
        config.players().forEach(o.putArray("players")::add);
        o.put("gauntlet", config.gauntlet());
        o.put("gamesPerPair", config.gamesPerPair());
        o.put("anchor", config.anchorOrDefault());
        o.put("neighbours", config.neighbours());
        AtomicFiles.writeString(dir.resolve(FILE), JSON.writeValueAsString(o) + "\n");
    }

    /**
     * Reads {@code dir/tournament.json} (threads are not saved: the result has 1).
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static TournamentConfig read(Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        try {
            JsonNode o = JSON.readTree(Files.readString(file, StandardCharsets.UTF_8));
            if (o == null || !o.isObject()) {
                throw new IllegalArgumentException("expected a JSON object");
            }
            if (o.path("format").asInt(-1) != FORMAT) {
                throw new IllegalArgumentException("format " + o.get("format") + " is not supported (expected " + FORMAT
                        + ")");
            }
            RuleSet rules = RuleSet.parse(text(o, "rules"));
            Balance balance = null;
            JsonNode b = o.path("balance");
            if (b.isObject()) {
                balance = new Balance(text(b, "judge"), b.path("maxValue").asDouble(Double.NaN));
            }
            ArenaSettings settings = new ArenaSettings(rules, Position.parse(text(o, "position"), rules),
                    number(o, "openingPlies"), number(o, "maxPlies"), o.path("seed").asLong(), balance);
            List<String> players = new ArrayList<>();
            o.path("players").forEach(p -> players.add(p.asText()));
            JsonNode g = o.path("gauntlet");
            JsonNode a = o.path("anchor");
            int neighbours = o.has("neighbours") ? number(o, "neighbours") : 0;
            return new TournamentConfig(players, g.isTextual() ? g.asText() : null, number(o, "gamesPerPair"), 1,
                    settings, a.isTextual() ? a.asText() : null, neighbours);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not JSON: " + Texts.jsonProblem(e.getOriginalMessage()), e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    private static String text(JsonNode o, String name) {
        JsonNode n = o.get(name);
        if (n == null || !n.isTextual()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a string");
        }
        return n.asText();
    }

    private static int number(JsonNode o, String name) {
        JsonNode n = o.get(name);
        if (n == null || !n.canConvertToInt()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a whole number");
        }
        return n.intValue();
    }

    /**
     * Checks that a directory's saved settings are those of a new run, so its games can be kept.
     *
     * @throws TournamentMismatchException naming each setting that differs
     */
    static void checkSame(Path dir, ArenaSettings saved, ArenaSettings now) {
        List<String> diffs = new ArrayList<>();
        if (saved.seed() != now.seed()) {
            diffs.add("seed " + saved.seed() + " (now " + now.seed() + ")");
        }
        if (!saved.rules().equals(now.rules())) {
            diffs.add("rules '" + saved.rules().spec() + "' (now '" + now.rules().spec() + "')");
        }
        if (!saved.start().equals(now.start())) {
            diffs.add("start position " + saved.start().text() + " (now " + now.start().text() + ")");
        }
        if (saved.openingPlies() != now.openingPlies()) {
            diffs.add("opening plies " + saved.openingPlies() + " (now " + now.openingPlies() + ")");
        }
        if (saved.maxPlies() != now.maxPlies()) {
            diffs.add("ply cap " + saved.maxPlies() + " (now " + now.maxPlies() + ")");
        }
        if (!java.util.Objects.equals(saved.balance(), now.balance())) {
            diffs.add("balance " + describe(saved.balance()) + " (now " + describe(now.balance()) + ")");
        }
        if (!diffs.isEmpty()) {
            throw new TournamentMismatchException(dir + " holds a tournament played with " + String.join(", ", diffs)
                    + ": resume it with the same settings, or use another directory");
        }
    }

    private static String describe(Balance b) {
        return b == null ? "off" : b.judge() + " |value| <= " + b.maxValue();
    }
}
