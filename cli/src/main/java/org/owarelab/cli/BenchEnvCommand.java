package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.owarelab.env.EnvBench;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.OwareEnv;
import org.owarelab.env.VectorEnv;
import org.owarelab.rules.RuleSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code oware bench env}: environment steps per second on one thread, random legal actions. The
 * single env returns a fresh {@code TimeStep} per step; the vector env writes into its buffers.
 */
@Command(name = "env", mixinStandardHelpOptions = true,
        description = {"Environment speed on one thread with random legal actions: OwareEnv.step calls per second "
                + "and VectorEnv sub-env steps per second (auto-reset included).",
            "Prints 'env steps/s: N' and 'vector-env steps/s: N' (wall clock), and the same per second of the "
                    + "thread's CPU time ('steps/cpu-s'), which a busy machine disturbs less."},
        footer = {"", "Examples:", "  oware bench env", "  oware bench env --envs 1024 --seconds 5",
            "  oware bench env --env encoder=planes,reward=margin --rules houses=4,seeds=3"})
final class BenchEnvCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
            description = "Rule variants as key=value,... as for 'oware perft' (default: the default rules), "
                    + "e.g. houses=4,seeds=3.")
    String rules;

    @Option(names = "--env", paramLabel = "OPTIONS", defaultValue = "",
            description = "Environment options key=value,...: reward=result|margin, ply-cap=N, "
                    + "truncation=own-side|stores|draw, opening=N, encoder=compact|planes (default: the defaults, "
                    + "compact encoder).")
    String env;

    @Option(names = "--envs", defaultValue = "256", description = "Sub-environments of the vector env (default ${DEFAULT-VALUE}).")
    int envs;

    @Option(names = "--seconds", defaultValue = "3", description = "Measured time of each run (default ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the episodes and actions (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() {
        if (seconds <= 0 || envs < 1) {
            throw new BadInputException("expected --seconds > 0 and --envs >= 1");
        }
        EnvConfig config = EnvConfig.parse(env, RuleSet.parse(rules));
        PrintWriter out = spec.commandLine().getOut();
        OwareEnv single = new OwareEnv(config);
        EnvBench.single(single, seed, Math.min(1, seconds)); // warm-up
        EnvBench.Run s = EnvBench.single(single, seed, seconds);
        VectorEnv vec = new VectorEnv(config, envs);
        EnvBench.vector(vec, seed, Math.min(1, seconds));
        EnvBench.Run v = EnvBench.vector(vec, seed, seconds);
        out.printf("config: rules %s, env %s, encoder %s, %d sub-envs%n", config.rules(),
                config.spec().isEmpty() ? "default" : config.spec(), vec.encoder().tag(), envs);
        print(out, "env", s);
        print(out, "vector-env", v);
        out.flush();
        return 0;
    }

    private static void print(PrintWriter out, String name, EnvBench.Run r) {
        out.printf("%s steps: %d in %.2f s, %.2f s of thread CPU (%d episodes)%n", name, r.steps(), r.wallNanos() / 1e9,
                r.cpuNanos() / 1e9, r.episodes());
        out.printf("%s steps/s: %d%n", name, (long) r.perSecond());
        out.printf("%s steps/cpu-s: %d%n", name, (long) r.perCpuSecond());
    }
}
