package org.owarelab.ablation;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.owarelab.formats.Mappers;
import org.owarelab.formats.ReadProblem;

/**
 * An ablation file as written ({@code configs/ablations/*.yaml}), bound by Jackson with unknown
 * keys refused, plus where each key and list item stands in the text (for error lines).
 *
 * <pre>
 * base: ../quick.yaml          # a config path relative to this file, or an embedded name (quick, tiny, ...)
 * set: {loop.generations: 6}   # overrides of every variant
 * grid: {selfplay.simulations: [25, 50]}     # every combination of the grid's values ...
 * zip: {network.aux: [true, false]}          # ... times the zipped lists' rows (equal lengths;
 *                                            #     an optional name: [..] names the rows)
 * seeds: [1, 2, 3]
 * evaluation: {opponents: [greedy, "alphabeta:depth=2"], games: 10, mode: sims, sims: 50, checkpoints: final}
 * </pre>
 *
 * @param base the base config
 * @param set overrides applied to every variant, key to value
 * @param grid axes crossed with each other, key to values
 * @param zip axes varied together, key to values (all of one length)
 * @param seeds the run seeds of every variant (the config's {@code seed})
 * @param evaluation how the runs are rated
 */
public record AblationFile(String base, Map<String, JsonNode> set, Map<String, List<JsonNode>> grid,
        Map<String, List<JsonNode>> zip, List<Long> seeds, Evaluation evaluation) {

    /** Unknown and duplicated keys refused (the lab's YAML mapper: {@link Mappers}). */
    private static final ObjectMapper YAML = Mappers.yamlBuilder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /**
     * How the variants are rated: their checkpoints and the fixed opponents play a round robin
     * of {@code games} games per pair (colour-swapped pairs on openings shared by everyone).
     *
     * @param opponents fixed opponents' agent specs; the first is Elo 0
     * @param games games per pair, even
     * @param mode {@code sims} (equal simulations per move) or {@code time} (equal time per move:
     *     the checkpoints search {@code puct:model=...,movetime=MS}, and each fixed opponent whose
     *     agent takes a {@code movetime} and whose spec sets no depth, sims, nodes or movetime of its
     *     own gets {@code movetime=MS}; see {@code AblationEvaluation#poolOpponents})
     * @param sims simulations per move of the checkpoints' PUCT search in {@code sims} mode
     * @param movetimeMs milliseconds per move in {@code time} mode (required there, > 0)
     * @param checkpoints {@code final} (each run's last checkpoint) or {@code all}
     * @param openingPlies random plies of each shared opening
     * @param threads games played at once (0: the machine's cores)
     * @param seed the tournament seed (openings and games)
     */
    public record Evaluation(List<String> opponents, Integer games, String mode, Integer sims, Integer movetimeMs,
            String checkpoints, Integer openingPlies, Integer threads, Long seed) {
        public Evaluation {
            opponents = opponents == null ? List.of("random", "greedy") : List.copyOf(opponents);
            games = games == null ? 10 : games;
            mode = mode == null ? "sims" : mode;
            sims = sims == null ? 50 : sims;
            movetimeMs = movetimeMs == null ? 0 : movetimeMs;
            checkpoints = checkpoints == null ? "final" : checkpoints;
            openingPlies = openingPlies == null ? 4 : openingPlies;
            threads = threads == null ? 0 : threads;
            seed = seed == null ? 1L : seed;
        }

        static final Evaluation DEFAULT = new Evaluation(null, null, null, null, null, null, null, null, null);

        public boolean allCheckpoints() {
            return "all".equals(checkpoints);
        }

        /** Equal time per move rather than equal simulations. */
        public boolean timed() {
            return "time".equals(mode);
        }

        /** {@code 100 simulations per move} or {@code 50 ms per move}, for the texts. */
        public String perMove() {
            return timed() ? movetimeMs + " ms per move" : sims + " simulations per move";
        }
    }

    public AblationFile {
        set = set == null ? Map.of() : new LinkedHashMap<>(set);
        grid = grid == null ? Map.of() : new LinkedHashMap<>(grid);
        zip = zip == null ? Map.of() : new LinkedHashMap<>(zip);
        seeds = seeds == null ? null : List.copyOf(seeds);
        evaluation = evaluation == null ? Evaluation.DEFAULT : evaluation;
    }

    /** A bound file with its text, for locating keys. */
    public record Source(Path file, String text, AblationFile content, Map<String, Integer> lines) {
        /** The line of JSON pointer {@code pointer} (e.g. {@code /grid/selfplay.simulations/1}), or of its nearest parent. */
        public int line(String pointer) {
            for (String p = pointer; !p.isEmpty(); p = p.substring(0, p.lastIndexOf('/'))) {
                Integer l = lines.get(p);
                if (l != null) {
                    return l;
                }
            }
            return 1;
        }

        /** {@code FILE:LINE: key KEY: problem} for the key or item at {@code pointer}. */
        public AblationException error(String pointer, String key, String problem) {
            return new AblationException(file + ":" + line(pointer) + ": key " + key + ": " + problem);
        }
    }

    /** Reads and binds {@code file}; a bad file is an {@link AblationException} naming its line and key. */
    public static Source read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new AblationException(file + ": no such ablation file");
        } catch (IOException e) {
            throw new AblationException(file + ": cannot read (" + e.getMessage() + ")");
        }
        Map<String, Integer> lines = lines(text);
        AblationFile content;
        try {
            content = YAML.readValue(text, AblationFile.class);
        } catch (JsonProcessingException e) {
            // In the user's words: FILE:LINE: key KEY: what was expected (no Java types, no parser tokens).
            ReadProblem p = ReadProblem.of(e, text, YAML);
            throw new AblationException(file + ":" + Math.max(1, p.line()) + ": key "
                    + (p.key().isEmpty() ? "(top level)" : p.key()) + ": " + p.problem());
        }
        if (content == null) {
            throw new AblationException(file + ":1: key base: the file is empty (expected base, grid or zip, seeds, "
                    + "evaluation)");
        }
        return new Source(file, text, content, lines);
    }

    /** The line of every key and list item, by JSON pointer. */
    private static Map<String, Integer> lines(String text) {
        Map<String, Integer> lines = new HashMap<>();
        try (JsonParser p = YAML.getFactory().createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.END_ARRAY || t == JsonToken.END_OBJECT) {
                    continue;
                }
                String here = p.getParsingContext().pathAsPointer().toString();
                if (t == JsonToken.START_ARRAY || t == JsonToken.START_OBJECT) {
                    here = p.getParsingContext().getParent() == null ? ""
                            : p.getParsingContext().getParent().pathAsPointer().toString();
                }
                lines.putIfAbsent(here, p.currentTokenLocation().getLineNr());
            }
        } catch (IOException | RuntimeException e) {
            // Binding succeeded, so the text parses; a failure here only costs line numbers.
        }
        return lines;
    }
}
