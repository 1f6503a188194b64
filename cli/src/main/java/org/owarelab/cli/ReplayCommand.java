package org.owarelab.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.owarelab.formats.Mappers;
import org.owarelab.protocol.jsonl.BoardJson;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;
import org.owarelab.util.LineReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware replay}: replays games and prints every ply as JSON (schema in docs/rules.md). */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Replay a game and print one JSON object per ply: the start, then each move.",
            "Fields: ply, move, position, houses, stores, toMove, legal, captured, ended; the last object also "
                    + "has reason and finalStores. With --batch, one JSON line per game: "
                    + "{\"index\":i,\"plies\":[...]} or {\"index\":i,\"error\":\"...\"}."},
        footer = {"", "Examples:",
            "  oware replay --moves FfBe",
            "  oware replay --position 0-0-0-0-1-2-1-1-0-0-0-0-20-23-S --moves F --rules grand-slam=capture-all",
            "  echo '{\"moves\":\"FfBe\"}' | oware replay --batch -",
            "  oware replay --batch games.jsonl > plies.jsonl"})
final class ReplayCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = Mappers.json(); // a duplicated key is an error, not the last one

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    RulesOptions rules = new RulesOptions();

    @Option(names = "--moves", paramLabel = "MOVES", description = "The moves as letters, e.g. FfBe.")
    String moves;

    @Option(names = "--batch", paramLabel = "FILE",
            description = "Read games as JSON lines {\"position\": P, \"moves\": M} (position optional) "
                    + "from FILE, or '-' for stdin; --position gives the default start.")
    String batch;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        RuleSet ruleSet = rules.ruleSet();
        if (batch == null) {
            if (moves == null) {
                throw new BadInputException("give --moves MOVES (or --batch FILE)");
            }
            for (ObjectNode ply : replay(rules.startPosition(), moves)) {
                out.println(JSON.writeValueAsString(ply));
            }
            out.flush();
            return 0;
        }
        if (moves != null) {
            throw new BadInputException("--moves and --batch exclude each other");
        }
        Position defaultStart = rules.startPosition();
        try (InputStream in = open(batch)) {
            LineReader lines = new LineReader(in, LineReader.DEFAULT_MAX);
            int index = 0;
            for (LineReader.Line line = lines.next(); line != null; line = lines.next()) {
                if (line.text() != null && line.text().isBlank()) {
                    continue;
                }
                ObjectNode result = JSON.createObjectNode();
                result.put("index", index++);
                try {
                    ArrayNode plies = JSON.createArrayNode();
                    plies.addAll(game(line, defaultStart, ruleSet));
                    result.set("plies", plies);
                } catch (IllegalArgumentException e) {
                    result.put("error", "line " + line.number() + ": " + Errors.message(e));
                }
                out.println(JSON.writeValueAsString(result));
            }
        }
        out.flush();
        return 0;
    }

    /** The plies of one batch line; throws {@link IllegalArgumentException} naming what is wrong with it. */
    private static List<ObjectNode> game(LineReader.Line line, Position defaultStart, RuleSet ruleSet) {
        if (line.tooLong()) {
            throw new IllegalArgumentException("a line over " + LineReader.DEFAULT_MAX + " bytes (expected a JSON "
                    + "object {\"position\": ..., \"moves\": ...})");
        }
        if (line.text() == null) {
            throw new IllegalArgumentException("not valid UTF-8 at byte " + line.badByte()
                    + " (expected a UTF-8 JSON object {\"position\": ..., \"moves\": ...})");
        }
        JsonNode game;
        try {
            game = JSON.readTree(line.text());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(Errors.json(e) + " (expected a JSON object {\"position\": ..., \"moves\": ...})");
        }
        if (game == null || !game.isObject()) {
            throw new IllegalArgumentException("expected a JSON object {\"position\": ..., \"moves\": ...}");
        }
        JsonNode p = game.get("position");
        JsonNode m = game.get("moves");
        if (p != null && !p.isNull() && !p.isTextual() || m != null && !m.isNull() && !m.isTextual()) {
            throw new IllegalArgumentException("expected \"position\" and \"moves\" to be strings");
        }
        Position start = p == null || p.isNull() ? defaultStart : Position.parse(p.asText(), ruleSet);
        return replay(start, m == null || m.isNull() ? "" : m.asText());
    }

    private static InputStream open(String file) throws IOException {
        if (file.equals("-")) {
            return System.in;
        }
        try {
            return Files.newInputStream(Path.of(file));
        } catch (NoSuchFileException e) {
            throw new BadInputException("--batch " + file + ": no such file");
        }
    }

    /** The ply objects of one game; throws (before printing anything) at the first illegal move. */
    static List<ObjectNode> replay(Position start, String moves) {
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
