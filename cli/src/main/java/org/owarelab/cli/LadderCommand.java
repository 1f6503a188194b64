package org.owarelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.evaluation.report.Report;
import org.owarelab.evaluation.report.TrainingPoint;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.evaluation.tournament.Checkpoint;
import org.owarelab.evaluation.tournament.Ladder;
import org.owarelab.evaluation.tournament.LadderAccuracy;
import org.owarelab.evaluation.tournament.RunCheckpoints;
import org.owarelab.evaluation.tournament.TournamentConfig;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.util.OutputPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware ladder --run RUN...}: runs' checkpoints against an alpha-beta ladder and each other. */
@Command(name = "ladder", mixinStandardHelpOptions = true,
        description = {"Rate training runs' checkpoints against an alpha-beta ladder; Elo against steps and time.",
            "Rate every checkpoint of a training run (the directories under RUN/checkpoints/ with a "
                + "meta.json) in a round robin with a fixed ladder of opponents, alpha-beta at depths 1..N by "
                + "default, anchored on alphabeta:depth=1 = 0 (else the first ladder player), then plot Elo "
                + "against training steps and wall-clock time (meta.json's step; the time from meta.json's "
                + "wallSeconds, else the training seconds in RUN/metrics.jsonl, else the checkpoints' creation "
                + "times counted from the first).",
            "Several runs (--run A B) play in one ladder, on one scale, one line per run in the plots; "
                + "--at-minutes picks each run's checkpoints nearest the same training times.",
            "The results go to --out (default RUN/ladder; needed with several runs): games.jsonl, checkpoints.csv, "
                + "ratings.csv, report.md and PNGs. Re-run it as training goes on: saved games are kept and only the "
                + "new checkpoints' games are played. A checkpoint trained for another rule set is left out; one "
                + "that cannot be loaded forfeits its games, reported per game and per player."},
        footer = {"", "Examples:",
            "  oware ladder --run runs/a --depths 6 --games-per-pair 10",
            "  oware ladder --run runs/a --sims 200 --threads 2",
            "  oware ladder --run runs/long --every 5 --games-per-pair 10",
            "  oware ladder --run runs/a --tables tables-12.owtb --accuracy-positions 100",
            "  oware ladder --run runs/a runs/b --at-minutes 10,30,60 --out ladders/a-b --sims 100",
            "  oware ladder --run runs/a --ladder random greedy mcts:sims=1000 --checkpoint-spec "
                    + "\"puct:model={path},sims=400,c=1.5\""})
final class LadderCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--run", required = true, arity = "1..*", paramLabel = "RUN",
            description = "The training run directory; several put their checkpoints in one ladder (needs --out).")
    List<Path> runs;

    @Option(names = "--depths", paramLabel = "N", defaultValue = "6",
            description = "The ladder: alphabeta:depth=1 .. N (default ${DEFAULT-VALUE}).")
    int depths;

    @Option(names = "--ladder", arity = "1..*", paramLabel = "SPEC",
            description = "The ladder's opponents instead of alpha-beta depths 1..N.")
    List<String> ladder;

    @Option(names = "--checkpoint-spec", paramLabel = "TEMPLATE", defaultValue = Ladder.DEFAULT_TEMPLATE,
            description = "The agent spec of a checkpoint: {path} is its directory, {name} its directory name, "
                    + "{step} its step, {sims} the --sims value (default ${DEFAULT-VALUE}).")
    String template;

    @Option(names = "--sims", paramLabel = "N", defaultValue = "" + Ladder.DEFAULT_SIMS,
            description = "Simulations per move of the checkpoints' search (default ${DEFAULT-VALUE}).")
    int sims;

    @Option(names = "--every", paramLabel = "K", defaultValue = "1",
            description = "Rate every K-th checkpoint by step: the first, each K-th after it and the latest "
                    + "(default ${DEFAULT-VALUE}: all). For long runs: players grow the round robin quadratically.")
    int every;

    @Option(names = "--at-minutes", split = ",", paramLabel = "M",
            description = "Rate, of each run, the checkpoint nearest each of these training times in minutes "
                    + "(e.g. 10,30,60): the same points of training for runs with different checkpoint intervals.")
    List<Double> atMinutes;

    @Option(names = "--out", paramLabel = "DIR", description = "The ladder's directory (default RUN/ladder).")
    Path out;

    @Option(names = "--tables", paramLabel = "FILE",
            description = "Endgame tables ('oware tables build'): also measure each checkpoint's accuracy against "
                    + "perfect play and print it next to its Elo (accuracy.csv).")
    Path tables;

    @Option(names = "--accuracy-positions", paramLabel = "K", defaultValue = "50",
            description = "With --tables: positions per seed count, 2 up to the table's (default ${DEFAULT-VALUE}).")
    int accuracyPositions;

    @Mixin
    ArenaOptions arena = new ArenaOptions();

    @Mixin
    RatingOptions rating = new RatingOptions();

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        List<String> opponents = ladder;
        if (opponents == null) {
            opponents = Ladder.alphaBeta(depths);
            try (AgentRegistry agents = ModelAgents.registry()) {
                agents.validate(opponents.get(0));
            } catch (AgentSpecException e) {
                throw new BadInputException("the default ladder is alpha-beta at depths 1.." + depths + ", but this "
                        + "build has no alpha-beta agent (" + e.getMessage() + "): name the opponents with --ladder");
            }
        }
        var parsed = spec.commandLine().getParseResult();
        if (!parsed.hasMatchedOption("--rules") && !parsed.hasMatchedOption("--position")) {
            // Without --rules, play the run's own rule set (what its checkpoints record, when they agree).
            List<String> specs = new ArrayList<>();
            for (Path run : runs) {
                RunCheckpoints.list(run).stream().map(Checkpoint::rules).filter(r -> r != null && !specs.contains(r))
                        .forEach(specs::add);
            }
            if (specs.size() == 1) {
                arena.rules.rules = specs.get(0);
            }
        }
        ArenaSettings settings = arena.settings();
        if (accuracyPositions < 1) {
            throw new BadInputException("--accuracy-positions " + accuracyPositions + ": expected >= 1");
        }
        // Checked before any game: a missing, corrupt or mismatched table is one line, exit 2.
        EndgameTable table = tables == null ? null : EndgameTable.load(tables, settings.rules(), 0);
        if (every < 1) {
            throw new BadInputException("--every " + every + ": expected >= 1");
        }
        if (atMinutes != null && every != 1) {
            throw new BadInputException("--every and --at-minutes both pick checkpoints: give one of them");
        }
        if (runs.size() > 1 && out == null) {
            throw new BadInputException("--run names " + runs.size() + " runs: name the ladder's directory with --out");
        }
        Ladder all = Ladder.of(runs, opponents, Ladder.template(template, sims), settings.rules());
        Ladder l = atMinutes != null ? all.nearest(atMinutes) : all.every(every);
        for (Map.Entry<Checkpoint, String> e : l.excluded().entrySet()) {
            stdout.println("checkpoint " + e.getKey().name() + " left out: " + e.getValue());
        }
        if (l.checkpoints().isEmpty()) {
            throw new BadInputException("training run" + (runs.size() == 1 ? " " : "s ") + String.join(", ", l.runs())
                    + ": no checkpoint can play under rules '"
                    + settings.rules().spec() + "'");
        }
        stdout.println("ladder of run" + (runs.size() == 1 ? " " : "s ") + String.join(", ", l.runs()) + ": "
                + l.checkpoints().size() + " checkpoint" + (l.checkpoints().size() == 1 ? "" : "s") + " ("
                + steps(l) + ") against " + opponents.size() + " opponent" + (opponents.size() == 1 ? "" : "s")
                + " and each other");
        Path dir = out != null ? out : runs.get(0).resolve("ladder");
        // Every option is checked before the directory is touched: a refused ladder leaves nothing.
        OutputPaths.checkDirectory(out != null ? "--out" : "the ladder's directory", dir);
        String anchor = opponents.contains("alphabeta:depth=1") ? "alphabeta:depth=1" : opponents.get(0);
        TournamentConfig config = new TournamentConfig(l.players(), null, arena.gamesPerPair(), arena.localThreads(),
                settings, anchor);
        EloOptions ratingOptions = rating.options(arena.seed);
        try (AgentRegistry agents = ModelAgents.registry()) {
            agents.checkAll(l.players(), settings.rules()); // before anything is written
        }
        java.nio.file.Files.createDirectories(dir);
        TrainingPoint.write(dir.resolve(TrainingPoint.FILE), l.trainingPoints());
        TournamentOutput.run(config, dir, ratingOptions, rating.poolIntervals(), stdout, spec.commandLine().getErr());
        if (table != null) {
            accuracy(l, table, settings.rules(), dir, stdout);
        }
        return 0;
    }

    /**
     * Each checkpoint's accuracy against perfect play ({@link LadderAccuracy}), printed next to its
     * Elo from the ladder's report as it is measured, and written to accuracy.csv.
     */
    private void accuracy(Ladder l, EndgameTable table, RuleSet rules, Path dir, PrintWriter out)
            throws java.io.IOException {
        List<Rating> ratings = Report.load(dir, rating.options(arena.seed), true, rating.poolIntervals()).ratings();
        PrintWriter err = spec.commandLine().getErr();
        out.printf(Locale.ROOT, "%naccuracy against perfect play (tables %s, %d positions per seed count %d-%d, pooled; "
                + "95%% intervals):%n", tables, accuracyPositions, LadderAccuracy.fromSeeds(table), table.maxSeeds());
        out.println("checkpoint        step      Elo [95%]              optimal% [95%]       outcome%   seed loss");
        List<LadderAccuracy.Entry> entries;
        try (AgentRegistry agents = ModelAgents.registry()) {
            entries = LadderAccuracy.measure(l, agents, table, rules, accuracyPositions, arena.seed, ratings,
                    (label, line) -> {
                        err.println(label + ": " + line);
                        err.flush();
                    }, e -> print(out, e));
        }
        LadderAccuracy.write(dir, entries);
        out.println("files: " + LadderAccuracy.FILE + " in " + dir);
        out.flush();
    }

    private static void print(PrintWriter out, LadderAccuracy.Entry e) {
        Rating r = e.elo();
        Accuracy.Row all = e.accuracy();
        double[] oi = all.optimalInterval();
        out.printf(Locale.ROOT, "%-16s %6d  %s  %6.1f [%5.1f,%5.1f]  %8.1f  %10.3f%n", e.label(), e.step(),
                r == null ? String.format("%-21s", "-") : String.format(Locale.ROOT, "%7.1f [%6.1f,%6.1f]",
                        r.elo(), r.lo(), r.hi()),
                100 * all.optimalRate(), 100 * oi[0], 100 * oi[1], 100 * all.outcomeRate(), all.meanLoss());
    }

    /** "steps 2, 40" for one run; "a: steps 2, 40; b: steps 5" for several (a run left with none is not named). */
    private static String steps(Ladder l) {
        List<String> parts = new ArrayList<>();
        for (String run : l.runs()) {
            List<String> s = new ArrayList<>();
            for (Checkpoint c : l.checkpoints().keySet()) {
                if (l.runOf(c).equals(run)) {
                    s.add(Long.toString(c.step()));
                }
            }
            if (!s.isEmpty()) {
                parts.add((l.runs().size() == 1 ? "" : run + ": ") + "steps " + String.join(", ", s));
            }
        }
        return String.join("; ", parts);
    }
}
