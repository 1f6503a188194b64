package org.owarelab.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.tournament.TournamentFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code oware report DIR}: ratings, tables and plots from saved results, replaying nothing. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Render ratings, tables and plots from saved games, replaying nothing.",
            "Render a tournament directory's report from its saved results without replaying anything: "
                + "rates DIR/games.jsonl (or reads DIR/ratings.csv when there are no games) and writes ratings.csv "
                + "(player,elo,lo,hi,games,score), report.md and PNG plots: ratings with their intervals, the score "
                + "matrix, and Elo against training steps and wall-clock time when DIR/checkpoints.csv exists (as "
                + "'oware ladder' leaves). Prints the tables.",
            "The anchor (Elo 0) is --anchor, else the one the tournament used (DIR/tournament.json), else random, "
                + "else alphabeta:depth=1, else the mean of all players. Games ended by an agent's failure are listed, "
                + "not rated."},
        footer = {"", "Examples:",
            "  oware report t1",
            "  oware report t1 --anchor greedy --bootstrap 1000",
            "  oware match greedy random --games 100 --out m1/ && oware report m1"})
final class ReportCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "The directory holding games.jsonl or ratings.csv.")
    Path dir;

    @Option(names = "--anchor", paramLabel = "SPEC", description = "The player rated Elo 0; it must have played.")
    String anchor;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of the bootstrap resampling (default ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    RatingOptions rating = new RatingOptions();

    @Override
    public Integer call() throws Exception {
        if (!Files.isDirectory(dir)) {
            throw new BadInputException(dir + ": not a directory");
        }
        EloOptions options = rating.options(seed);
        if (anchor != null) {
            TournamentOutput.report(dir, options.withAnchor(anchor, 0), false, rating.poolIntervals(),
                    spec.commandLine().getOut());
            return 0;
        }
        if (Files.exists(dir.resolve(TournamentFile.FILE))) {
            options = options.withAnchor(TournamentFile.read(dir).anchorOrDefault(), 0);
        }
        TournamentOutput.report(dir, options, true, rating.poolIntervals(), spec.commandLine().getOut());
        return 0;
    }
}
