package org.owarelab.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.owarelab.ablation.AblationPlan;
import org.owarelab.ablation.AblationRunner;
import org.owarelab.ablation.DryRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code oware ablate}: an ablation study from a file: expand, train, rate, report; resumable. */
@Command(name = "ablate", mixinStandardHelpOptions = true,
        description = {"Run an ablation study: train every variant of a base config with several seeds, rate them "
                + "in one pool with fixed opponents, and report which knobs help.",
            "The ablation file (YAML) names a base config, overrides for all (set:), the axes (grid: every "
                + "combination; zip: lists varied together), the seeds, and the evaluation (fixed opponents, games "
                + "per pair, simulations per move, final or all checkpoints). Every key and value is validated like "
                + "'oware train --set' before anything starts; a bad one is reported as FILE:LINE: key KEY: ... "
                + "with exit code 2.",
            "Output in DIR (default ablations/<file name>/): ablation.yaml, plan.json, runs/VARIANT/seed-S/ "
                + "(ordinary run directories), logs/, eval/ (the tournament), results.csv, curves.csv, report.md, "
                + "elo-vs-time.png, elo-vs-positions.png. Stop it any time: the same command resumes (finished runs "
                + "are kept, a begun one resumes from its last checkpoint, saved games are kept); add seeds or "
                + "variants to the file and only the new runs and games are played."},
        footer = {"", "Examples:",
            "  oware ablate configs/ablations/margin-head.yaml --dry-run",
            "  oware ablate configs/ablations/margin-head.yaml     # into ablations/margin-head/",
            "  oware ablate configs/ablations/simulations.yaml --parallel 2 --out /tmp/sims",
            "", "A small ablation file:",
            "  base: ../quick.yaml",
            "  set: {loop.generations: 6}",
            "  grid: {network.aux: [true, false]}",
            "  seeds: [1, 2, 3]",
            "  evaluation: {opponents: [greedy, \"alphabeta:depth=2\"], games: 10, sims: 50}",
            "  # equal time per move instead: checkpoints and opponents without a limit of their own get movetime=100",
            "  # evaluation: {opponents: [greedy, alphabeta], games: 10, mode: time, movetimeMs: 100}"})
final class AblateCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.yaml", description = "The ablation file.")
    Path file;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default ablations/<file name>).")
    Path out;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "1",
            description = "Runs trained at once, each in its own JVM with cores/N libtorch threads; at most the "
                    + "machine's cores (default ${DEFAULT-VALUE}: one at a time, in this process).")
    int parallel;

    @Option(names = "--dry-run", description = "Print the resolved variants and the estimated cost; write nothing.")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        int cores = Runtime.getRuntime().availableProcessors();
        if (parallel < 1 || parallel > cores) {
            throw new BadInputException("--parallel " + parallel + ": expected 1.." + cores + " (this machine's cores)");
        }
        if (out != null && java.nio.file.Files.exists(out) && !java.nio.file.Files.isDirectory(out)) {
            throw new BadInputException("--out " + out + ": is a file, not a directory");
        }
        AblationPlan plan = AblationPlan.load(file);
        Path dir = out != null ? out : Path.of("ablations", file.getFileName().toString().replaceFirst("\\.ya?ml$", ""));
        var stdout = spec.commandLine().getOut();
        var stderr = spec.commandLine().getErr();
        if (dryRun) {
            DryRun.print(plan, dir, stdout);
            return 0;
        }
        boolean terminal = System.console() != null;
        List<String> failed = AblationRunner.run(plan, dir, parallel, stdout, stderr, terminal,
                () -> new TournamentProgress(stderr, terminal));
        if (!failed.isEmpty()) {
            stderr.println("oware ablate: " + failed.size() + " run" + (failed.size() == 1 ? "" : "s")
                    + " failed (see above); the same command retries them");
            stderr.flush();
            return 1;
        }
        return 0;
    }
}
