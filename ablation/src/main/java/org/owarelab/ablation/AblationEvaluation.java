package org.owarelab.ablation;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.puct.SearchOption;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.report.Report;
import org.owarelab.evaluation.report.ReportData;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.evaluation.tournament.Tournament;
import org.owarelab.evaluation.tournament.TournamentConfig;
import org.owarelab.evaluation.tournament.TournamentListener;
import org.owarelab.evaluation.tournament.TournamentPlan;
import org.owarelab.model.ModelAgents;
import org.owarelab.util.AtomicFiles;
import org.owarelab.util.Texts;

/**
 * Rates an ablation's runs in one common pool: the fixed opponents and every evaluated checkpoint
 * (each run's last, or all of them) play a round robin in {@code DIR/eval/}, an ordinary
 * tournament directory ({@link Tournament}): same seeded openings for everyone, colour-swapped
 * pairs, every game saved as it ends. Since a saved game is known by its players and seed, a
 * re-run plays only the pairs it lacks: adding a variant or a seed plays only the new pairs. Elo
 * is fitted by the tournament's maximum-likelihood fit with pool intervals, shifted so that the
 * first fixed opponent is 0.
 */
public final class AblationEvaluation {
    private AblationEvaluation() {
    }

    /** A checkpoint that plays in the pool. */
    public record Player(AblationRun run, String checkpoint, long step, boolean last) {
    }

    /**
     * The ratings.
     *
     * @param data the tournament's report data (ratings with 95% intervals, crosstable)
     * @param players every checkpoint's spec to what it is
     * @param opponents the fixed opponents, the first one the anchor
     */
    public record Result(ReportData data, Map<String, Player> players, List<String> opponents) {
        public Rating rating(String spec) {
            return data.ratings().stream().filter(r -> r.player().equals(spec)).findFirst().orElse(null);
        }

        /** The score of {@code spec} against {@code opponent}, or NaN when they played no rated game. */
        public double score(String spec, String opponent) {
            var t = data.crosstable();
            if (t == null || t.indexOf(spec) < 0 || t.indexOf(opponent) < 0) {
                return Double.NaN;
            }
            var wdl = t.wdl(spec, opponent);
            return wdl.games() == 0 ? Double.NaN : wdl.score();
        }

        /** The spec of {@code run}'s last checkpoint. */
        public String finalSpec(AblationRun run) {
            return players.entrySet().stream().filter(e -> e.getValue().run().equals(run) && e.getValue().last())
                    .map(Map.Entry::getKey).findFirst().orElse(null);
        }
    }

    static Result run(AblationPlan plan, Path dir, List<AblationRun> runs, PrintWriter out, PrintWriter err,
            java.util.function.Supplier<TournamentListener> listener) throws IOException, InterruptedException {
        AblationFile.Evaluation e = plan.evaluation();
        Map<String, Player> players = new LinkedHashMap<>();
        for (AblationRun r : runs) {
            String last = r.state().checkpoint();
            List<Path> dirs = e.allCheckpoints() ? r.runDirectory().checkpointDirs()
                    : List.of(r.runDirectory().checkpoints().resolve(last));
            for (Path c : dirs) {
                String name = c.getFileName().toString();
                players.put(spec(c, e), new Player(r, name, step(name), name.equals(last)));
            }
        }
        Path evalDir = dir.resolve("eval");
        List<String> opponents;
        try (AgentRegistry agents = ModelAgents.registry()) {
            opponents = poolOpponents(e, agents);
            List<String> all = new ArrayList<>(opponents);
            all.addAll(players.keySet());
            var rules = runs.get(0).config().ruleSet();
            ArenaSettings settings = ArenaSettings.of(rules, e.seed()).withOpeningPlies(e.openingPlies());
            int threads = e.threads() > 0 ? e.threads() : Runtime.getRuntime().availableProcessors();
            TournamentConfig config = new TournamentConfig(all, null, e.games(), threads, settings, opponents.get(0));
            TournamentPlan tp = Tournament.prepare(agents, config, evalDir);
            for (String w : tp.warnings()) {
                err.println("oware ablate: warning: " + w);
            }
            for (Map.Entry<String, String> p : tp.problems().entrySet()) {
                err.println("oware ablate: player '" + p.getKey() + "' cannot be built: " + p.getValue());
            }
            out.printf(Locale.ROOT, "evaluation: %d fixed opponent%s + %d checkpoint%s, round robin, %d games per pair "
                    + "at %s, %d-ply shared openings; %d games saved, %d to play (in %s)%n",
                    opponents.size(), opponents.size() == 1 ? "" : "s", players.size(),
                    players.size() == 1 ? "" : "s", e.games(), e.perMove(), e.openingPlies(), tp.kept().size(),
                    tp.toPlay().size(), evalDir);
            out.flush();
            tp.play(listener.get());
        }
        ReportData data = Report.load(evalDir, EloOptions.defaults().withAnchor(opponents.get(0), 0), false, true);
        try {
            Report.write(evalDir, data); // the pool's own tournament report, a convenience
        } catch (RuntimeException ex) {
            // XChart's heat map can fail on a tiny pool (/ by zero in its axis ticks): the ablation's files do not need it.
            err.println("oware ablate: warning: the pool's tournament report in " + evalDir + " was not rendered ("
                    + Texts.reason(ex) + ")");
        }
        return new Result(data, players, opponents);
    }

    /**
     * Drops from the pool's saved games those of {@code runs}' checkpoints: runs about to be
     * trained from scratch (e.g. a run directory deleted to train it again) would otherwise inherit
     * the games of the checkpoints that had their names. A line that holds no game is kept.
     */
    static void forget(Path dir, List<AblationRun> runs) throws IOException {
        Path file = dir.resolve("eval").resolve(MatchRecords.FILE);
        if (runs.isEmpty() || !java.nio.file.Files.isRegularFile(file)) {
            return;
        }
        List<String> prefixes = runs.stream().map(r -> r.runDirectory().checkpoints().toAbsolutePath().normalize()
                .toString() + java.io.File.separator).toList();
        StringBuilder kept = new StringBuilder();
        int dropped = 0;
        for (String line : java.nio.file.Files.readAllLines(file, java.nio.charset.StandardCharsets.UTF_8)) {
            boolean stale = false;
            try {
                var g = MatchRecords.parse(line);
                stale = prefixes.stream().anyMatch(p -> g.south().contains(p) || g.north().contains(p));
            } catch (RuntimeException e) {
                // not a game: the tournament's own reader deals with it
            }
            if (stale) {
                dropped++;
            } else {
                kept.append(line).append('\n');
            }
        }
        if (dropped > 0) {
            AtomicFiles.writeString(file, kept.toString());
        }
    }

    /**
     * The PUCT player of checkpoint directory {@code c}: an absolute path, so the spec is the same
     * from any directory; {@code sims=N} in {@code sims} mode, {@code movetime=MS} (no sims: the
     * search runs until its time) in {@code time} mode.
     */
    static String spec(Path c, AblationFile.Evaluation e) {
        String path = AgentSpec.quote(c.toAbsolutePath().normalize().toString());
        // "sims" (the table's alias) rather than "simulations": the specs are the pool's player
        // names, which a resumed study's saved games must still match.
        return "puct:model=" + path + (e.timed() ? "," + SearchOption.MOVETIME.specKey() + "=" + e.movetimeMs()
                : ",sims=" + e.sims());
    }

    /**
     * Spec keys that set an opponent's own search limit (every spelling the search table takes):
     * such an opponent is not given the pool's move time.
     */
    static final List<String> LIMIT_KEYS = limitKeys();

    private static List<String> limitKeys() {
        List<String> keys = new ArrayList<>(List.of("depth"));
        for (SearchOption o : List.of(SearchOption.SIMULATIONS, SearchOption.NODES, SearchOption.MOVETIME)) {
            keys.addAll(o.specKeys());
        }
        return List.copyOf(keys);
    }

    /**
     * The fixed opponents as they play in the pool. In {@code sims} mode, as written. In {@code time}
     * mode, an opponent whose agent takes a {@code movetime} key (alphabeta, mcts, puct, uci) and
     * whose spec sets none of depth, sims, nodes or movetime gets {@code movetime=MS} appended; one
     * with a limit of its own keeps it (e.g. {@code alphabeta:depth=2} stays a depth-2 search), and
     * one without a search (random, greedy) is unchanged.
     */
    static List<String> poolOpponents(AblationFile.Evaluation e, AgentRegistry agents) {
        if (!e.timed()) {
            return e.opponents();
        }
        List<String> out = new ArrayList<>();
        for (String o : e.opponents()) {
            AgentSpec s = AgentSpec.parse(o);
            if (LIMIT_KEYS.stream().anyMatch(s::has)) {
                out.add(o);
                continue;
            }
            String timed = o.strip() + (!o.contains(":") ? ":" : s.options().isEmpty() ? "" : ",") + "movetime="
                    + e.movetimeMs();
            try {
                agents.validate(timed);
                out.add(timed);
            } catch (AgentSpecException ex) {
                out.add(o); // the agent has no movetime key: it does not search
            }
        }
        return out;
    }

    private static long step(String name) {
        try {
            return Long.parseLong(name.substring(name.indexOf('-') + 1));
        } catch (RuntimeException ex) {
            return -1;
        }
    }
}
