package org.owarelab.env;

import org.owarelab.util.BenchLoops;

/**
 * The timing loops of {@code oware bench env}: environment steps on the calling thread with random
 * legal actions, the single {@link OwareEnv} (a fresh {@link TimeStep} per step) and the
 * {@link VectorEnv} (written into its buffers, auto-reset included). Each run goes on until
 * {@code seconds} of wall clock have passed, checking the clock every 4096 single steps or 64
 * vector steps. The actions come from a xorshift generator seeded by the run's seed, so a seed
 * gives the same games; the figures depend on the machine. Not thread-safe: one run per env.
 */
public final class EnvBench {
    private EnvBench() {
    }

    /**
     * One timed run.
     *
     * @param steps env steps (sub-env steps for the vector env)
     * @param wallNanos wall-clock time
     * @param episodes episodes ended (the single env: started after the first)
     * @param cpuNanos the thread's CPU time ({@link BenchLoops#cpuNanos})
     */
    public record Run(long steps, long wallNanos, long episodes, long cpuNanos) {
        /** Steps per wall-clock second. */
        public double perSecond() {
            return steps / (wallNanos / 1e9);
        }

        /** Steps per second of the thread's CPU time. */
        public double perCpuSecond() {
            return steps / (cpuNanos / 1e9);
        }
    }

    /** Steps {@code env} for {@code seconds}, from {@code reset(seed)}; episode k restarts with {@code seed + k}. */
    public static Run single(OwareEnv env, long seed, double seconds) {
        long x = BenchLoops.state(seed);
        long steps = 0;
        long episodes = 0;
        long c0 = BenchLoops.cpuNanos();
        long t0 = System.nanoTime();
        long deadline = t0 + (long) (seconds * 1e9);
        long now = t0;
        TimeStep t = env.reset(seed);
        while (now < deadline) {
            for (int k = 0; k < 4096; k++) {
                if (t.done()) {
                    t = env.reset(seed + ++episodes);
                }
                x = BenchLoops.xorshift(x);
                t = env.step(pick(t.legalMask(), x));
                steps++;
            }
            now = System.nanoTime();
        }
        return new Run(steps, now - t0, episodes, BenchLoops.cpuNanos() - c0);
    }

    /** Steps every sub-env of {@code vec} for {@code seconds}, from {@code reset(seed)}. */
    public static Run vector(VectorEnv vec, long seed, double seconds) {
        long x = BenchLoops.state(seed);
        int n = vec.count();
        int[] actions = new int[n];
        int[] masks = vec.masks();
        boolean[] terminated = vec.terminated();
        boolean[] truncated = vec.truncated();
        vec.reset(seed);
        long steps = 0;
        long episodes = 0;
        long c0 = BenchLoops.cpuNanos();
        long t0 = System.nanoTime();
        long deadline = t0 + (long) (seconds * 1e9);
        long now = t0;
        while (now < deadline) {
            for (int k = 0; k < 64; k++) {
                for (int i = 0; i < n; i++) {
                    x = BenchLoops.xorshift(x);
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
        return new Run(steps, now - t0, episodes, BenchLoops.cpuNanos() - c0);
    }

    /** A random set bit of a non-empty {@code mask}, from the high 32 bits of {@code x} (multiply-shift, no modulo). */
    static int pick(int mask, long x) {
        int k = (int) (((x >>> 32) * Integer.bitCount(mask)) >>> 32);
        int m = mask;
        while (k-- > 0) {
            m &= m - 1;
        }
        return Integer.numberOfTrailingZeros(m);
    }
}
