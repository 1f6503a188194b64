package org.owarelab.agents.puct;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.formats.Mappers;

/**
 * {@code levels.json}: a player's calibrated levels ({@link StrengthLevels}) with how they were
 * measured, written by {@code oware levels fit} from a calibration (one or more tournaments) and read by the
 * player's factory ({@code strong:elo=N}), the exported bundle's engine ({@code UCI_Elo}) and both
 * web pages. Format {@value #FORMAT}:
 * <pre>{@code
 * {"format":1,"player":"strong","anchor":"random","command":"oware tournament ...","date":"2026-12-02",
 *  "levels":[{"elo":103,"lo":61,"hi":145,"simulations":1,"temperature":2}, ...],
 *  "references":[{"player":"alphabeta:depth=2","elo":352,"lo":318,"hi":386}, ...]}
 * }</pre>
 * {@code references} are the tournament's other players (the anchor and the alpha-beta ladder
 * that fix the scale), informative: nothing plays them. Elos are on the anchor = 0 scale, each
 * interval 95%, relative to the anchor.
 *
 * @param player the player the levels are of ({@code strong})
 * @param anchor the player at Elo 0
 * @param command the calibration tournaments' commands (several joined by {@code &&}), to reproduce them
 * @param date the day it was measured (ISO)
 * @param levels the levels
 * @param references the other players' measured Elos, weakest first
 */
public record LevelsFile(String player, String anchor, String command, String date, StrengthLevels levels,
        List<Reference> references) {
    /** The file name beside a player's checkpoint. */
    public static final String FILE = "levels.json";
    /** The format version written. */
    public static final int FORMAT = 1;

    private static final ObjectMapper JSON = Mappers.jsonBuilder().enable(SerializationFeature.INDENT_OUTPUT).build();

    /** A player of the calibration that is not a level, with its measured Elo and 95% interval. */
    public record Reference(String player, int elo, int lo, int hi) {
    }

    /** Checks the fields. */
    public LevelsFile {
        if (player == null || player.isBlank() || anchor == null || anchor.isBlank()) {
            throw new IllegalArgumentException("levels: the player and the anchor are required");
        }
        if (levels == null) {
            throw new IllegalArgumentException("levels: expected at least one level");
        }
        references = List.copyOf(references);
    }

    /** Reads {@code file}; every problem is one message naming the file and what was expected. */
    public static LevelsFile read(Path file) throws IOException {
        try {
            return fromJson(JSON.readTree(Files.readString(file, StandardCharsets.UTF_8)));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not JSON: " + e.getOriginalMessage(), e);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }

    /** The levels of a {@code levels} JSON object (as this file, a bundle's model.json or player.json hold it). */
    public static LevelsFile fromJson(JsonNode o) {
        if (o == null || !o.isObject()) {
            throw new IllegalArgumentException("expected a JSON object");
        }
        if (o.path("format").asInt(-1) != FORMAT) {
            throw new IllegalArgumentException("format " + o.get("format") + " is not supported (expected " + FORMAT + ")");
        }
        List<StrengthLevels.Level> levels = new ArrayList<>();
        int i = 0;
        for (JsonNode l : array(o, "levels")) {
            String at = "levels[" + i++ + "]";
            try {
                levels.add(new StrengthLevels.Level(integer(l, "elo"), integer(l, "lo"), integer(l, "hi"),
                        integer(l, "simulations"), number(l, "temperature")));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(at + ": " + e.getMessage(), e);
            }
        }
        List<Reference> refs = new ArrayList<>();
        for (JsonNode r : o.has("references") ? array(o, "references") : List.<JsonNode>of()) {
            refs.add(new Reference(text(r, "player"), integer(r, "elo"), integer(r, "lo"), integer(r, "hi")));
        }
        return new LevelsFile(text(o, "player"), text(o, "anchor"), o.path("command").asText(""),
                o.path("date").asText(""), new StrengthLevels(levels), refs);
    }

    /** This file as a JSON object (what {@link #write} writes, and what a bundle's cards embed). */
    public ObjectNode toJson() {
        ObjectNode o = JSON.createObjectNode();
        o.put("format", FORMAT);
        o.put("player", player);
        o.put("anchor", anchor);
        o.put("command", command);
        o.put("date", date);
        ArrayNode a = o.putArray("levels");
        for (StrengthLevels.Level l : levels.levels()) {
            ObjectNode n = a.addObject();
            n.put("elo", l.elo()).put("lo", l.lo()).put("hi", l.hi()).put("simulations", l.simulations());
            n.put("temperature", l.temperature());
        }
        ArrayNode r = o.putArray("references");
        for (Reference ref : references) {
            r.addObject().put("player", ref.player()).put("elo", ref.elo()).put("lo", ref.lo()).put("hi", ref.hi());
        }
        return o;
    }

    /** Writes this file to {@code file}. */
    public void write(Path file) throws IOException {
        Files.writeString(file, JSON.writeValueAsString(toJson()) + "\n", StandardCharsets.UTF_8);
    }

    private static Iterable<JsonNode> array(JsonNode o, String name) {
        JsonNode n = o.get(name);
        if (n == null || !n.isArray()) {
            throw new IllegalArgumentException("\"" + name + "\" must be an array");
        }
        return n;
    }

    private static String text(JsonNode o, String name) {
        JsonNode n = o.get(name);
        if (n == null || !n.isTextual() || n.asText().isBlank()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a non-empty string");
        }
        return n.asText();
    }

    private static int integer(JsonNode o, String name) {
        JsonNode n = o.get(name);
        if (n == null || !n.canConvertToInt() || !n.isIntegralNumber()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a whole number");
        }
        return n.intValue();
    }

    private static double number(JsonNode o, String name) {
        JsonNode n = o.get(name);
        if (n == null || !n.isNumber()) {
            throw new IllegalArgumentException("\"" + name + "\" must be a number");
        }
        return n.doubleValue();
    }
}
