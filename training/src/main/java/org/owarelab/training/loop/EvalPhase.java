package org.owarelab.training.loop;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.owarelab.evaluation.GameRecord;
import org.owarelab.evaluation.Match;
import org.owarelab.evaluation.MatchConfig;
import org.owarelab.evaluation.MatchListener;
import org.owarelab.evaluation.MatchResult;
import org.owarelab.evaluation.stats.ScoreInterval;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * Evaluation against the fixed baselines: the trained agent is {@code puct} over a checkpoint
 * (no noise, most-visited move), the arena plays colour-swapped pairs from seeded openings, and
 * every game is saved under {@code RUN/eval/}.
 */
final class EvalPhase {
    /** One opponent's result, from the trained agent's side. */
    record Score(String opponent, int wins, int draws, int losses, double score, double lo, double hi) {
        String line() {
            return String.format("%s %.2f [%.2f, %.2f] (%d/%d/%d)", opponent, score, lo, hi, wins, draws, losses);
        }
    }

    private EvalPhase() {
    }

    /** The spec of the trained agent over a checkpoint. */
    static String agentSpec(Path checkpoint, int simulations) {
        return "puct:model=\"" + checkpoint.toAbsolutePath() + "\",sims=" + simulations;
    }

    static Map<String, Score> run(TrainConfig cfg, Path checkpoint, int games, String label, RunDirectory run,
            long seed) throws InterruptedException, IOException {
        Map<String, Score> out = new LinkedHashMap<>();
        if (games <= 0) {
            return out;
        }
        RuleSet rules = cfg.ruleSet();
        String agent = agentSpec(checkpoint, cfg.arena().simulations());
        int k = 0;
        for (String opponent : cfg.arena().opponents()) {
            MatchConfig mc = new MatchConfig(agent, opponent, rules, Position.start(rules), games,
                    cfg.arena().openingPlies(), seed + 1000L * k++, cfg.arena().threads(), MatchConfig.DEFAULT_MAX_PLIES);
            MatchResult r = Match.run(mc, MatchListener.NONE);
            StringBuilder lines = new StringBuilder();
            for (GameRecord g : r.games()) {
                lines.append(g.toJson()).append('\n');
            }
            Path file = run.eval().resolve(label + "-" + opponent.replaceAll("[^A-Za-z0-9=_-]", "_") + ".jsonl");
            org.owarelab.util.AtomicFiles.writeString(file, lines.toString());
            ScoreInterval s = r.tally().score();
            out.put(opponent, new Score(opponent, r.tally().wins(), r.tally().draws(), r.tally().losses(),
                    s.score(), s.lo(), s.hi()));
        }
        return out;
    }
}
