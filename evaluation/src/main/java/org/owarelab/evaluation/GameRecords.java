package org.owarelab.evaluation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes {@code games.jsonl}: one {@link GameResult} per line, in JSON (format in
 * {@link GameResult}). A tournament appends each game as it ends ({@link #append}); a crash may
 * then leave the last line cut short, which {@link #read} skips, so the game is simply played
 * again on resume. Any other bad line is an error naming the file and line. Thread-safe (the
 * mapper is immutable once built), but concurrent appends to one file must be serialized by
 * the caller.
 */
public final class GameRecords {
    /** The file name in a tournament directory. */
    public static final String FILE = "games.jsonl";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private GameRecords() {
    }

    /** One game as a JSON line (without the newline). */
    public static String toJson(GameResult game) {
        try {
            return JSON.writeValueAsString(game);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write game " + game.game() + " as JSON", e);
        }
    }

    /**
     * One game from a JSON line.
     *
     * @throws IllegalArgumentException saying what is wrong with it
     */
    public static GameResult parse(String line) {
        try {
            GameResult g = JSON.readValue(line, GameResult.class);
            if (g == null) {
                throw new IllegalArgumentException("expected a JSON object, not null");
            }
            return g;
        } catch (JsonProcessingException e) {
            // A failed check in GameResult's constructor arrives wrapped: report its own message.
            Throwable cause = e.getCause();
            if (cause instanceof IllegalArgumentException iae) {
                throw new IllegalArgumentException(iae.getMessage(), e);
            }
            throw new IllegalArgumentException(e.getOriginalMessage(), e);
        }
    }

    /**
     * All games of a file, in file order; blank lines and a last line cut short are skipped.
     *
     * @throws IllegalArgumentException naming the file and line of a bad record
     */
    public static List<GameResult> read(Path file) throws IOException {
        String text = Files.readString(file, StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        List<GameResult> games = new ArrayList<>();
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            boolean last = i == lines.length - 1;
            try {
                games.add(parse(line));
            } catch (IllegalArgumentException e) {
                if (last) {
                    // No newline after it: the write of this line was interrupted.
                    continue;
                }
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
            }
        }
        return games;
    }

    /** Writes {@code games} to {@code file} atomically, replacing it. */
    public static void write(Path file, List<GameResult> games) throws IOException {
        AtomicFiles.write(file, out -> {
            BufferedWriter w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8));
            for (GameResult g : games) {
                w.write(toJson(g));
                w.write('\n');
            }
            w.flush();
        });
    }

    /** Appends one game (one write of one line, then the newline that marks it complete). */
    public static void append(Path file, GameResult game) throws IOException {
        Files.writeString(file, toJson(game) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE);
    }
}
