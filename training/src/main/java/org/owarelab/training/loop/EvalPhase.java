package org.owarelab.training.loop;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.SearchLimit;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.Match;
import org.owarelab.evaluation.MatchConfig;
import org.owarelab.evaluation.MatchListener;
import org.owarelab.evaluation.MatchResult;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.evaluation.stats.ScoreInterval;
import org.owarelab.model.ModelAgents;
import org.owarelab.model.ModelRef;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;
import org.owarelab.util.AtomicFiles;

/**
 * Evaluation against the fixed baselines: the trained agent, named {@value #TRAINED} in the games,
 * is {@code puct} over a checkpoint (no noise, most-visited move) at {@code arena.simulations};
 * the arena plays colour-swapped pairs from seeded openings, and every game is saved under
 * {@code RUN/eval/}. The phase loads the checkpoint once for all its games and closes it after.
 */
final class EvalPhase {
    /** One opponent's result, from the trained agent's side. */
    record Score(String opponent, int wins, int draws, int losses, double score, double lo, double hi) {
        String line() {
            return String.format("%s %.2f [%.2f, %.2f] (%d/%d/%d)", opponent, score, lo, hi, wins, draws, losses);
        }
    }

    /** The trained agent's name in the games. */
    static final String TRAINED = "trained";

    private EvalPhase() {
    }

    static Map<String, Score> run(TrainConfig cfg, ModelRef trained, int games, String label, RunDirectory run,
            long seed) throws InterruptedException, IOException {
        Map<String, Score> out = new LinkedHashMap<>();
        if (games <= 0) {
            return out;
        }
        try (AgentRegistry agents = ModelAgents.registry()
                .with(ModelAgents.puct(TRAINED, trained, cfg.arena().simulations()))) {
            int k = 0;
            for (String opponent : cfg.arena().opponents()) {
                out.put(opponent, play(cfg, agents, opponent, games, seed + 1000L * k++, label, run));
            }
        }
        return out;
    }

    /**
     * The trained agent's accuracy against perfect play ({@link Accuracy#run}): {@code
     * arena.accuracyPositions} positions per seed count from 2 to the table's, at {@code arena.simulations}.
     */
    static List<Accuracy.Row> accuracy(TrainConfig cfg, ModelRef trained, long seed) {
        EndgameTable table = cfg.tables();
        RuleSet rules = cfg.ruleSet();
        try (AgentRegistry agents = ModelAgents.registry()
                .with(ModelAgents.puct(TRAINED, trained, cfg.arena().simulations()));
                Agent agent = agents.create(TRAINED, rules, seed)) {
            return Accuracy.run(table, agent, SearchLimit.NONE, Math.min(2, table.maxSeeds()), table.maxSeeds(),
                    cfg.arena().accuracyPositions(), seed, line -> { });
        }
    }

    private static Score play(TrainConfig cfg, AgentRegistry agents, String opponent, int games, long seed,
            String label, RunDirectory run) throws InterruptedException, IOException {
        RuleSet rules = cfg.ruleSet();
        MatchConfig mc = new MatchConfig(TRAINED, opponent, rules, Position.start(rules), games,
                cfg.arena().openingPlies(), seed, cfg.arena().threads(), MatchConfig.DEFAULT_MAX_PLIES);
        MatchResult r = Match.run(agents, mc, MatchListener.NONE);
        StringBuilder lines = new StringBuilder();
        for (MatchRecord g : r.games()) {
            lines.append(g.toJson()).append('\n');
        }
        Path file = run.eval().resolve(label + "-" + opponent.replaceAll("[^A-Za-z0-9=_-]", "_") + ".jsonl");
        AtomicFiles.writeString(file, lines.toString());
        ScoreInterval s = r.tally().score();
        return new Score(opponent, r.tally().wins(), r.tally().draws(), r.tally().losses(), s.score(), s.lo(),
                s.hi());
    }
}
