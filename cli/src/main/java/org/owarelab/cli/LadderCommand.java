package org.owarelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.evaluation.report.TrainingPoint;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.evaluation.tournament.Checkpoint;
import org.owarelab.evaluation.tournament.Ladder;
import org.owarelab.evaluation.tournament.RunCheckpoints;
import org.owarelab.evaluation.tournament.TournamentConfig;
import org.owarelab.model.ModelAgents;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware ladder --run RUN}: a run's checkpoints against an alpha-beta ladder and each other. */
@Command(name = "ladder", mixinStandardHelpOptions = true,
        description = {"Rate a training run's checkpoints against an alpha-beta ladder; Elo against steps and time.",
            "Rate every checkpoint of a training run (the directories under RUN/checkpoints/ with a "
                + "meta.json) in a round robin with a fixed ladder of opponents, alpha-beta at depths 1..N by "
                + "default, anchored on alphabeta:depth=1 = 0 (else the first ladder player), then plot Elo "
                + "against training steps and wall-clock time (meta.json's step, and wallSeconds or created).",
            "The results go to --out (default RUN/ladder): games.jsonl, checkpoints.csv, ratings.csv, report.md and "
                + "PNGs. Re-run it as training goes on: saved games are kept and only the new checkpoints' games "
                + "are played. A checkpoint trained for another rule set is left out; one that cannot be loaded "
                + "forfeits its games, reported per game and per player."},
        footer = {"", "Examples:",
            "  oware ladder --run runs/a --depths 6 --games-per-pair 10",
            "  oware ladder --run runs/a --sims 200 --threads 2",
            "  oware ladder --run runs/a --ladder random greedy mcts:sims=1000 --checkpoint-spec "
                    + "\"puct:model={path},sims=400,c=1.5\""})
final class LadderCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--run", required = true, paramLabel = "RUN", description = "The training run directory.")
    Path run;

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

    @Option(names = "--out", paramLabel = "DIR", description = "The ladder's directory (default RUN/ladder).")
    Path out;

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
            List<String> specs = RunCheckpoints.list(run).stream().map(Checkpoint::rules)
                    .filter(r -> r != null).distinct().toList();
            if (specs.size() == 1) {
                arena.rules.rules = specs.get(0);
            }
        }
        ArenaSettings settings = arena.settings();
        Ladder l = Ladder.of(run, opponents, Ladder.template(template, sims), settings.rules());
        for (Map.Entry<Checkpoint, String> e : l.excluded().entrySet()) {
            stdout.println("checkpoint " + e.getKey().name() + " left out: " + e.getValue());
        }
        if (l.checkpoints().isEmpty()) {
            throw new BadInputException("training run " + run + ": no checkpoint can play under rules '"
                    + settings.rules().spec() + "'");
        }
        stdout.println("ladder of run " + l.run() + ": " + l.checkpoints().size() + " checkpoint"
                + (l.checkpoints().size() == 1 ? "" : "s") + " (steps " + steps(l) + ") against " + opponents.size()
                + " opponent" + (opponents.size() == 1 ? "" : "s") + " and each other");
        Path dir = out != null ? out : run.resolve("ladder");
        java.nio.file.Files.createDirectories(dir);
        TrainingPoint.write(dir.resolve(TrainingPoint.FILE), l.trainingPoints());
        String anchor = opponents.contains("alphabeta:depth=1") ? "alphabeta:depth=1" : opponents.get(0);
        TournamentConfig config = new TournamentConfig(l.players(), null, arena.gamesPerPair, arena.threads(),
                settings, anchor);
        TournamentRun.run(config, dir, rating.options(arena.seed), rating.poolIntervals(), stdout,
                spec.commandLine().getErr());
        return 0;
    }

    private static String steps(Ladder l) {
        List<String> s = new ArrayList<>();
        for (Checkpoint c : l.checkpoints().keySet()) {
            s.add(Long.toString(c.step()));
        }
        return String.join(", ", s);
    }
}
