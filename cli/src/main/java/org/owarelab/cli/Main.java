package org.owarelab.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code oware} command. */
@Command(name = "oware", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Oware Abapa RL lab: rules engine, environment, agents, training and evaluation.",
        subcommands = {
            PerftCommand.class,
            ShowCommand.class,
            ReplayCommand.class,
            BenchCommand.class,
            UciCommand.class,
            MatchCommand.class,
            PlayCommand.class,
            TrainCommand.class,
            TournamentCommand.class,
            LadderCommand.class,
            ReportCommand.class,
            CommandLine.HelpCommand.class,
        },
        footer = {"", "Run 'oware COMMAND --help' for a command's options and examples."})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        int code;
        try {
            code = execute(args);
        } catch (Throwable t) { // an Error escaping picocli's handlers (e.g. a class failing to initialise)
            System.err.println("oware: " + Errors.message(t.getCause() != null && t instanceof ExceptionInInitializerError
                    ? t.getCause() : t));
            code = Errors.exitCode(t.getCause() != null ? t.getCause() : t);
        }
        System.exit(code);
    }

    /** Runs the command line and returns its exit code (for tests). */
    public static int execute(String... args) {
        return commandLine().execute(args);
    }

    /** The configured command line: one-line errors, exit code 2 for bad input, 1 otherwise. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            err.println("oware " + commandLine.getCommandName() + ": " + Errors.message(ex));
            err.flush();
            return Errors.exitCode(ex);
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("oware " + ex.getCommandLine().getCommandName() + ": " + ex.getMessage());
            err.println("Try 'oware " + ex.getCommandLine().getCommandName() + " --help'.");
            err.flush();
            return 2;
        });
        return cl;
    }
}
