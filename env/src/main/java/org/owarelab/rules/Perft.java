package org.owarelab.rules;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Performance test: counts the leaf nodes of the game tree to a fixed depth. A finished game
 * has no moves, so a line that ends early contributes no leaves below it. The counts from the
 * start position with the default rules are golden numbers in the tests.
 *
 * <p>The threaded counts split the tree at the first plies: the lines to a split depth (enough
 * of them to keep every thread busy) are the tasks, taken in turn by the threads, each on its
 * own copy of the board (history included, so the repetition rule sees the same games) and
 * summed: the same counts as one thread.
 */
public final class Perft {
    private Perft() {
    }

    /** Leaves at {@code depth} plies below {@code board} (1 at depth 0). The board is left unchanged. */
    public static long count(Board board, int depth) {
        if (depth <= 0) {
            return 1;
        }
        int mask = board.legalMask();
        if (depth == 1) {
            return Integer.bitCount(mask);
        }
        long total = 0;
        while (mask != 0) {
            int m = Integer.numberOfTrailingZeros(mask);
            mask &= mask - 1;
            board.play(m);
            total += count(board, depth - 1);
            board.undo();
        }
        return total;
    }

    /** Leaves per first move, keyed by the move's letter, in house order. */
    public static Map<Character, Long> divide(Board board, int depth) {
        Map<Character, Long> out = new LinkedHashMap<>();
        int mask = board.legalMask();
        while (mask != 0) {
            int m = Integer.numberOfTrailingZeros(mask);
            mask &= mask - 1;
            char letter = board.letter(m);
            board.play(m);
            out.put(letter, count(board, depth - 1));
            board.undo();
        }
        return out;
    }

    /** Tasks per thread the split aims for, so that uneven subtrees still even out. */
    private static final int TASKS_PER_THREAD = 16;

    /**
     * {@link #count(Board, int)} on {@code threads} threads (1: the same call on this thread). The
     * board is left unchanged; the calling thread waits for the count.
     */
    public static long count(Board board, int depth, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads " + threads + ": expected at least 1");
        }
        if (threads == 1 || depth <= 2) {
            return count(board, depth);
        }
        List<int[]> lines = new ArrayList<>();
        int split = 0;
        lines.add(new int[0]);
        while (split < depth - 2 && lines.size() < threads * TASKS_PER_THREAD) {
            lines = extend(board, lines);
            split++;
        }
        long[] leaves = countLines(board, lines, depth - split, threads);
        long total = 0;
        for (long c : leaves) {
            total += c;
        }
        return total;
    }

    /** {@link #divide(Board, int)} with each first move's subtree counted on {@code threads} threads. */
    public static Map<Character, Long> divide(Board board, int depth, int threads) {
        Map<Character, Long> out = new LinkedHashMap<>();
        int mask = board.legalMask();
        while (mask != 0) {
            int m = Integer.numberOfTrailingZeros(mask);
            mask &= mask - 1;
            char letter = board.letter(m);
            board.play(m);
            try {
                out.put(letter, count(board, depth - 1, threads));
            } finally {
                board.undo();
            }
        }
        return out;
    }

    /** Every line of {@code lines} one ply longer (lines that end the game drop out: no leaves below). */
    private static List<int[]> extend(Board board, List<int[]> lines) {
        List<int[]> out = new ArrayList<>();
        for (int[] line : lines) {
            for (int m : line) {
                board.play(m);
            }
            for (int mask = board.legalMask(); mask != 0; mask &= mask - 1) {
                int[] longer = Arrays.copyOf(line, line.length + 1);
                longer[line.length] = Integer.numberOfTrailingZeros(mask);
                out.add(longer);
            }
            for (int i = 0; i < line.length; i++) {
                board.undo();
            }
        }
        return out;
    }

    /** Leaves {@code depth} plies below each line, counted on {@code threads} threads. */
    private static long[] countLines(Board board, List<int[]> lines, int depth, int threads) {
        long[] leaves = new long[lines.size()];
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "perft");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> workers = new ArrayList<>();
            for (int w = 0; w < threads; w++) {
                Board own = board.copy();
                workers.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < leaves.length; i = next.getAndIncrement()) {
                        int[] line = lines.get(i);
                        for (int m : line) {
                            own.play(m);
                        }
                        leaves[i] = count(own, depth); // each slot written by one worker, read after the joins
                        for (int k = 0; k < line.length; k++) {
                            own.undo();
                        }
                    }
                }));
            }
            for (Future<?> f : workers) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("perft interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            throw cause instanceof RuntimeException re ? re : new IllegalStateException(cause);
        } finally {
            pool.shutdownNow();
        }
        return leaves;
    }
}
