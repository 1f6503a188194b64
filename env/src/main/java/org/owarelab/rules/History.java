package org.owarelab.rules;

import java.util.Arrays;

/**
 * The history of a {@link Board}: one entry per ply played, the position before the move in
 * four words (the two packed rows, the hash and the scalars packed by {@link #scalars}), for
 * {@link Board#undo()} and for the repetition rule.
 *
 * <p>One preallocated array that grows by doubling, so a board allocates nothing once its
 * history is as long as its game. The repetition test keeps a counting filter over the hash's
 * top bits and scans the entries only when the current position's bucket is occupied (random
 * games otherwise spent a sixth of their time scanning); a hash match is confirmed on both
 * rows (the stores and the side to move are the same since the last capture). The filter's
 * counters are bytes (1 KiB a board: self-play keeps hundreds of boards, and an int per bucket
 * made every push and pop a cache miss); a counter that reaches 255 sticks there, so its bucket
 * only ever costs a scan, never a missed repetition. Owned by one board; not thread-safe.
 */
final class History {
    private static final int WORDS = 4;
    private static final int SOUTH = 0;
    private static final int NORTH = 1;
    private static final int HASH = 2;
    private static final int SCALARS = 3;

    private static final int SEEN_BITS = 10;

    private int capacity;
    /** Entry {@code k} at {@code WORDS * k}: South's row, North's row, hash, scalars. */
    private long[] entries;
    /** How many entries fall in each bucket of the hash's top bits (unsigned; {@link #STUCK} sticks). */
    private final byte[] seen = new byte[1 << SEEN_BITS];
    private static final int STUCK = 0xFF;

    /** An empty history with room for {@code plies} entries. */
    History(int plies) {
        allocate(plies);
    }

    private void allocate(int plies) {
        capacity = plies;
        entries = new long[plies * WORDS];
    }

    int capacity() {
        return capacity;
    }

    /**
     * The scalars of a position in one word: stores (8 bits each: at most 128 seeds), legal mask
     * (8), end code (3), seeds captured (8) and the irreversible ply (the remaining 29 bits:
     * more plies than the entries' array can index).
     */
    static long scalars(int storeSouth, int storeNorth, int legal, int end, int captured, int irreversible) {
        return storeSouth | storeNorth << 8 | legal << 16 | (long) end << 24 | (long) captured << 27
                | (long) irreversible << 35;
    }

    static int storeSouth(long scalars) {
        return (int) scalars & 0xFF;
    }

    static int storeNorth(long scalars) {
        return (int) (scalars >>> 8) & 0xFF;
    }

    static int legal(long scalars) {
        return (int) (scalars >>> 16) & 0xFF;
    }

    static int end(long scalars) {
        return (int) (scalars >>> 24) & 0x7;
    }

    static int captured(long scalars) {
        return (int) (scalars >>> 27) & 0xFF;
    }

    static int irreversible(long scalars) {
        return (int) (scalars >>> 35);
    }

    /** Forgets every entry (the entries' slots stay allocated). */
    void clear() {
        Arrays.fill(seen, (byte) 0);
    }

    /** Makes the first {@code plies} entries those of {@code o}. */
    void copyFrom(History o, int plies) {
        if (capacity < plies + 1) {
            allocate(Math.max(o.capacity, plies + 1));
        }
        System.arraycopy(o.entries, 0, entries, 0, plies * WORDS);
        System.arraycopy(o.seen, 0, seen, 0, seen.length);
    }

    /** Records entry {@code ply}: the position before the move. */
    void push(int ply, long south, long north, long hash, long scalars) {
        if (ply == capacity) {
            capacity *= 2;
            entries = Arrays.copyOf(entries, capacity * WORDS);
        }
        long[] e = entries;
        int b = ply * WORDS;
        e[b + SOUTH] = south;
        e[b + NORTH] = north;
        e[b + HASH] = hash;
        e[b + SCALARS] = scalars;
        int k = bucket(hash);
        int c = seen[k] & 0xFF;
        if (c != STUCK) {
            seen[k] = (byte) (c + 1);
        }
    }

    /** Drops entry {@code ply} (the last one) from the repetition filter; returns its hash. Its words stay readable until the next push. */
    long pop(int ply) {
        long hash = entries[ply * WORDS + HASH];
        int k = bucket(hash);
        int c = seen[k] & 0xFF;
        if (c != STUCK) {
            seen[k] = (byte) (c - 1);
        }
        return hash;
    }

    long south(int ply) {
        return entries[ply * WORDS + SOUTH];
    }

    long north(int ply) {
        return entries[ply * WORDS + NORTH];
    }

    long scalars(int ply) {
        return entries[ply * WORDS + SCALARS];
    }

    /**
     * Whether the position with rows {@code south}, {@code north} and hash {@code hash}, reached
     * at {@code ply}, occurred before: only entries since {@code irreversible} (the last capture)
     * with the same side to move can match.
     */
    boolean repeats(int ply, int irreversible, long south, long north, long hash) {
        if (seen[bucket(hash)] == 0) {
            return false;
        }
        final long[] e = entries;
        for (int k = ply - 2; k >= irreversible; k -= 2) {
            int b = k * WORDS;
            if (e[b + HASH] == hash && e[b + SOUTH] == south && e[b + NORTH] == north) {
                return true;
            }
        }
        return false;
    }

    private static int bucket(long z) {
        return (int) (z >>> (64 - SEEN_BITS));
    }
}
