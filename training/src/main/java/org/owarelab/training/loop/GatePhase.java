package org.owarelab.training.loop;

import java.io.IOException;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.gating.Gate;
import org.owarelab.evaluation.gating.Gating;
import org.owarelab.evaluation.stats.Sprt;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.model.ModelAgents;
import org.owarelab.model.ModelRef;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.AtomicFiles;

/**
 * The gate of a new checkpoint: colour-swapped pairs against the best accepted checkpoint (both
 * as {@code puct} at {@code arena.simulations}, named {@value #CANDIDATE} and {@value #BEST} in
 * the games) until the SPRT of the {@code gating} section decides; the games it counted go to
 * {@code RUN/eval/gate-CHECKPOINT.jsonl}, in game order. The first checkpoint has nothing to beat
 * and is accepted without games. Both networks are loaded for the gate and closed after it.
 *
 * <p>The games' seeds derive from the players' names (as in any tournament), so the gate plays
 * the same games wherever the run directory lies.
 */
final class GatePhase {
    /** The gate's outcome for the log and the metrics. */
    record Output(String decision, long pairs, double score, double llr) {
        boolean accepted() {
            return decision.equals(Sprt.Decision.ACCEPT.name());
        }
    }

    /** The new checkpoint's name in the games. */
    static final String CANDIDATE = "candidate";
    /** The best accepted checkpoint's name in the games. */
    static final String BEST = "best";

    private GatePhase() {
    }

    /**
     * @param best the best accepted checkpoint, or null before the first is accepted
     */
    static Output run(TrainConfig cfg, RunDirectory run, ModelRef candidate, ModelRef best, long seed)
            throws InterruptedException, IOException {
        if (best == null) {
            return new Output(Sprt.Decision.ACCEPT.name(), 0, Double.NaN, Double.NaN);
        }
        RuleSet rules = cfg.ruleSet();
        GatingConfig g = cfg.gating();
        int sims = cfg.arena().simulations();
        Gating.Config config = new Gating.Config(CANDIDATE, BEST,
                new ArenaSettings(rules, Position.start(rules), cfg.arena().openingPlies(), 500, seed, null),
                new Sprt(g.elo0(), g.elo1(), g.alpha(), g.beta()), g.maxPairs(), cfg.arena().threads());
        Gating.Result r;
        AgentFactory candidateAgents = ModelAgents.puct(CANDIDATE, candidate, sims);
        AgentFactory bestAgents;
        try {
            bestAgents = ModelAgents.puct(BEST, best, sims);
        } catch (RuntimeException e) {
            candidateAgents.close();
            throw e;
        }
        try (AgentRegistry agents = ModelAgents.registry().with(candidateAgents).with(bestAgents)) {
            r = Gating.run(agents, config, game -> { });
        }
        Gate.Outcome o = r.outcome();
        // The games the gate counted, in game order: the same in every run of one seed (games still in
        // flight when the gate decided, and the order games end in, depend on thread timing).
        StringBuilder lines = new StringBuilder();
        for (MatchRecord game : r.games()) {
            if (game.pair() < o.pairs().pairs()) {
                lines.append(game.toJson()).append('\n');
            }
        }
        String name = candidate.checkpoint().getFileName().toString();
        AtomicFiles.writeString(run.eval().resolve("gate-" + name + ".jsonl"), lines.toString());
        String decision = o.truncated() ? Sprt.Decision.REJECT.name() : o.decision().name();
        return new Output(decision, o.pairs().pairs(), o.pairs().score(), o.test().llr());
    }
}
