package org.owarelab.ablation;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.owarelab.evaluation.tournament.TournamentListener;
import org.owarelab.training.TrainMain;
import org.owarelab.training.loop.Trainer;
import org.owarelab.util.AtomicFiles;
import org.owarelab.util.Texts;

/**
 * Trains the runs of an ablation that are not finished, then rates them ({@link AblationEvaluation})
 * and writes the results ({@link AblationResults}). Resumable by construction: a finished run is
 * skipped, a begun one is resumed from its last checkpoint ({@link Trainer#resume}), the
 * tournament keeps its saved games; so the same command continues a killed ablation, and one whose
 * file gained seeds or variants trains and plays only what is new.
 *
 * <p>Runs train one at a time in this process by default. With {@code parallel > 1} each run trains
 * in its own JVM ({@link TrainMain}, training's entry point: one learner per JVM, see ECOSYSTEM), {@code parallel} at a
 * time, each child's libtorch limited to {@code cores / parallel} threads; a child's output goes to
 * {@code DIR/logs/}, as does an in-process run's.
 */
public final class AblationRunner {
    private final AblationPlan plan;
    private final Path dir;
    private final int parallel;
    private final PrintWriter out;
    private final AblationProgress progress;
    private final Set<Process> children = ConcurrentHashMap.newKeySet();

    private AblationRunner(AblationPlan plan, Path dir, int parallel, PrintWriter out, AblationProgress progress) {
        this.plan = plan;
        this.dir = dir;
        this.parallel = parallel;
        this.out = out;
        this.progress = progress;
    }

    /**
     * Runs {@code plan} in {@code dir}.
     *
     * @param parallel runs trained at once (at least 1)
     * @param out the summary and the report's table
     * @param err progress lines
     * @param terminal whether {@code err} is a terminal (a line rewritten in place) or a log (periodic lines)
     * @param games the progress of the evaluation's games, made when they start
     * @return the runs that failed (their messages); empty when every run finished
     */
    public static List<String> run(AblationPlan plan, Path dir, int parallel, PrintWriter out, PrintWriter err,
            boolean terminal, java.util.function.Supplier<TournamentListener> games)
            throws IOException, InterruptedException {
        List<AblationRun> runs = AblationRun.of(plan, dir);
        for (AblationRun r : runs) {
            r.checkSameConfig(); // before anything is written
        }
        Files.createDirectories(dir);
        AtomicFiles.writeString(dir.resolve("ablation.yaml"), plan.source().text());
        AtomicFiles.writeString(dir.resolve("plan.json"), plan.planJson());
        AblationEvaluation.forget(dir, runs.stream().filter(r -> !r.begun()).toList());
        AblationProgress progress = new AblationProgress(runs, plan.evaluation(), parallel, err, terminal);
        AblationRunner runner = new AblationRunner(plan, dir, parallel, out, progress);
        List<String> failed = runner.train(runs);
        List<AblationRun> done = runs.stream().filter(AblationRun::finished).toList();
        if (done.isEmpty()) {
            out.println("no finished run to evaluate");
            out.flush();
            return failed;
        }
        AblationEvaluation.Result rated = AblationEvaluation.run(plan, dir, done, out, err, games);
        List<Path> files = AblationResults.write(plan, dir, done, rated);
        out.println();
        out.print(AblationResults.summary(plan, done, rated));
        out.println("files: " + String.join(", ", files.stream().map(p -> dir.relativize(p).toString()).toList())
                + " in " + dir);
        out.flush();
        return failed;
    }

    private List<String> train(List<AblationRun> runs) throws InterruptedException {
        List<AblationRun> todo = runs.stream().filter(r -> !r.finished()).toList();
        out.printf(Locale.ROOT, "ablation %s: %d variant%s x %d seed%s = %d runs; %d finished already, %d to train%s%n",
                plan.source().file(), plan.variants().size(), plan.variants().size() == 1 ? "" : "s",
                plan.seeds().size(), plan.seeds().size() == 1 ? "" : "s", runs.size(), runs.size() - todo.size(),
                todo.size(), todo.isEmpty() ? "" : parallel == 1 ? " (one at a time, in this process)"
                        : " (" + parallel + " at a time, each in its own JVM)");
        out.println("directory: " + dir + " (stop any time; the same command resumes; training logs in "
                + dir.resolve("logs") + ")");
        out.flush();
        if (todo.isEmpty()) {
            return List.of();
        }
        List<String> failed = Collections.synchronizedList(new ArrayList<>());
        Thread hook = new Thread(() -> children.forEach(Process::destroy));
        Runtime.getRuntime().addShutdownHook(hook);
        progress.start();
        try {
            if (parallel == 1) {
                for (AblationRun r : todo) {
                    trainOne(r, failed);
                }
            } else {
                ExecutorService pool = Executors.newFixedThreadPool(parallel);
                try {
                    List<Future<?>> fs = new ArrayList<>();
                    for (AblationRun r : todo) {
                        fs.add(pool.submit(() -> {
                            trainOne(r, failed);
                            return null;
                        }));
                    }
                    for (Future<?> f : fs) {
                        try {
                            f.get();
                        } catch (java.util.concurrent.ExecutionException e) {
                            failed.add(String.valueOf(e.getCause()));
                        }
                    }
                } finally {
                    pool.shutdownNow();
                }
            }
        } finally {
            progress.stop();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // shutting down already
            }
        }
        for (String f : failed) {
            out.println("failed: " + f);
        }
        out.flush();
        return List.copyOf(failed);
    }

    private void trainOne(AblationRun r, List<String> failed) throws InterruptedException {
        progress.started(r);
        Path log = dir.resolve("logs").resolve(r.variant().name() + "-seed-" + r.seed() + ".log");
        try {
            Files.createDirectories(log.getParent());
            Files.createDirectories(r.dir().getParent());
            if (parallel == 1) {
                try (PrintStream ps = new PrintStream(new FileOutputStream(log.toFile(), true), true,
                        StandardCharsets.UTF_8)) {
                    String command = command(r);
                    if (r.begun()) {
                        Trainer.resume(r.dir(), List.of(), command, ps);
                    } else {
                        Trainer.start(r.config(), r.dir(), command, ps);
                    }
                }
            } else {
                trainInChild(r, log);
            }
            progress.finished(r, null);
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception | LinkageError e) {
            String m = r.label() + ": " + Texts.reason(e) + " (log: " + log + ")";
            failed.add(m);
            progress.finished(r, m);
        }
    }

    private void trainInChild(AblationRun r, Path log) throws IOException, InterruptedException {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors() / parallel);
        Path cfg = null;
        if (!r.begun()) {
            cfg = dir.resolve("configs").resolve(r.variant().name() + "-seed-" + r.seed() + ".yaml");
            Files.createDirectories(cfg.getParent());
            AtomicFiles.writeString(cfg, r.config().toYaml());
        }
        ProcessBuilder pb = new ProcessBuilder(childCommand(r, cfg, threads, command(r))).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().put("OMP_NUM_THREADS", Integer.toString(threads));
        Process p = pb.start();
        children.add(p);
        try {
            int code = p.waitFor();
            if (code != 0) {
                throw new IllegalStateException("the training process exited with " + code);
            }
        } finally {
            children.remove(p);
            if (p.isAlive()) {
                p.destroy();
            }
        }
    }

    /** What {@code run.json} records as the command of {@code r}, in this process or in a child. */
    private String command(AblationRun r) {
        return "oware ablate " + plan.source().file() + " (run " + r.label() + ")";
    }

    /**
     * The command line of a child JVM training {@code r}: this JVM's java and classpath, training's
     * own main class ({@link TrainMain}, not the command line's), {@code --resume} for a begun run,
     * else {@code --config cfg --out}; libtorch limited to {@code threads}.
     */
    static List<String> childCommand(AblationRun r, Path cfg, int threads, String command) {
        List<String> cmd = new ArrayList<>();
        cmd.add(ProcessHandle.current().info().command().orElse("java"));
        cmd.add("-Djava.awt.headless=true");
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(TrainMain.class.getName());
        if (cfg == null) {
            cmd.add("--resume");
            cmd.add(r.dir().toString());
        } else {
            cmd.add("--config");
            cmd.add(cfg.toString());
            cmd.add("--out");
            cmd.add(r.dir().toString());
        }
        cmd.add("--set");
        cmd.add("loop.learnerThreads=" + threads);
        cmd.add("--command");
        cmd.add(command);
        return cmd;
    }
}
