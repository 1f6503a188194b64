package org.owarelab.training.loop;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.owarelab.evaluation.accuracy.Accuracy;
import org.owarelab.formats.Mappers;
import org.owarelab.training.replay.ReplayBuffer;
import org.owarelab.training.replay.TableTargets;
import org.owarelab.training.selfplay.SelfPlayStats;

/**
 * One JSON object per generation in {@code metrics.jsonl} (format 1) and the matching log line.
 * Fields: {@code generation, step, games, positions, seconds} (run totals), {@code genSeconds},
 * {@code selfplay} (games, positions, simulations, evals, gamesPerSec, positionsPerSec,
 * simulationsPerSec, evalsPerSec, meanBatch, batchFill (meanBatch over a worker's
 * {@code parallelGames x leavesPerGame}), seconds (self-play wall time), wallShare (seconds over
 * genSeconds), cacheHitRate, resigned, falsePositiveRate),
 * {@code train} (steps, skippedSteps (non-finite gradients, update skipped), loss, policyLoss, valueLoss, auxLoss, policyEntropy, valueAccuracy,
 * gradNorm, learningRate, samplesPerSec), {@code buffer} (size, added; with {@code replay.tableTargets}
 * {@code tableTargets} {positions, covered, rescored, changed}: the generation's new positions, those
 * with at most the table's seeds, those the table decided (their value target the table's), and those
 * whose target the table changed from the game's result), from a
 * cluster source {@code source} (its own fields, see the distributed module; continuous self-play
 * writes {continuous: true, inFlight: games carried into the next generation}) and, when evaluated,
 * {@code arena}: per opponent {score, lo, hi, wins, draws, losses}; with gating, {@code gating}
 * {decision, pairs, score, llr, best}; with {@code arena.tables}, when evaluated, {@code accuracy}:
 * {@code pooled} (all seed counts together) and {@code bySeeds} (one per seed count), each {seeds
 * (0: pooled), positions, optimal, optimal_lo, optimal_hi, outcome, outcome_lo, outcome_hi,
 * seed_loss, seed_loss_lo, seed_loss_hi, kept} (rates in [0, 1], 95% intervals; see
 * {@link Accuracy}).
 */
final class Metrics {
    private static final ObjectMapper JSON = Mappers.json();

    private Metrics() {
    }

    /** Appends generation {@code gen}'s line to {@code metrics.jsonl}; returns it. */
    static ObjectNode write(RunDirectory run, int gen, TrainState s, GameBatch sp, TableTargets.Counts targets,
            TrainPhase.Output tr,
            ReplayBuffer buffer, Map<String, EvalPhase.Score> arena, List<Accuracy.Row> accuracy, GatePhase.Output gate,
            double genSeconds, int batchSlots) throws IOException {
        ObjectNode o = JSON.createObjectNode();
        o.put("format", 1);
        o.put("generation", gen);
        o.put("step", s.learnerSteps());
        o.put("games", s.games());
        o.put("positions", s.positions());
        o.put("seconds", round(s.seconds()));
        o.put("genSeconds", round(genSeconds));
        SelfPlayStats st = sp.stats();
        ObjectNode p = o.putObject("selfplay");
        p.put("games", st.games());
        p.put("positions", st.positions());
        p.put("simulations", st.simulations());
        p.put("evals", st.evaluated());
        p.put("gamesPerSec", round(SelfPlayStats.rate(st.games(), sp.seconds())));
        p.put("positionsPerSec", round(SelfPlayStats.rate(st.positions(), sp.seconds())));
        p.put("simulationsPerSec", round(SelfPlayStats.rate(st.simulations(), sp.seconds())));
        p.put("evalsPerSec", round(SelfPlayStats.rate(st.evaluated(), sp.seconds())));
        p.put("meanBatch", round(st.meanBatch()));
        p.put("batchFill", round(fill(st, batchSlots)));
        p.put("seconds", round(sp.seconds()));
        num(p, "wallShare", genSeconds > 0 ? sp.seconds() / genSeconds : Double.NaN);
        num(p, "cacheHitRate", sp.cacheHitRate());
        p.put("resigned", st.resigned());
        num(p, "falsePositiveRate", st.falsePositiveRate());
        ObjectNode t = o.putObject("train");
        t.put("steps", tr.steps());
        t.put("skippedSteps", tr.skipped());
        num(t, "loss", tr.loss());
        num(t, "policyLoss", tr.policyLoss());
        num(t, "valueLoss", tr.valueLoss());
        num(t, "auxLoss", tr.auxLoss());
        num(t, "policyEntropy", tr.entropy());
        num(t, "valueAccuracy", tr.valueAccuracy());
        num(t, "gradNorm", tr.gradNorm());
        num(t, "learningRate", tr.learningRate());
        num(t, "samplesPerSec", tr.seconds() > 0 ? tr.samples() / tr.seconds() : Double.NaN);
        if (sp.sourceMetrics() != null) {
            o.set("source", sp.sourceMetrics());
        }
        ObjectNode b = o.putObject("buffer");
        b.put("size", buffer.size());
        b.put("added", buffer.added());
        if (targets != null) {
            ObjectNode tt = b.putObject("tableTargets");
            tt.put("positions", targets.positions());
            tt.put("covered", targets.covered());
            tt.put("rescored", targets.rescored());
            tt.put("changed", targets.changed());
        }
        if (!arena.isEmpty()) {
            ObjectNode a = o.putObject("arena");
            for (EvalPhase.Score sc : arena.values()) {
                ObjectNode x = a.putObject(sc.opponent());
                x.put("score", round(sc.score()));
                x.put("lo", round(sc.lo()));
                x.put("hi", round(sc.hi()));
                x.put("wins", sc.wins());
                x.put("draws", sc.draws());
                x.put("losses", sc.losses());
            }
        }
        if (accuracy != null) {
            ObjectNode acc = o.putObject("accuracy");
            acc.set("pooled", JSON.valueToTree(rounded(Accuracy.json(Accuracy.pooled(accuracy)))));
            var rows = acc.putArray("bySeeds");
            for (Accuracy.Row r : accuracy) {
                rows.add(JSON.valueToTree(rounded(Accuracy.json(r))));
            }
        }
        if (gate != null) {
            ObjectNode g = o.putObject("gating");
            g.put("decision", gate.decision());
            g.put("pairs", gate.pairs());
            num(g, "score", gate.score());
            num(g, "llr", gate.llr());
            g.put("best", s.best());
        }
        RunDirectory.appendLine(run.metrics(), JSON.writeValueAsString(o));
        return o;
    }

    static String summary(int gen, int generations, TrainState s, GameBatch sp, TableTargets.Counts targets,
            TrainPhase.Output tr,
            ReplayBuffer buffer, Map<String, EvalPhase.Score> arena, List<Accuracy.Row> accuracy, GatePhase.Output gate,
            double genSeconds) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format("gen %d/%d  %.0fs  games %d (+%d)  %.0f sims/s  %.0f evals/s  buffer %d  steps %d",
                gen, generations, genSeconds, s.games(), sp.stats().games(),
                SelfPlayStats.rate(sp.stats().simulations(), sp.seconds()),
                SelfPlayStats.rate(sp.stats().evaluated(), sp.seconds()), buffer.size(), s.learnerSteps()));
        if (sp.summary() != null) {
            sb.append("  ").append(sp.summary());
        }
        if (targets != null) {
            sb.append(String.format("  table targets %d of %d (%d changed)", targets.rescored(), targets.positions(),
                    targets.changed()));
        }
        if (tr.steps() > 0) {
            sb.append(String.format("  loss %.3f (p %.3f v %.3f) acc %.2f", tr.loss(), tr.policyLoss(),
                    tr.valueLoss(), tr.valueAccuracy()));
        }
        if (tr.skipped() > 0) {
            sb.append(String.format("%n    WARNING: %d learner steps skipped (non-finite gradient); the first: %s",
                    tr.skipped(), tr.firstSkip()));
        }
        if (gate != null) {
            sb.append(String.format("%n    gate: %s after %d pairs (score %.2f), self-play uses %s", gate.decision(),
                    gate.pairs(), gate.score(), s.best()));
        }
        for (EvalPhase.Score sc : arena.values()) {
            sb.append("\n    vs ").append(sc.line());
        }
        if (accuracy != null) {
            Accuracy.Row all = Accuracy.pooled(accuracy);
            sb.append("\n    accuracy (").append(all.positions()).append(" positions, pooled): ")
                    .append(Accuracy.line(all));
        }
        return sb.toString();
    }

    /** Mean positions per evaluator call over a worker's batch capacity ({@code parallelGames x leavesPerGame}). */
    static double fill(SelfPlayStats st, int batchSlots) {
        return batchSlots <= 0 ? 0 : st.meanBatch() / batchSlots;
    }

    private static void num(ObjectNode o, String key, double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            o.putNull(key);
        } else {
            o.put(key, round(v));
        }
    }

    private static Map<String, Object> rounded(Map<String, Object> m) {
        Map<String, Object> out = new java.util.LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, v instanceof Double d ? (Object) round(d) : v));
        return out;
    }

    private static double round(double v) {
        return Math.round(v * 1e4) / 1e4;
    }
}
