package org.owarelab.training.selfplay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.owarelab.agents.alphabeta.EvalTerms;
import org.owarelab.agents.alphabeta.tuning.EvalFit;
import org.owarelab.formats.Mappers;
import org.owarelab.util.LineReader;
import org.owarelab.util.Texts;

/**
 * {@code oware tune-eval}'s input and result: game record files ({@link RecordedGame}: a run's
 * {@code selfplay.jsonl} or {@code oware match --out} games) read into an {@link EvalFit}, each game
 * held out with probability {@code validation} drawn from one seeded stream in file and line order,
 * and the result as its JSON line. Not thread-safe: one reader fills one fit.
 */
public final class EvalFitGames {
    private static final ObjectMapper JSON = Mappers.json();

    private final EvalFit fit = new EvalFit();
    private final SplittableRandom random;
    private final int minPly;
    private final double validation;
    private int games;

    /** Each game's first {@code minPly} positions skipped; {@code validation} in [0, 1). */
    public EvalFitGames(int minPly, double validation, long seed) {
        this.minPly = minPly;
        this.validation = validation;
        this.random = new SplittableRandom(seed);
    }

    /**
     * Adds the games of {@code file} (blank lines and forfeits skipped); returns how many.
     *
     * @throws IllegalArgumentException naming the file (and line) for a directory, a missing file, a
     *         line too long, not UTF-8 or not a game record
     * @throws IOException naming the file for a failure to read it
     */
    public int read(Path file) throws IOException {
        int before = games;
        if (Files.isDirectory(file)) {
            throw new IllegalArgumentException(file + ": a directory; expected a file of game records "
                    + "(RUN/selfplay.jsonl or 'oware match --out' games)");
        }
        try (InputStream in = Files.newInputStream(file)) {
            LineReader reader = new LineReader(in, LineReader.DEFAULT_MAX);
            for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
                if (line.tooLong()) {
                    throw new IllegalArgumentException(file + ":" + line.number() + ": a line over " + reader.max()
                            + " bytes; expected one game record as a JSON object per line");
                }
                if (line.text() == null) {
                    throw new IllegalArgumentException(file + ":" + line.number() + ": not UTF-8 (byte "
                            + line.badByte() + "); expected one game record as a JSON object per line");
                }
                if (line.text().isBlank()) {
                    continue;
                }
                if (add(file + ":" + line.number(), line.text(), random.nextDouble() < validation)) {
                    games++;
                }
            }
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no such file; expected game records (RUN/selfplay.jsonl or "
                    + "'oware match --out' games)");
        } catch (IOException e) {
            throw new IOException(file + ": " + Texts.reason(e), e);
        }
        return games - before;
    }

    /** Replays one record and adds its positions; false for a forfeited game (skipped). */
    private boolean add(String where, String text, boolean held) {
        try {
            RecordedGame g = RecordedGame.parse(text);
            if (g == null) {
                return false;
            }
            fit.addGame(g.start(), g.moves(), g.winner(), minPly, held);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
        return true;
    }

    /** The games read so far (forfeits not counted). */
    public int games() {
        return games;
    }

    /** The fit the games were added to. */
    public EvalFit fit() {
        return fit;
    }

    /**
     * The result line: {@code {"games", "positions", "heldOut", "weights", "defaultWeights",
     * "fitted": LOSS, "default": LOSS}}, each loss {@code {"k", "logLoss", "mse"}} and, with held-out
     * positions, {@code "heldOutLogLoss", "heldOutMse"}.
     */
    public static String json(int games, EvalFit.Result r) {
        ObjectNode json = JSON.createObjectNode();
        json.put("games", games);
        json.put("positions", r.positions());
        json.put("heldOut", r.validationPositions());
        json.put("weights", r.spec());
        json.put("defaultWeights", EvalTerms.spec(EvalTerms.defaultWeights()));
        json.set("fitted", loss(r.fitted()));
        json.set("default", loss(r.defaults()));
        try {
            return JSON.writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of numbers and strings always writes", e);
        }
    }

    private static ObjectNode loss(EvalFit.Loss l) {
        ObjectNode o = JSON.createObjectNode();
        o.put("k", l.scale());
        o.put("logLoss", l.logLoss());
        o.put("mse", l.mse());
        if (!Double.isNaN(l.validationLogLoss())) {
            o.put("heldOutLogLoss", l.validationLogLoss());
            o.put("heldOutMse", l.validationMse());
        }
        return o;
    }
}
