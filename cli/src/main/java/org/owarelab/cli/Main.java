package org.owarelab.cli;

import java.io.PrintWriter;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.model.ModelAgents;
import org.owarelab.util.Texts;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of the {@code oware} command. */
@Command(name = "oware", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = "Oware Abapa RL lab: rules engine, environment, agents, training and evaluation.",
        subcommands = {
            TrainCommand.class,
            WorkerCommand.class,
            AblateCommand.class,
            MatchCommand.class,
            TournamentCommand.class,
            LadderCommand.class,
            ReportCommand.class,
            LevelsCommand.class,
            PlayCommand.class,
            UciCommand.class,
            ExportCommand.class,
            JsonlCommand.class,
            ServeCommand.class,
            PerftCommand.class,
            TablesCommand.class,
            AccuracyCommand.class,
            TuneEvalCommand.class,
            ReplayCommand.class,
            ShowCommand.class,
            BenchCommand.class,
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

    /**
     * One line for a usage error, prefixed by the command it concerns and ending with where its
     * help is ({@code oware match: ... (see 'oware match --help')});
     * a first word that is no command reads {@code oware: unknown command 'nosuch' (expected one of ...)}.
     */
    static String parameterMessage(CommandLine.ParameterException ex) {
        CommandLine where = ex.getCommandLine();
        String prefix = where.getCommandSpec().qualifiedName() + ": ";
        if (ex instanceof CommandLine.UnmatchedArgumentException u && where.getParent() == null
                && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
            return prefix + "unknown command '" + Texts.escape(u.getUnmatched().get(0))
                    + "' (expected one of " + String.join(", ", where.getSubcommands().keySet()) + ")";
        }
        String hint = "";
        if (ex instanceof CommandLine.UnmatchedArgumentException u && where.getCommandSpec().findOption("--config") != null
                && !u.getUnmatched().isEmpty() && u.getUnmatched().get(0).matches("(?i)[^-].*\\.ya?ml")) {
            // "oware train configs/default.yaml": a config file given where --config belongs
            hint = " (a config file goes after --config: " + where.getCommandSpec().qualifiedName() + " --config "
                    + u.getUnmatched().get(0) + ")";
        }
        return prefix + Texts.escape(ex.getMessage() + hint) + " (see '"
                + where.getCommandSpec().qualifiedName() + " --help')";
    }

    /** The configured command line: one-line errors, exit code 2 for bad input, 1 otherwise. */
    public static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        java.util.List<String> agentHelp;
        try (AgentRegistry agents = ModelAgents.registry()) {
            agentHelp = agents.help();
        }
        for (String name : new String[] {"match", "tournament", "play", "uci", "jsonl"}) {
            var usage = cl.getSubcommands().get(name).getCommandSpec().usageMessage();
            java.util.List<String> footer = new java.util.ArrayList<>(java.util.List.of(usage.footer()));
            footer.add("");
            footer.add("Agents (spec name: what, options):");
            for (String line : agentHelp) {
                footer.add("  " + line);
            }
            usage.footer(footer.toArray(new String[0]));
        }
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            err.println(commandLine.getCommandSpec().qualifiedName() + ": " + Errors.message(ex));
            err.flush();
            return Errors.exitCode(ex);
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            // One line, as docs/development.md promises: where help is goes on the same line.
            err.println(parameterMessage(ex));
            err.flush();
            return 2;
        });
        // "oware nosuch --help" would print the top-level help and exit 0: picocli keeps a help
        // request's unmatched words aside instead of failing. An unknown command is an error anyway.
        CommandLine.IExecutionStrategy run = new CommandLine.RunLast();
        cl.setExecutionStrategy(parseResult -> {
            if (!parseResult.unmatched().isEmpty()) {
                throw new CommandLine.UnmatchedArgumentException(parseResult.commandSpec().commandLine(),
                        parseResult.unmatched());
            }
            return run.execute(parseResult);
        });
                return cl;
    }
}
