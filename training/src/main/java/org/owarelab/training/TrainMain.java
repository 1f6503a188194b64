package org.owarelab.training;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.loop.Trainer;
import org.owarelab.util.Texts;

/**
 * The entry point of a training process that another process starts: one run, started or
 * resumed, with no command-line library between. An ablation's parallel runs start their child
 * JVMs through this class, so a child needs the training module's classpath, not the command
 * line's (which {@code oware train} is for a person).
 *
 * <pre>
 * java -cp CLASSPATH org.owarelab.training.TrainMain --config FILE --out DIR [--set KEY=VALUE]... [--command TEXT]
 * java -cp CLASSPATH org.owarelab.training.TrainMain --resume DIR [--set KEY=VALUE]... [--command TEXT]
 * </pre>
 *
 * {@code --command} is the command recorded in the run's {@code run.json} (default: this one).
 * Exit codes as {@code oware}'s: 0 done, 2 bad input (one line on stderr), 1 any other failure.
 */
public final class TrainMain {
    private TrainMain() {
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs one training as {@link #main} does and returns the exit code (for tests). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            Args a = Args.parse(args);
            if (a.resume != null) {
                Trainer.resume(a.resume, a.overrides, a.command, out);
            } else {
                Trainer.start(TrainConfig.load(a.config, a.overrides), a.out, a.command, out);
            }
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("train: " + Texts.reason(e));
            return 2;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("train: interrupted");
            return 1;
        } catch (Exception | LinkageError e) {
            err.println("train: " + Texts.reason(e));
            return 1;
        }
    }

    /** The parsed arguments: either {@code resume}, or {@code config} and {@code out}. */
    private static final class Args {
        Path config;
        Path out;
        Path resume;
        final List<String> overrides = new ArrayList<>();
        String command;

        static Args parse(String[] args) {
            Args a = new Args();
            for (int i = 0; i < args.length; i++) {
                String name = args[i];
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(name + ": expected a value after it");
                }
                String value = args[++i];
                switch (name) {
                    case "--config" -> a.config = Path.of(value);
                    case "--out" -> a.out = Path.of(value);
                    case "--resume" -> a.resume = Path.of(value);
                    case "--set" -> a.overrides.add(value);
                    case "--command" -> a.command = value;
                    default -> throw new IllegalArgumentException("unknown option '" + name + "' (expected --config, "
                            + "--out, --resume, --set or --command)");
                }
            }
            if (a.resume != null ? a.config != null || a.out != null : a.config == null || a.out == null) {
                throw new IllegalArgumentException("expected --config FILE --out DIR, or --resume DIR");
            }
            if (a.command == null) {
                a.command = "TrainMain " + String.join(" ", args);
            }
            return a;
        }
    }
}
