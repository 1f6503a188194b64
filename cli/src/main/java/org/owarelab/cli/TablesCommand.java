package org.owarelab.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.Bellman;
import org.owarelab.tables.CrossCheck;
import org.owarelab.tables.EndgameTable;
import org.owarelab.tables.TableBuilder;
import org.owarelab.tables.TableDigests;
import org.owarelab.util.OutputPaths;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code oware tables}: build and check endgame tables. */
@Command(name = "tables", mixinStandardHelpOptions = true,
        description = "Endgame tables: the mover's share of the seeds on the board under perfect play, for every "
                + "position with few seeds (see docs/endgame-tables.md).",
        subcommands = {TablesCommand.Build.class, TablesCommand.Check.class},
        footer = {"", "Examples:", "  oware tables build --seeds 12 --out tables-12.owtb",
            "  oware tables check --tables tables-12.owtb --positions 2000 --max-seeds 5"})
final class TablesCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** {@code oware tables build}. */
    @Command(name = "build", mixinStandardHelpOptions = true,
            description = "Retrograde analysis of every position with at most N seeds on the board (either side to "
                    + "move), in parallel; one progress line per seed count; the file is written atomically. The same "
                    + "bytes on any machine and thread count: the last line compares the file's SHA-256 with the "
                    + "one published for its rules and seed count (default rules: 6 and 12 to 20 seeds).",
            footer = {"", "Examples:", "  oware tables build --seeds 12",
                "  oware tables build --seeds 8 --rules grand-slam=capture-all,repetition=split --out cs-8.owtb",
                "  oware tables build --seeds 12 --rules houses=4,seeds=3 --threads 1"})
    static final class Build implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--seeds", required = true, paramLabel = "N",
                description = "Most seeds on the board (0..half the seeds in play; on 2 cores 12 builds in about 20 s, 16 in"
                        + " about 2 minutes and 1.4 GB, 20 in about 15 minutes and 7.3 GB with OWARE_JAVA_OPTS=-Xmx14g;"
                        + " see docs/endgame-tables.md).")
        int seeds;

        @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
                description = "Rule variants as for every command (default: the default rules).")
        String rules;

        @Option(names = "--out", paramLabel = "FILE", description = "Output file (default: tables-N.owtb).")
        Path out;

        @Option(names = "--threads", paramLabel = "T", description = "Worker threads (default: all cores).")
        Integer threads;

        @Override
        public Integer call() throws IOException {
            RuleSet r = RuleSet.parse(rules);
            int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (t < 1) {
                throw new BadInputException("--threads " + t + ": expected >= 1");
            }
            Path file = out == null ? Path.of("tables-" + seeds + ".owtb") : out;
            OutputPaths.checkFile("--out", file); // before minutes of building
            PrintWriter pw = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            long t0 = System.nanoTime();
            EndgameTable table = new TableBuilder(r, seeds, t, line -> {
                err.println(line);
                err.flush();
            }).build();
            table.save(file);
            long bytes = java.nio.file.Files.size(file);
            long t1 = System.nanoTime();
            EndgameTable.load(file, r, seeds);
            long t2 = System.nanoTime();
            pw.printf(java.util.Locale.ROOT, "wrote %s: rules %s, up to %d seeds, %d bytes, built in %.1f s on %d threads,"
                    + " loads in %.2f s%n", file, r, seeds, bytes, (t1 - t0) / 1e9, t, (t2 - t1) / 1e9);
            pw.println(TableDigests.verify(file, r, seeds));
            pw.flush();
            return 0;
        }
    }

    /** {@code oware tables check}. */
    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Check a table against the rules engine: a brute-force search (history and repetition "
                    + "included) on random positions, and the Bellman equations of every entry (bounds and distances, "
                    + "one walk); first the file's SHA-256 against the published one. Exit code 1 on a violation or "
                    + "a digest that differs from the published one.",
            footer = {"", "Examples:", "  oware tables check --tables tables-12.owtb",
                "  oware tables check --tables cs-8.owtb --rules grand-slam=capture-all,repetition=split "
                        + "--positions 5000 --max-seeds 5"})
    static final class Check implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--tables", required = true, paramLabel = "FILE", description = "The table file.")
        Path file;

        @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
                description = "The rule set the table must be built for (default: the default rules).")
        String rules;

        @Option(names = "--positions", defaultValue = "2000", paramLabel = "K",
                description = "Random positions for the brute force (default: ${DEFAULT-VALUE}).")
        int positions;

        @Option(names = "--max-seeds", defaultValue = "5", paramLabel = "S",
                description = "Most seeds in the brute-force positions (default: ${DEFAULT-VALUE}).")
        int maxSeeds;

        @Option(names = "--budget", defaultValue = "2000000", paramLabel = "NODES",
                description = "Node budget of one brute-force search (default: ${DEFAULT-VALUE}).")
        long budget;

        @Option(names = "--seed", defaultValue = "1", description = "Random seed (default: ${DEFAULT-VALUE}).")
        long seed;

        @Option(names = "--threads", paramLabel = "T",
                description = "Threads of the Bellman walk over every entry (default: all cores).")
        Integer threads;

        @Override
        public Integer call() {
            RuleSet r = RuleSet.parse(rules);
            int t = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
            if (t < 1) {
                throw new BadInputException("--threads " + t + ": expected >= 1");
            }
            EndgameTable table = EndgameTable.load(file, r, maxSeeds);
            if (maxSeeds < 1 || positions < 1) {
                throw new BadInputException("--max-seeds and --positions: expected >= 1");
            }
            PrintWriter pw = spec.commandLine().getOut();
            TableDigests.Verdict digest = TableDigests.verify(file, r, table.maxSeeds());
            pw.println(digest);
            pw.flush();
            long t0 = System.nanoTime();
            CrossCheck.Result c = CrossCheck.run(table, maxSeeds, positions, seed, budget);
            pw.printf(java.util.Locale.ROOT, "brute force: %s (%.1f s)%n", c, (System.nanoTime() - t0) / 1e9);
            pw.flush();
            long t1 = System.nanoTime();
            Bellman.Violations v = Bellman.check(table, table.maxSeeds(), t);
            pw.printf(java.util.Locale.ROOT, "bellman: %d violations over every entry up to %d seeds%n", v.bounds(),
                    table.maxSeeds());
            pw.printf(java.util.Locale.ROOT, "distances: %d violations over every entry up to %d seeds%n",
                    v.distances(), table.maxSeeds());
            pw.printf(java.util.Locale.ROOT, "(bounds and distances in one walk on %d thread%s, %.1f s)%n", t, t == 1 ? "" : "s",
                    (System.nanoTime() - t1) / 1e9);
            pw.flush();
            long bad = v.bounds();
            long badDistance = v.distances();
            boolean differs = digest.published().isPresent() && !digest.matches();
            return c.violations == 0 && bad == 0 && badDistance == 0 && !differs ? 0 : 1;
        }
    }
}
