package org.owarelab.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code oware bench}: benchmarks that print figures (never timed assertions in tests). */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Benchmarks. Each prints 'name: value' lines; run on a quiet machine.",
        subcommands = {
            BenchRulesCommand.class,
            BenchEnvCommand.class,
            BenchSearchCommand.class,
            BenchPuctCommand.class,
            BenchNetCommand.class,
            BenchSelfplayCommand.class,
            BenchClusterCommand.class,
            BenchBundleCommand.class,
        },
        footer = {"", "Examples:", "  oware bench rules --seconds 5", "  oware bench selfplay",
            "Each command's --help has its options and an example."})
final class BenchCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
