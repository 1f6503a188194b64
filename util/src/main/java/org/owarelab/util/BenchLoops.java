package org.owarelab.util;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What the timing loops of the lab's benches share ({@code oware bench env}, {@code bench rules}):
 * the calling thread's CPU clock, and a xorshift generator cheap enough not to weigh on what is
 * timed (a bench of random games spends a few nanoseconds per move on it, where
 * {@code SplittableRandom} would cost more than a make+undo). Not for anything that must be
 * reproducible across versions: seeded runs use {@link SplitMix} and the games' own seeds.
 */
public final class BenchLoops {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    private BenchLoops() {
    }

    /**
     * This thread's CPU time in nanoseconds: on a busy machine it leaves out the time the thread
     * waited for a core. Where the JVM cannot measure it, the wall clock ({@link System#nanoTime}).
     */
    public static long cpuNanos() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
    }

    /**
     * A bench's first generator state for {@code seed}. (One seed in 2^64 gives 0, which xorshift
     * keeps: that bench then always plays its first pick, as it always has.)
     */
    public static long state(long seed) {
        return seed * SplitMix.GOLDEN_GAMMA + 1;
    }

    /** Marsaglia's xorshift64 (13, 7, 17): the next state after {@code x}, a non-zero state. */
    public static long xorshift(long x) {
        x ^= x << 13;
        x ^= x >>> 7;
        return x ^ (x << 17);
    }
}
