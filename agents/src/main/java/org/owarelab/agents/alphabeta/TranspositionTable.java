package org.owarelab.agents.alphabeta;

/**
 * A two-tier transposition table in two preallocated flat arrays: buckets of two entries, the
 * first kept for the deepest search ("depth-preferred", replaced only by an equal or deeper
 * result or one from a newer search), the second replaced always. Keys are the full 64-bit
 * {@link org.owarelab.rules.Board#hash()}, checked on every probe, so a hit is a position with
 * the same houses, stores and side to move (barring a 64-bit collision).
 *
 * <p>An entry's data packs, low bits first: the score (32 bits, re-based with
 * {@link Score#toTable}), the draft in plies (8), the bound (2: {@link #NONE}, {@link #UPPER},
 * {@link #LOWER}, {@link #EXACT}), the best move + 1 (4, 0 = none) and the search generation (8).
 * A {@code NONE} bound keeps only a move, for ordering. Size: 16 bytes per entry, a power of
 * two of entries. Not thread-safe.
 */
final class TranspositionTable {
    static final int NONE = 0;
    static final int UPPER = 1;
    static final int LOWER = 2;
    static final int EXACT = 3;
    /** Bytes per entry: one key, one data word. */
    static final int ENTRY_BYTES = 16;

    private final long[] keys;
    private final long[] data;
    private final int bucketMask;
    private int generation;

    /**
     * A table of at most {@code megabytes} MiB (rounded down to a power of two of entries, at
     * least 2 entries when {@code megabytes > 0}); 0 disables it (every probe misses).
     */
    TranspositionTable(int megabytes) {
        if (megabytes < 0) {
            throw new IllegalArgumentException("transposition table size must be >= 0 MiB: " + megabytes);
        }
        long entries = (long) megabytes * (1L << 20) / ENTRY_BYTES;
        int size = entries <= 0 ? 0 : (int) Math.max(2, Long.highestOneBit(Math.min(entries, 1L << 30)));
        keys = new long[size];
        data = new long[size];
        bucketMask = size / 2 - 1;
    }

    /** Entries the table holds (0 when disabled). */
    int capacity() {
        return keys.length;
    }

    /** Empties the table. */
    void clear() {
        java.util.Arrays.fill(keys, 0L);
        java.util.Arrays.fill(data, 0L);
        generation = 0;
    }

    /** Starts a new search: older entries become the first to be replaced. */
    void newSearch() {
        generation = (generation + 1) & 0xFF;
    }

    /** The data of {@code key}'s entry, or 0 on a miss (a stored entry's data is never 0). */
    long probe(long key) {
        if (keys.length == 0) {
            return 0;
        }
        int i = ((int) key & bucketMask) << 1;
        if (keys[i] == key && data[i] != 0) {
            return data[i];
        }
        if (keys[i + 1] == key && data[i + 1] != 0) {
            return data[i + 1];
        }
        return 0;
    }

    /**
     * Stores a result.
     *
     * @param score the score re-based with {@link Score#toTable}
     * @param move the best move, or -1 to keep the move already stored for this key
     */
    void store(long key, int bound, int depth, int score, int move) {
        if (keys.length == 0) {
            return;
        }
        int i = ((int) key & bucketMask) << 1;
        long d0 = data[i];
        int slot;
        if (keys[i] == key || d0 == 0 || depth >= depthOf(d0) || generationOf(d0) != generation) {
            slot = i;
        } else {
            slot = i + 1;
        }
        if (move < 0 && keys[slot] == key && data[slot] != 0) {
            move = moveOf(data[slot]);
        }
        if (keys[slot] == key && bound == NONE && boundOf(data[slot]) != NONE && depthOf(data[slot]) > depth) {
            return; // keep a deeper scored entry rather than a bare move
        }
        keys[slot] = key;
        data[slot] = pack(score, depth, bound, move, generation);
    }

    static long pack(int score, int depth, int bound, int move, int generation) {
        return (score & 0xFFFF_FFFFL) | (long) Math.min(depth, 255) << 32 | (long) bound << 40
                | (long) (move + 1) << 42 | (long) generation << 46 | 1L << 54;
    }

    static int scoreOf(long d) {
        return (int) d;
    }

    static int depthOf(long d) {
        return (int) (d >>> 32) & 0xFF;
    }

    static int boundOf(long d) {
        return (int) (d >>> 40) & 3;
    }

    /** The stored move, -1 for none. */
    static int moveOf(long d) {
        return ((int) (d >>> 42) & 0xF) - 1;
    }

    static int generationOf(long d) {
        return (int) (d >>> 46) & 0xFF;
    }
}
