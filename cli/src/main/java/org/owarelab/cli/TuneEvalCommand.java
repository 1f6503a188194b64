package org.owarelab.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import org.owarelab.agents.alphabeta.EvalTerms;
import org.owarelab.agents.alphabeta.tuning.EvalFit;
import org.owarelab.formats.Mappers;
import org.owarelab.training.selfplay.RecordedGame;
import org.owarelab.util.LineReader;
import org.owarelab.util.Texts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware tune-eval}: fits the alpha-beta evaluation's weights to the results of recorded games. */
@Command(name = "tune-eval", mixinStandardHelpOptions = true,
        description = {"Fit the alpha-beta evaluation's weights to game results (a logistic fit, Texel's method).",
            "Replays every game of the files (self-play records of a run, RUN/selfplay.jsonl, or 'oware match "
                + "--out' records) and models each position's result for the side to move as sigmoid(K x eval), "
                + "eval = 100 x material + the weighted terms mobility, threat, small, kroo and side (centi-seeds). "
                + "The fit is a logistic regression on those terms with material's weight fixed at 100. A seeded "
                + "tenth of the games (--validation) is held out and scored apart, as are the default weights with "
                + "their own best K, so the losses compare like for like.",
            "Prints the losses and the fitted weights as an alpha-beta spec value (alphabeta:weights=M/T/S/K/D); "
                + "the last line is one JSON object. A fit says which weights predict results best, not which "
                + "play best: check it in paired games, e.g. oware match 'alphabeta:movetime=50,weights=...' "
                + "alphabeta:movetime=50 --games 2000 --sprt 0,20 --threads 2.",
            "Exit code 2 for a missing file or a line that is not a game record (named with its line)."},
        footer = {"", "Examples:",
            "  oware tune-eval --games runs/quick/selfplay.jsonl",
            "  oware tune-eval --games a.jsonl --games b.jsonl --min-ply 8 --validation 0.2 --seed 3"})
final class TuneEvalCommand implements Callable<Integer> {
    private static final ObjectMapper JSON = Mappers.json(); // a duplicated key is an error

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--games", required = true, paramLabel = "FILE",
            description = "Game records, one JSON object a line (repeatable).")
    List<Path> files;

    @Option(names = "--min-ply", paramLabel = "P", defaultValue = "4",
            description = "Skip each game's first P positions, the openings (default ${DEFAULT-VALUE}).")
    int minPly;

    @Option(names = "--validation", paramLabel = "F", defaultValue = "0.1",
            description = "Fraction of the games held out of the fit and scored apart (default ${DEFAULT-VALUE}).")
    double validation;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the held-out games' choice (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws Exception {
        if (minPly < 0) {
            throw new BadInputException("--min-ply must be >= 0, not " + minPly);
        }
        if (!(validation >= 0 && validation < 1)) {
            throw new BadInputException("--validation must be a fraction in [0, 1), not " + validation);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        EvalFit fit = new EvalFit();
        SplittableRandom random = new SplittableRandom(seed);
        int games = 0;
        long t0 = System.nanoTime();
        for (Path file : files) {
            int before = games;
            if (Files.isDirectory(file)) {
                throw new BadInputException(file + ": a directory; expected a file of game records (RUN/selfplay.jsonl "
                        + "or 'oware match --out' games)");
            }
            try (InputStream in = Files.newInputStream(file)) {
                LineReader reader = new LineReader(in, LineReader.DEFAULT_MAX);
                for (LineReader.Line line = reader.next(); line != null; line = reader.next()) {
                    if (line.tooLong()) {
                        throw new BadInputException(file + ":" + line.number() + ": a line over " + reader.max()
                                + " bytes; expected one game record as a JSON object per line");
                    }
                    if (line.text() == null) {
                        throw new BadInputException(file + ":" + line.number() + ": not UTF-8 (byte " + line.badByte()
                                + "); expected one game record as a JSON object per line");
                    }
                    if (line.text().isBlank()) {
                        continue;
                    }
                    if (addGame(fit, file + ":" + line.number(), line.text(), random.nextDouble() < validation)) {
                        games++;
                    }
                }
            } catch (NoSuchFileException e) {
                throw new BadInputException(file + ": no such file; expected game records (RUN/selfplay.jsonl or "
                        + "'oware match --out' games)");
            } catch (java.io.IOException e) {
                throw new java.io.IOException(file + ": " + Texts.reason(e), e);
            }
            err.printf(Locale.ROOT, "tune-eval: %s: %d games, %d positions so far (%.1f s)%n", file, games - before,
                    fit.positions(), (System.nanoTime() - t0) / 1e9);
            err.flush();
        }
        EvalFit.Result r;
        try {
            r = fit.fit();
        } catch (IllegalStateException e) {
            throw new BadInputException("tune-eval: " + e.getMessage());
        }
        int[] defaults = EvalTerms.defaultWeights();
        out.printf(Locale.ROOT, "games %d; positions %d fitted, %d held out (%.0f%% of the games)%n", games,
                r.positions(), r.validationPositions(), 100 * validation);
        out.printf(Locale.ROOT, "%-9s %8s %8s%n", "term", "default", "fitted");
        out.printf(Locale.ROOT, "%-9s %8d %8d%n", "material", 100, 100);
        for (int j = 0; j < defaults.length; j++) {
            out.printf(Locale.ROOT, "%-9s %8d %8d%n", EvalTerms.NAMES.get(j + 1), defaults[j], r.weights()[j]);
        }
        printLoss(out, "default", r.defaults());
        printLoss(out, "fitted", r.fitted());
        out.println("spec: alphabeta:weights=" + r.spec());
        ObjectNode json = JSON.createObjectNode();
        json.put("games", games);
        json.put("positions", r.positions());
        json.put("heldOut", r.validationPositions());
        json.put("weights", r.spec());
        json.put("defaultWeights", EvalTerms.spec(defaults));
        json.set("fitted", loss(r.fitted()));
        json.set("default", loss(r.defaults()));
        out.println(JSON.writeValueAsString(json));
        out.flush();
        return 0;
    }

    private static void printLoss(PrintWriter out, String name, EvalFit.Loss l) {
        out.printf(Locale.ROOT, "%-8s K %.5f/centi-seed; log-loss %.5f fitted, %.5f held out; squared error "
                + "%.5f fitted, %.5f held out%n", name, l.scale(), l.logLoss(), l.validationLogLoss(), l.mse(),
                l.validationMse());
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

    /** Replays one record and adds its positions; false for a forfeited game (skipped). */
    private boolean addGame(EvalFit fit, String where, String text, boolean held) {
        try {
            RecordedGame g = RecordedGame.parse(text);
            if (g == null) {
                return false;
            }
            fit.addGame(g.start(), g.moves(), g.winner(), minPly, held);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(where + ": " + e.getMessage());
        }
        return true;
    }
}
