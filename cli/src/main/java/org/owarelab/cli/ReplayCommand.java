package org.owarelab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.owarelab.formats.Mappers;
import org.owarelab.protocol.jsonl.ReplayJson;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.LineReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code oware replay}: replays games and prints every ply as JSON (schema in docs/rules.md); the
 * plies and the reading of a {@code --batch} line are {@link ReplayJson}'s.
 */
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
            for (ObjectNode ply : ReplayJson.plies(rules.startPosition(), moves)) {
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
                    plies.addAll(ReplayJson.game(line, defaultStart, ruleSet));
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
}
