package org.owarelab.protocol.jsonl;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.formats.Mappers;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;
import org.owarelab.util.LineReader;
import org.owarelab.util.Texts;

/**
 * The plies of {@code oware replay} (schema in docs/rules.md): one object per ply, the start first,
 * each with {@code ply}, {@code move} (null at the start), the board ({@link BoardJson}), the older
 * {@code houses} array, {@code toMove}, {@code legal}, {@code captured} and {@code ended}; the last
 * also has {@code reason} (null while the game goes on) and {@code finalStores} [south, north].
 * {@link #game} reads one line of {@code --batch} input, {@code {"position": P, "moves": M}}
 * (position optional). Every error is an {@link IllegalArgumentException} thrown before any ply is
 * returned, so a caller prints a game whole or not at all. Stateless and thread-safe.
 */
public final class ReplayJson {
    /** Duplicated keys are an error, not the last one kept. */
    private static final ObjectMapper JSON = Mappers.json();
    private static final String EXPECTED = "{\"position\": ..., \"moves\": ...}";

    private ReplayJson() {
    }

    /**
     * The ply objects of {@code moves} (letters; whitespace skipped) played from {@code start}; throws
     * {@link IllegalArgumentException} at the first letter that is not a legal move.
     */
    public static List<ObjectNode> plies(Position start, String moves) {
        Board board = new Board(start);
        List<ObjectNode> plies = new ArrayList<>();
        plies.add(ply(board, null));
        for (int i = 0; i < moves.length(); i++) {
            char c = moves.charAt(i);
            if (Character.isWhitespace(c)) {
                continue;
            }
            board.play(Moves.parse(board, c));
            plies.add(ply(board, String.valueOf(c)));
        }
        ObjectNode last = plies.get(plies.size() - 1);
        last.put("reason", board.isOver() ? board.endReason().text() : null);
        last.putArray("finalStores").add(board.finalStore(Side.SOUTH)).add(board.finalStore(Side.NORTH));
        return plies;
    }

    /**
     * The plies of one {@code --batch} line read with {@link LineReader#DEFAULT_MAX}; a line without
     * {@code position} (or with null) starts at {@code defaultStart}. Throws
     * {@link IllegalArgumentException} naming what is wrong with the line (too long, not UTF-8, not
     * JSON, not an object, fields not strings, a bad position or move), without the line number.
     */
    public static List<ObjectNode> game(LineReader.Line line, Position defaultStart, RuleSet ruleSet) {
        if (line.tooLong()) {
            throw new IllegalArgumentException("a line over " + LineReader.DEFAULT_MAX + " bytes (expected a JSON "
                    + "object " + EXPECTED + ")");
        }
        if (line.text() == null) {
            throw new IllegalArgumentException("not valid UTF-8 at byte " + line.badByte()
                    + " (expected a UTF-8 JSON object " + EXPECTED + ")");
        }
        JsonNode game;
        try {
            game = JSON.readTree(line.text());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(syntax(e) + " (expected a JSON object " + EXPECTED + ")");
        }
        if (game == null || !game.isObject()) {
            throw new IllegalArgumentException("expected a JSON object " + EXPECTED);
        }
        JsonNode p = game.get("position");
        JsonNode m = game.get("moves");
        if (p != null && !p.isNull() && !p.isTextual() || m != null && !m.isNull() && !m.isTextual()) {
            throw new IllegalArgumentException("expected \"position\" and \"moves\" to be strings");
        }
        Position start = p == null || p.isNull() ? defaultStart : Position.parse(p.asText(), ruleSet);
        return plies(start, m == null || m.isNull() ? "" : m.asText());
    }

    /**
     * A JSON syntax error without Jackson's internals: {@code not valid JSON at column C: PROBLEM},
     * the location taken from the exception and the "Source: REDACTED" parts dropped.
     */
    static String syntax(JsonProcessingException e) {
        String m = Texts.jsonProblem(e.getOriginalMessage());
        var at = e.getLocation();
        return "not valid JSON" + (at != null && at.getColumnNr() > 0 ? " at column " + at.getColumnNr() : "") + ": " + m;
    }

    private static ObjectNode ply(Board b, String move) {
        ObjectNode o = JSON.createObjectNode();
        o.put("ply", b.ply());
        o.put("move", move);
        BoardJson.put(o, b);
        BoardJson.counts(o.putArray("houses"), b); // the same as counts: the name replay's objects had first
        o.put("toMove", String.valueOf(Side.letter(b.toMove())));
        o.put("legal", b.legalLetters());
        o.put("captured", move == null ? 0 : b.lastCaptured());
        o.put("ended", b.isOver());
        return o;
    }
}
