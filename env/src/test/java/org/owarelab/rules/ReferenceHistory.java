package org.owarelab.rules;

import java.util.Arrays;

/**
 * Test-only reference: the history of {@link ReferenceBoard} (the unpacked board's, commit
 * 6651671). Its documentation below is the original's.
 *
 * The history of a {@link ReferenceBoard}: one entry per ply played (the houses, the scalars and the hash
 * of the position before the move), for {@link ReferenceBoard#undo()} and for the repetition rule.
 *
 * <p>Preallocated arrays that grow by doubling, so a board allocates nothing once its history
 * is as long as its game. The repetition test keeps a counting filter over the hash's top bits
 * and scans the entries only when the current position's bucket is occupied (random games
 * otherwise spent a sixth of their time scanning). Owned by one board; not thread-safe.
 */
final class ReferenceHistory {
    /** Scalars per entry: store S, store N, legal mask, end code, irreversible ply, captured, non-empty bits. */
    static final int SCALARS = 7;
    static final int STORE_SOUTH = 0;
    static final int STORE_NORTH = 1;
    static final int LEGAL = 2;
    static final int END = 3;
    static final int IRREVERSIBLE = 4;
    static final int CAPTURED = 5;
    static final int NON_EMPTY = 6;

    private static final int SEEN_BITS = 10;

    private final int n2;
    private int capacity;
    private int[] houses;
    private int[] scalars;
    private long[] hashes;
    /** How many entries fall in each bucket of the hash's top bits. */
    private final int[] seen = new int[1 << SEEN_BITS];

    /** An empty history for boards of {@code n2} houses, with room for {@code plies} entries. */
    ReferenceHistory(int n2, int plies) {
        this.n2 = n2;
        allocate(plies);
    }

    private void allocate(int plies) {
        capacity = plies;
        houses = new int[plies * n2];
        scalars = new int[plies * SCALARS];
        hashes = new long[plies];
    }

    int capacity() {
        return capacity;
    }

    /** Forgets every entry (the entries' slots stay allocated). */
    void clear() {
        Arrays.fill(seen, 0);
    }

    /** Makes the first {@code plies} entries those of {@code o}. */
    void copyFrom(ReferenceHistory o, int plies) {
        if (capacity < plies + 1) {
            allocate(Math.max(o.capacity, plies + 1));
        }
        System.arraycopy(o.houses, 0, houses, 0, plies * n2);
        System.arraycopy(o.scalars, 0, scalars, 0, plies * SCALARS);
        System.arraycopy(o.hashes, 0, hashes, 0, plies);
        System.arraycopy(o.seen, 0, seen, 0, seen.length);
    }

    /** Records entry {@code ply}: the position before the move (its houses {@code h} and hash) and its scalars. */
    void push(int ply, int[] h, long hash, int storeSouth, int storeNorth, int legal, int end, int irreversible,
            int captured, int nonEmpty) {
        if (ply == capacity) {
            int grown = capacity * 2;
            houses = Arrays.copyOf(houses, grown * n2);
            scalars = Arrays.copyOf(scalars, grown * SCALARS);
            hashes = Arrays.copyOf(hashes, grown);
            capacity = grown;
        }
        System.arraycopy(h, 0, houses, ply * n2, n2);
        int b = ply * SCALARS;
        int[] sc = scalars;
        sc[b + STORE_SOUTH] = storeSouth;
        sc[b + STORE_NORTH] = storeNorth;
        sc[b + LEGAL] = legal;
        sc[b + END] = end;
        sc[b + IRREVERSIBLE] = irreversible;
        sc[b + CAPTURED] = captured;
        sc[b + NON_EMPTY] = nonEmpty;
        hashes[ply] = hash;
        seen[bucket(hash)]++;
    }

    /**
     * Drops entry {@code ply} (the last one) after copying its houses into {@code h}; returns its
     * hash. Its scalars stay readable through {@link #scalar} until the next push.
     */
    long pop(int ply, int[] h) {
        System.arraycopy(houses, ply * n2, h, 0, n2);
        long hash = hashes[ply];
        seen[bucket(hash)]--;
        return hash;
    }

    /** Scalar {@code k} ({@link #STORE_SOUTH} .. {@link #NON_EMPTY}) of entry {@code ply}. */
    int scalar(int ply, int k) {
        return scalars[ply * SCALARS + k];
    }

    /**
     * Whether the position with houses {@code h} and hash {@code hash}, reached at {@code ply},
     * occurred before: only entries since {@code irreversible} (the last capture) with the same
     * side to move can match.
     */
    boolean repeats(int ply, int irreversible, int[] h, long hash) {
        if (seen[bucket(hash)] == 0) {
            return false;
        }
        for (int k = ply - 2; k >= irreversible; k -= 2) {
            if (hashes[k] == hash && sameHouses(k, h)) {
                return true;
            }
        }
        return false;
    }

    private static int bucket(long z) {
        return (int) (z >>> (64 - SEEN_BITS));
    }

    private boolean sameHouses(int k, int[] h) {
        int base = k * n2;
        for (int i = 0; i < n2; i++) {
            if (houses[base + i] != h[i]) {
                return false;
            }
        }
        return true;
    }
}
