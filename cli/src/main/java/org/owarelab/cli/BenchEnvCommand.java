package org.owarelab.cli;

import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.Callable;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.OwareEnv;
import org.owarelab.env.TimeStep;
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
        single(single, Math.min(1, seconds)); // warm-up
        long[] s = single(single, seconds);
        VectorEnv vec = new VectorEnv(config, envs);
        vector(vec, Math.min(1, seconds));
        long[] v = vector(vec, seconds);
        out.printf("config: rules %s, env %s, encoder %s, %d sub-envs%n", config.rules(),
                config.spec().isEmpty() ? "default" : config.spec(), vec.encoder().tag(), envs);
        out.printf("env steps: %d in %.2f s, %.2f s of thread CPU (%d episodes)%n", s[0], s[1] / 1e9, s[3] / 1e9, s[2]);
        out.printf("env steps/s: %d%n", (long) (s[0] / (s[1] / 1e9)));
        out.printf("env steps/cpu-s: %d%n", (long) (s[0] / (s[3] / 1e9)));
        out.printf("vector-env steps: %d in %.2f s, %.2f s of thread CPU (%d episodes)%n", v[0], v[1] / 1e9, v[3] / 1e9, v[2]);
        out.printf("vector-env steps/s: %d%n", (long) (v[0] / (v[1] / 1e9)));
        out.printf("vector-env steps/cpu-s: %d%n", (long) (v[0] / (v[3] / 1e9)));
        out.flush();
        return 0;
    }

    /** Returns {steps, wall nanos, episodes, thread CPU nanos}. */
    private long[] single(OwareEnv e, double secs) {
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        long steps = 0;
        long episodes = 0;
        long c0 = cpuNanos();
        long t0 = System.nanoTime();
        long deadline = t0 + (long) (secs * 1e9);
        long now = t0;
        TimeStep t = e.reset(seed);
        while (now < deadline) {
            for (int k = 0; k < 4096; k++) {
                if (t.done()) {
                    t = e.reset(seed + ++episodes);
                }
                x = xorshift(x);
                t = e.step(pick(t.legalMask(), x));
                steps++;
            }
            now = System.nanoTime();
        }
        return new long[] {steps, now - t0, episodes, cpuNanos() - c0};
    }

    /** Returns {sub-env steps, wall nanos, episodes, thread CPU nanos}. */
    private long[] vector(VectorEnv vec, double secs) {
        long x = seed * 0x9E3779B97F4A7C15L + 1;
        int n = vec.count();
        int[] actions = new int[n];
        int[] masks = vec.masks();
        boolean[] terminated = vec.terminated();
        boolean[] truncated = vec.truncated();
        vec.reset(seed);
        long steps = 0;
        long episodes = 0;
        long c0 = cpuNanos();
        long t0 = System.nanoTime();
        long deadline = t0 + (long) (secs * 1e9);
        long now = t0;
        while (now < deadline) {
            for (int k = 0; k < 64; k++) {
                for (int i = 0; i < n; i++) {
                    x = xorshift(x);
                    actions[i] = pick(masks[i], x);
                }
                vec.step(actions);
                for (int i = 0; i < n; i++) {
                    if (terminated[i] || truncated[i]) {
                        episodes++;
                    }
                }
                steps += n;
            }
            now = System.nanoTime();
        }
        return new long[] {steps, now - t0, episodes, cpuNanos() - c0};
    }

    /** This thread's CPU time: on a busy machine it excludes the time the thread waited for a core. */
    private static long cpuNanos() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        return bean.isCurrentThreadCpuTimeSupported() ? bean.getCurrentThreadCpuTime() : System.nanoTime();
    }

    private static long xorshift(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        return x ^ (x << 17);
    }

    /** A random set bit of {@code mask} from the high bits of {@code x}. */
    private static int pick(int mask, long x) {
        int k = (int) (((x >>> 32) * Integer.bitCount(mask)) >>> 32);
        int m = mask;
        while (k-- > 0) {
            m &= m - 1;
        }
        return Integer.numberOfTrailingZeros(m);
    }
}
