package org.owarelab.agents.inference;

import java.util.Arrays;
import org.owarelab.rules.Board;

/**
 * Wraps an {@link Evaluator} with a cache of its outputs keyed by {@link Board#hash()}: each call
 * looks every board up, sends only the misses to the wrapped evaluator in one batched call (each
 * distinct position once, even when it occurs several times in the batch), stores their outputs
 * and fills in the rest from the cache.
 *
 * <p>The table is a fixed array of {@code 2^k} entries, direct-mapped by the hash's low bits; a new
 * entry replaces whatever sat in its slot. Valid only when the wrapped evaluator's output depends
 * on nothing but what the hash covers (houses, stores, side to move): true of canonical encoders
 * that read no history. Two positions with the same 64-bit hash share an entry (a collision
 * chance of about {@code 2^-64} per lookup pair). {@link #clear()} after the wrapped network's
 * weights change.
 *
 * <p>Not thread-safe (one per thread, like the evaluator it wraps). Allocates nothing per call
 * once its miss buffers have grown to the largest batch.
 */
public final class CachingEvaluator implements Evaluator {
    private final Evaluator inner;
    private final int actions;
    private final int mask;
    private final long[] keys;
    /** Entry {@code s} is valid when {@code stamps[s] == generation}; {@link #clear()} bumps the generation. */
    private final int[] stamps;
    /** During a call: the miss index whose result will fill entry {@code s}, or -1 when it holds a result. */
    private final int[] pending;
    private final float[] priorTable;
    private final float[] valueTable;
    private int generation = 1;
    private long hits;
    private long lookups;

    private Board[] missBoards = new Board[0];
    private int[] missSlots = new int[0];
    private long[] missKeys = new long[0];
    private float[] missPriors = new float[0];
    private float[] missValues = new float[0];
    /** Per board of the call: the miss index that evaluates it, or -1 when it was served from the table. */
    private int[] source = new int[0];

    /**
     * @param inner the evaluator to cache (closed by {@link #close()})
     * @param entries the table size, rounded up to a power of two (at least 2)
     */
    public CachingEvaluator(Evaluator inner, int entries) {
        if (entries < 1 || entries > 1 << 28) {
            throw new IllegalArgumentException("cache entries must be 1.." + (1 << 28) + ", got " + entries);
        }
        int size = Math.max(2, Integer.highestOneBit(entries - 1) << 1);
        this.inner = inner;
        this.actions = inner.actions();
        this.mask = size - 1;
        this.keys = new long[size];
        this.stamps = new int[size];
        this.pending = new int[size];
        this.priorTable = new float[size * actions];
        this.valueTable = new float[size];
    }

    @Override
    public int actions() {
        return actions;
    }

    @Override
    public void evaluate(Board[] boards, int count, float[] priors, float[] values) {
        ensure(count);
        int misses = 0;
        for (int i = 0; i < count; i++) {
            long h = boards[i].hash();
            int s = (int) h & mask;
            if (stamps[s] == generation && keys[s] == h) {
                hits++;
                if (pending[s] >= 0) {
                    source[i] = pending[s];
                } else {
                    source[i] = -1;
                    System.arraycopy(priorTable, s * actions, priors, i * actions, actions);
                    values[i] = valueTable[s];
                }
            } else {
                stamps[s] = generation;
                keys[s] = h;
                pending[s] = misses;
                missBoards[misses] = boards[i];
                missSlots[misses] = s;
                missKeys[misses] = h;
                source[i] = misses++;
            }
        }
        lookups += count;
        if (misses > 0) {
            try {
                inner.evaluate(missBoards, misses, missPriors, missValues);
            } catch (RuntimeException e) {
                for (int j = 0; j < misses; j++) {
                    stamps[missSlots[j]] = 0; // claimed slots hold no result
                }
                throw e;
            } finally {
                Arrays.fill(missBoards, 0, misses, null);
            }
            for (int j = 0; j < misses; j++) {
                int s = missSlots[j];
                if (keys[s] == missKeys[j] && pending[s] == j) {
                    System.arraycopy(missPriors, j * actions, priorTable, s * actions, actions);
                    valueTable[s] = missValues[j];
                    pending[s] = -1;
                }
            }
            for (int i = 0; i < count; i++) {
                int j = source[i];
                if (j >= 0) {
                    System.arraycopy(missPriors, j * actions, priors, i * actions, actions);
                    values[i] = missValues[j];
                }
            }
        }
    }

    private void ensure(int count) {
        if (source.length < count) {
            missBoards = new Board[count];
            missSlots = new int[count];
            missKeys = new long[count];
            missPriors = new float[count * actions];
            missValues = new float[count];
            source = new int[count];
        }
    }

    /** Forgets every entry (call after the wrapped network changes); keeps the counters. */
    public void clear() {
        generation++;
        if (generation == 0) { // wrapped around: stamps from 2^32 clears ago could match again
            Arrays.fill(stamps, 0);
            generation = 1;
        }
    }

    /** Boards served without a new evaluation (from the table, or a duplicate within a call). */
    public long hits() {
        return hits;
    }

    /** Boards looked up. */
    public long lookups() {
        return lookups;
    }

    /** {@code hits / lookups}, 0 before any lookup. */
    public double hitRate() {
        return lookups == 0 ? 0 : hits / (double) lookups;
    }

    /** Zeroes the hit and lookup counters. */
    public void resetStats() {
        hits = 0;
        lookups = 0;
    }

    /** Table entries (a power of two). */
    public int capacity() {
        return mask + 1;
    }

    @Override
    public void searching(boolean active) {
        inner.searching(active);
    }

    @Override
    public void close() {
        inner.close();
    }
}
