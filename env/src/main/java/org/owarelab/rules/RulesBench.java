package org.owarelab.rules;

import org.owarelab.util.BenchLoops;

/**
 * The timing loops of {@code oware bench rules}: make+undo pairs over random games on the calling
 * thread (every legal move of each position made and taken back, then a random one played; a game
 * restarts at its end or at ply 400), and a timed {@link Perft} on one thread or several. The
 * random games come from a xorshift generator seeded by the run's seed; the figures depend on the
 * machine. Not thread-safe on one board.
 */
public final class RulesBench {
    private RulesBench() {
    }

    /**
     * A timed make+undo run.
     *
     * @param pairs make+undo pairs
     * @param wallNanos wall-clock time
     * @param cpuNanos the thread's CPU time ({@link BenchLoops#cpuNanos})
     */
    public record MakeUndo(long pairs, long wallNanos, long cpuNanos) {
    }

    /**
     * A timed perft.
     *
     * @param leaves the perft count (the golden numbers of {@code PerftTest})
     * @param wallNanos wall-clock time
     * @param cpuNanos the calling thread's CPU time (with several threads: of the calling thread alone)
     */
    public record PerftRun(long leaves, long wallNanos, long cpuNanos) {
    }

    /** Plays random games on {@code board} for {@code seconds}, each legal move of each position made and undone. */
    public static MakeUndo makeUndo(Board board, long seed, double seconds) {
        long x = BenchLoops.state(seed);
        long pairs = 0;
        long c0 = BenchLoops.cpuNanos();
        long t0 = System.nanoTime();
        long deadline = t0 + (long) (seconds * 1e9);
        long now = t0;
        while (now < deadline) {
            for (int step = 0; step < 4096; step++) {
                int mask = board.legalMask();
                if (mask == 0 || board.ply() >= 400) {
                    board.set(Position.start(board.rules()));
                    mask = board.legalMask();
                }
                for (int m = mask; m != 0; m &= m - 1) {
                    board.play(Integer.numberOfTrailingZeros(m));
                    board.undo();
                    pairs++;
                }
                x = BenchLoops.xorshift(x);
                int k = (int) ((x >>> 33) % Integer.bitCount(mask));
                int m = mask;
                while (k-- > 0) {
                    m &= m - 1;
                }
                board.play(Integer.numberOfTrailingZeros(m));
            }
            now = System.nanoTime();
        }
        return new MakeUndo(pairs, now - t0, BenchLoops.cpuNanos() - c0);
    }

    /** Times {@code Perft.count} from the default start to {@code depth} on {@code threads} threads (1: this one). */
    public static PerftRun perft(int depth, int threads) {
        long c0 = BenchLoops.cpuNanos();
        long t0 = System.nanoTime();
        long leaves = threads == 1 ? Perft.count(new Board(), depth) : Perft.count(new Board(), depth, threads);
        long wall = System.nanoTime() - t0;
        return new PerftRun(leaves, wall, BenchLoops.cpuNanos() - c0);
    }
}
