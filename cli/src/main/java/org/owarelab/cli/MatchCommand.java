package org.owarelab.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.GameClock;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.Match;
import org.owarelab.evaluation.MatchConfig;
import org.owarelab.evaluation.MatchListener;
import org.owarelab.evaluation.MatchResume;
import org.owarelab.evaluation.MatchResult;
import org.owarelab.evaluation.MoveTimes;
import org.owarelab.evaluation.Tally;
import org.owarelab.evaluation.gating.Gate;
import org.owarelab.evaluation.report.MatchReport;
import org.owarelab.evaluation.stats.ScoreInterval;
import org.owarelab.evaluation.stats.Sprt;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.OutputPaths;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code oware match}: two agents over paired openings, W/D/L and score with a 95% interval. */
@Command(name = "match", mixinStandardHelpOptions = true,
        description = {"Play agent A against agent B in colour-swapped pairs: W/D/L, score with a 95%% interval.",
            "Play agent A against agent B: openings of K random plies (seeded, distinct), each played "
                + "twice with the colours swapped, games in parallel on T threads. Prints A's wins, draws and "
                + "losses, the score with its 95%% interval, the pentanomial counts of the pairs and each agent's "
                + "time per move (mean and max); the last "
                + "line is one JSON object {\"wins\",\"draws\",\"losses\",\"score\",\"interval\":[lo,hi],...}.",
            "The same seed gives the same games whatever the thread count (time-limited agents aside; PUCT "
                + "agents over one network share its calls across the threads, and a network's last float bits "
                + "can depend on the batch, which could turn a near-tie of a search). "
                + "A game still running at the ply cap is scored by own-side gathering (each side takes the "
                + "seeds on its houses); an agent that throws or plays an illegal move forfeits that game.",
            "Progress goes to stderr, results to stdout. Exit code 2 for a bad spec or option."},
        footer = {"", "Agent specs are name[:key=value,...], e.g. random, greedy, mcts:sims=2000,c=1.4; an unknown "
                + "name or key is reported with the known ones.",
            "", "Examples:",
            "  oware match mcts:sims=10000 greedy --games 40 --threads 2",
            "  oware match greedy random --games 100 --openings 6 --seed 7 --out results/",
            "  oware match mcts:sims=500 random --games 20 --rules houses=4,seeds=3 --max-plies 300",
            "  oware match alphabeta:movetime=50 alphabeta:movetime=50,lmr=false --games 2000 --sprt 0,20 --threads 2",
            "  oware match alphabeta:movetime=1000 greedy --games 200 --out m.jsonl --resume   # after a kill: goes on"})
final class MatchCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Mixin
    RulesOptions rules = new RulesOptions();

    @Parameters(index = "0", paramLabel = "A", description = "Agent A's spec (scores are A's).")
    String agentA;

    @Parameters(index = "1", paramLabel = "B", description = "Agent B's spec.")
    String agentB;

    @Option(names = "--games", required = true, paramLabel = "N", description = "Games to play (pairs of two colours).")
    int games;

    @Option(names = "--openings", paramLabel = "K", defaultValue = "" + MatchConfig.DEFAULT_OPENING_PLIES,
            description = "Random plies per opening (default ${DEFAULT-VALUE}; 0 = every game from the start).")
    int openingPlies;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Match seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--threads", paramLabel = "T", defaultValue = "1",
            description = "Games played at once (default ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--max-plies", paramLabel = "P", defaultValue = "" + MatchConfig.DEFAULT_MAX_PLIES,
            description = "Ply cap per game, opening included (default ${DEFAULT-VALUE}).")
    int maxPlies;

    @Option(names = "--out", paramLabel = "FILE|DIR",
            description = "Save every game as one JSON line as it ends (replayable with 'oware replay --batch'; "
                    + "readable by 'oware report'): to FILE, or to DIR/games.jsonl for an existing directory or a "
                    + "path ending in '/'. The file is replaced (kept and added to with --resume).")
    String out;

    @Option(names = "--resume",
            description = "Go on with the match saved in --out (one that a kill, a reboot or a time box cut short): its "
                    + "games are kept and counted, only the missing ones are played. Give the same A, B, --games "
                    + "(or more), --seed, --openings, --rules, --position and --tc as the first time; a saved game "
                    + "that does not fit is an error naming it. A missing file starts the match.")
    boolean resume;

    @Option(names = "--sprt", paramLabel = "ELO0,ELO1[,ALPHA,BETA]",
            description = "Stop as soon as the lab's SPRT (the training gate's test, on the pairs' pentanomial "
                    + "counts) decides whether A is at least ELO1 Elo stronger than B (accept) or at most ELO0 "
                    + "(reject); ALPHA and BETA are its error rates (default 0.05 each). --games is then the cap: "
                    + "reaching it undecided is reported as such. Games in flight when it decides are finished "
                    + "and counted in the score, not in the test.")
    String sprtOption;

    @Option(names = "--tc", paramLabel = "BASE+INC",
            description = "Game clock per side in seconds, e.g. 60+0.6: each move's limit comes from the mover's clock "
                    + "(a planned time and the most an unsure move may take; a PUCT agent with timeman=false keeps to "
                    + "the planned time), overriding the specs' own limits; a side whose clock runs out loses the game.")
    String tc;

    /** The test of {@code --sprt}, or null. */
    private Sprt sprt() {
        if (sprtOption == null) {
            return null;
        }
        try {
            return Sprt.parse(sprtOption);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--sprt: '" + sprtOption + "' is not ELO0,ELO1[,ALPHA,BETA] "
                    + "with ELO0 < ELO1 and error rates in (0, 1), e.g. 0,20 or 0,20,0.05,0.05 ("
                    + e.getMessage() + ")");
        }
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RuleSet ruleSet = rules.ruleSet();
        Sprt test = sprt();
        if (resume && out == null) {
            throw new ParameterException(spec.commandLine(), "--resume needs --out: the file of the match to go on with");
        }
        if (out != null) {
            OutputPaths.checkFile("--out", recordsFile(out)); // before any game
        }
        try (AgentRegistry agents = ModelAgents.registry()) {
            // What a spec leaves to the surroundings (alpha-beta's tables=auto) is fixed here, so that the
            // specs printed and recorded replay these games anywhere.
            String playedA = agents.resolve(agentA, ruleSet);
            String playedB = agents.resolve(agentB, ruleSet);
            GameClock clock;
            try {
                clock = tc == null ? null : GameClock.parse(tc);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--tc: " + e.getMessage());
            }
            MatchConfig config = new MatchConfig(playedA, playedB, ruleSet, rules.startPosition(), games, openingPlies,
                    seed, threads, maxPlies, clock);
            Match.checkSpecs(agents, config);
            // A saved file that does not fit is refused before anything is printed on stdout.
            List<MatchRecord> saved = resume ? saved(recordsFile(out), config, err) : List.of();
            if (!playedA.equals(agentA) || !playedB.equals(agentB)) {
                stdout.printf(Locale.ROOT, "specs as played here (tables=auto resolved): A = %s, B = %s%n", playedA,
                        playedB);
            }
            int distinct = Match.openings(config).size();
            stdout.printf(Locale.ROOT, "match: A = %s, B = %s; %s on %s of %s%s, both colours; seed %d, %s, rules %s%n",
                    playedA, playedB, count(games, "game"), count(distinct, "opening"), count(openingPlies, "ply"),
                    distinct < config.pairs() ? " (reused in turn: no more distinct ones)" : "", seed,
                    count(threads, "thread"), ruleSet.isDefault() ? "default" : ruleSet.spec());
            stdout.flush();
            Gate gate = test == null ? null : new Gate(test, config.pairs());
            if (gate != null) {
                stdout.println(MatchReport.sprtPlan(test, config.pairs()));
                stdout.flush();
            }
            if (gate != null) {
                saved.forEach(gate::add);
            }
            MatchListener listener = new MatchProgress(err, System.console() != null,
                    gate == null ? null : () -> String.format(Locale.ROOT, "LLR %.2f", gate.outcome().test().llr()),
                    gate == null ? null : () -> gate.outcome().decided(), saved.size(), System::nanoTime);
            if (gate != null) {
                // The gate first, so that the progress line shows the LLR with this game counted.
                listener = ((MatchListener) (r, tally, total) -> gate.add(r)).andThen(listener);
            }
            MatchRecords.Appender writer = out == null ? null : new MatchRecords.Appender(recordsFile(out), !resume);
            MatchResult result;
            try {
                result = Match.run(agents, config, writer == null ? listener : listener.andThen(writer),
                        () -> gate != null && gate.outcome().decided(), saved);
            } finally {
                if (writer != null) {
                    writer.close();
                }
            }
            if (writer != null) {
                // Saved as each game ended (so a killed match keeps them); now in game order.
                MatchRecords.write(writer.file(), result.games());
            }
            print(stdout, result, writer == null ? null : writer.file(), gate);
        }
        return 0;
    }

    /**
     * The games saved in {@code file} by an earlier run of this match ({@link MatchResume}), its
     * notes on stderr.
     *
     * @throws BadInputException naming the file, and the line or game at fault
     */
    private static List<MatchRecord> saved(Path file, MatchConfig config, PrintWriter err) throws java.io.IOException {
        MatchResume.Saved saved;
        try {
            saved = MatchResume.read(file, config);
        } catch (MatchResume.SavedGamesException e) {
            throw new BadInputException("--resume: " + e.getMessage() + (e.misfit()
                    ? "; resume with the options of the saved match, or drop --resume to start again" : ""));
        }
        if (!saved.existed()) {
            err.println("--resume: " + file + " does not exist yet: starting the match");
            err.flush();
            return List.of();
        }
        saved.warnings().forEach(err::println);
        err.printf(Locale.ROOT, "--resume: %s of %s kept, %d to play%n", count(saved.games().size(), "saved game"),
                file, config.games() - saved.games().size());
        err.flush();
        return saved.games();
    }

    static Path recordsFile(String out) {
        return MatchRecords.at(out);
    }

    private static void print(PrintWriter out, MatchResult result, Path records, Gate gate) {
        Tally t = result.tally();
        ScoreInterval s = t.score();
        out.printf(Locale.ROOT, "A wins %d, draws %d, losses %d (%d games, %d errors)%n", t.wins(), t.draws(),
                t.losses(), t.games(), t.errors());
        out.printf(Locale.ROOT, "score %.3f, 95%% interval [%.3f, %.3f], Elo %s [%s, %s]%n", s.score(), s.lo(), s.hi(),
                elo(s.score()), elo(s.lo()), elo(s.hi()));
        long[] penta = result.pentanomial().counts();
        out.printf(Locale.ROOT, "pentanomial (pairs where A scored 0, 1/2, 1, 3/2, 2 of 2): %d %d %d %d %d%n",
                penta[0], penta[1], penta[2], penta[3], penta[4]);
        StringJoiner reasons = new StringJoiner(", ");
        for (Map.Entry<String, Integer> e : t.reasons().entrySet()) {
            reasons.add(e.getKey() + " " + e.getValue());
        }
        out.println("end reasons: " + reasons);
        MoveTimes times = MoveTimes.of(result.games());
        out.printf(Locale.ROOT, "time per move: A mean %.1f ms, max %.1f ms (%d moves); B mean %.1f ms, max %.1f ms "
                + "(%d moves)%n", times.meanMillisA(), times.maxMillisA(), times.movesA(), times.meanMillisB(),
                times.maxMillisB(), times.movesB());
        if (records != null) {
            out.println("records: " + records);
        }
        if (gate != null) {
            out.println(MatchReport.sprtVerdict(gate.outcome()));
        }
        out.println(MatchReport.json(result, gate));
        out.flush();
    }

    private static String count(int n, String noun) {
        return n + " " + (n == 1 ? noun : noun.equals("ply") ? "plies" : noun + "s");
    }

    private static String elo(double score) {
        double e = ScoreInterval.elo(score);
        return Double.isInfinite(e) ? (e > 0 ? "+inf" : "-inf") : String.format(Locale.ROOT, "%+.0f", e);
    }
}
