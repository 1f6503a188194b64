package org.owarelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.owarelab.agents.alphabeta.EvalTerms;
import org.owarelab.agents.alphabeta.tuning.EvalFit;
import org.owarelab.training.selfplay.EvalFitGames;
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
        EvalFitGames reader = new EvalFitGames(minPly, validation, seed);
        long t0 = System.nanoTime();
        for (Path file : files) {
            int added = reader.read(file);
            err.printf(Locale.ROOT, "tune-eval: %s: %d games, %d positions so far (%.1f s)%n", file, added,
                    reader.fit().positions(), (System.nanoTime() - t0) / 1e9);
            err.flush();
        }
        int games = reader.games();
        EvalFit.Result r;
        try {
            r = reader.fit().fit();
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
        out.println(EvalFitGames.json(games, r));
        out.flush();
        return 0;
    }

    private static void printLoss(PrintWriter out, String name, EvalFit.Loss l) {
        out.printf(Locale.ROOT, "%-8s K %.5f/centi-seed; log-loss %.5f fitted, %.5f held out; squared error "
                + "%.5f fitted, %.5f held out%n", name, l.scale(), l.logLoss(), l.validationLogLoss(), l.mse(),
                l.validationMse());
    }
}
