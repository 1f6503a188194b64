package org.owarelab.training.loop;

import java.io.IOException;
import java.nio.file.Path;
import org.owarelab.evaluation.gating.Gate;
import org.owarelab.evaluation.gating.Gating;
import org.owarelab.evaluation.stats.Sprt;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * The gate of a new checkpoint: colour-swapped pairs against the best accepted checkpoint (both
 * as {@code puct} at {@code arena.simulations}) until the SPRT of the {@code gating} section
 * decides; games go to {@code RUN/eval/gate-CHECKPOINT.jsonl}. The first checkpoint has nothing
 * to beat and is accepted without games.
 */
final class GatePhase {
    /** The gate's outcome for the log and the metrics. */
    record Output(String decision, long pairs, double score, double llr) {
        boolean accepted() {
            return decision.equals(Sprt.Decision.ACCEPT.name());
        }
    }

    private GatePhase() {
    }

    static Output run(TrainConfig cfg, RunDirectory run, String candidate, String best, long seed)
            throws InterruptedException, IOException {
        if (best == null) {
            return new Output(Sprt.Decision.ACCEPT.name(), 0, Double.NaN, Double.NaN);
        }
        RuleSet rules = cfg.ruleSet();
        GatingConfig g = cfg.gating();
        int sims = cfg.arena().simulations();
        Path dir = run.checkpoints();
        Gating.Config config = new Gating.Config(
                EvalPhase.agentSpec(dir.resolve(candidate), sims), EvalPhase.agentSpec(dir.resolve(best), sims),
                new ArenaSettings(rules, Position.start(rules), cfg.arena().openingPlies(), 500, seed, null),
                new Sprt(g.elo0(), g.elo1(), g.alpha(), g.beta()), g.maxPairs(), cfg.arena().threads());
        StringBuilder lines = new StringBuilder();
        Gating.Result r = Gating.run(config, game -> lines.append(game.toJson()).append('\n'));
        org.owarelab.util.AtomicFiles.writeString(run.eval().resolve("gate-" + candidate + ".jsonl"), lines.toString());
        Gate.Outcome o = r.outcome();
        String decision = o.truncated() ? Sprt.Decision.REJECT.name() : o.decision().name();
        return new Output(decision, o.pairs().pairs(), o.pairs().score(), o.test().llr());
    }
}
