package org.owarelab.ablation;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.owarelab.training.loop.LoopConfig;

/**
 * Progress of an ablation's training on stderr: which runs train (i/N, variant, seed), their
 * generation, and the ETA of the training left. On a terminal one line rewritten every 2 s; in a
 * log, a plain line every 30 s and one per run started or finished.
 *
 * <p>The ETA: the generations left (or, for a run with a time budget, its seconds left) at the
 * pace measured so far, seconds of training per generation over every run of this ablation
 * (from their {@code metrics.jsonl}), divided by the runs trained at once; plus the evaluation
 * after training, estimated by {@link #evaluationSeconds}: every pool game at an assumed
 * {@value DryRun#PLIES} plies, each move costing a checkpoint's search (an upper bound: the fixed
 * opponents are usually faster), games played {@code evaluation.threads} at a time. Reads only the
 * runs' files, so it works whether a run trains in this process or in a child.
 */
final class AblationProgress {
    private final List<AblationRun> runs;
    private final AblationFile.Evaluation evaluation;
    private final int parallel;
    private final PrintWriter err;
    private final boolean terminal;
    /** The runs training now, guarded by this. */
    private final Map<AblationRun, Long> active = new LinkedHashMap<>();
    private ScheduledExecutorService timer;

    AblationProgress(List<AblationRun> runs, AblationFile.Evaluation evaluation, int parallel, PrintWriter err,
            boolean terminal) {
        this.runs = runs;
        this.evaluation = evaluation;
        this.parallel = parallel;
        this.err = err;
        this.terminal = terminal;
    }

    void start() {
        timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ablation-progress");
            t.setDaemon(true);
            return t;
        });
        long period = terminal ? 2 : 30;
        timer.scheduleAtFixedRate(this::tick, period, period, TimeUnit.SECONDS);
    }

    void stop() {
        if (timer != null) {
            timer.shutdownNow();
        }
        if (terminal) {
            synchronized (this) {
                err.print("\r\033[K");
                err.flush();
            }
        }
    }

    synchronized void started(AblationRun r) {
        active.put(r, System.nanoTime());
        line(String.format(Locale.ROOT, "run %d/%d %s seed %d: %s", r.index(), runs.size(), r.variant().name(),
                r.seed(), r.begun() ? "resuming at generation " + (r.state().generation() + 1) : "training"), true);
    }

    synchronized void finished(AblationRun r, String failure) {
        Long t0 = active.remove(r);
        double secs = t0 == null ? 0 : (System.nanoTime() - t0) / 1e9;
        line(String.format(Locale.ROOT, "run %d/%d %s seed %d: %s", r.index(), runs.size(), r.variant().name(),
                r.seed(), failure == null ? String.format(Locale.ROOT, "done (%.0f s this session)", secs)
                        : "FAILED: " + failure), true);
    }

    private synchronized void tick() {
        try {
            line(status(), false);
        } catch (RuntimeException e) {
            // a file read while a run rewrites it: the next tick reads it again
        }
    }

    /** {@code training: run 3/12 simulations=50 seed 2 gen 4/6 | 2/12 runs done | ETA 12 min (...)}. */
    String status() {
        StringBuilder sb = new StringBuilder("training:");
        for (AblationRun r : active.keySet()) {
            List<AblationRun.Generation> g = r.generations();
            sb.append(String.format(Locale.ROOT, " run %d/%d %s seed %d gen %d/%d;", r.index(), runs.size(),
                    r.variant().name(), r.seed(), g.isEmpty() ? 0 : g.get(g.size() - 1).generation(),
                    r.config().loop().generations()));
        }
        long done = runs.stream().filter(AblationRun::finished).count();
        sb.append(String.format(Locale.ROOT, " %d/%d runs done; %s", done, runs.size(), eta()));
        return sb.toString();
    }

    /** The ETA of the training left, and how it was estimated. */
    String eta() {
        double seconds = 0;
        long generations = 0;
        List<double[]> left = new ArrayList<>(); // {generations left, budget seconds left or -1}
        for (AblationRun r : runs) {
            List<AblationRun.Generation> g = r.generations();
            AblationRun.Generation last = g.isEmpty() ? null : g.get(g.size() - 1);
            if (last != null) {
                seconds += last.seconds();
                generations += last.generation();
            }
            if (r.finished()) {
                continue;
            }
            LoopConfig loop = r.config().loop();
            int genLeft = loop.generations() - (last == null ? 0 : last.generation());
            double budgetLeft = loop.maxWallSeconds() > 0
                    ? Math.max(0, loop.maxWallSeconds() - (last == null ? 0 : last.seconds())) : -1;
            left.add(new double[] {genLeft, budgetLeft});
        }
        if (generations == 0) {
            return "ETA: measuring the pace (no generation finished yet)";
        }
        double pace = seconds / generations;
        double work = 0; // self-play simulations of the generations measured
        for (AblationRun r : runs) {
            List<AblationRun.Generation> g = r.generations();
            if (!g.isEmpty()) {
                work += (double) g.get(g.size() - 1).generation() * r.config().loop().gamesPerGeneration() * DryRun.PLIES
                        * DryRun.simsPerMove(r.config().selfplay());
            }
        }
        double total = 0;
        for (double[] l : left) {
            double bySteps = l[0] * pace;
            total += l[1] >= 0 ? Math.min(bySteps, l[1] + pace) : bySteps;
        }
        total /= parallel;
        int threads = evaluation.threads() > 0 ? evaluation.threads() : Runtime.getRuntime().availableProcessors();
        double eval = evaluationSeconds(evaluation, players(), seconds / work, threads);
        return String.format(Locale.ROOT, "ETA %s: training %s (%.1f s per generation measured over %d generations, "
                + "%d at a time) + evaluation <= %s (every pool game, %d plies assumed, each move %s)",
                duration(total + eval), duration(total), pace, generations, parallel, duration(eval), DryRun.PLIES,
                evaluation.timed() ? evaluation.movetimeMs() + " ms"
                        : String.format(Locale.ROOT, "%d simulations at the training's measured s per simulation",
                                evaluation.sims()));
    }

    /** The checkpoints and fixed opponents that will play in the pool (as {@link DryRun} counts them). */
    private long players() {
        long checkpoints = 0;
        for (AblationRun r : runs) {
            LoopConfig loop = r.config().loop();
            checkpoints += evaluation.allCheckpoints()
                    ? (loop.generations() + loop.checkpointEvery() - 1) / loop.checkpointEvery() : 1;
        }
        return checkpoints + evaluation.opponents().size();
    }

    /**
     * An upper bound on the evaluation's seconds: {@code players} in a round robin of
     * {@code e.games()} games per pair, {@value DryRun#PLIES} plies a game, every move a
     * checkpoint's search ({@code movetimeMs} in time mode, else {@code sims} x
     * {@code secondsPerSimulation}), {@code threads} games at once. Games already saved are
     * counted too.
     */
    static double evaluationSeconds(AblationFile.Evaluation e, long players, double secondsPerSimulation,
            int threads) {
        double moves = (double) players * (players - 1) / 2 * e.games() * DryRun.PLIES;
        double perMove = e.timed() ? e.movetimeMs() / 1000.0 : e.sims() * secondsPerSimulation;
        return moves * perMove / Math.max(1, threads);
    }

    static String duration(double s) {
        long m = Math.round(s / 60);
        return s < 90 ? Math.round(s) + " s" : m < 90 ? m + " min" : String.format(Locale.ROOT, "%.1f h", s / 3600);
    }

    private void line(String text, boolean event) {
        if (terminal) {
            err.print("\r\033[K" + text + (event ? "\n" : ""));
        } else {
            err.println(text);
        }
        err.flush();
    }
}
