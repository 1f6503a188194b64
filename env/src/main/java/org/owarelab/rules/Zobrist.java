package org.owarelab.rules;

import java.util.SplittableRandom;

/**
 * Zobrist keys for houses, stores and the side to move. Fixed (seeded) so hashes are the same
 * in every run, which keeps transposition tables, caches and records reproducible.
 */
final class Zobrist {
    private static final int COUNTS = RuleSet.MAX_TOTAL + 1;
    private static final long[] HOUSE = new long[2 * RuleSet.MAX_HOUSES * COUNTS];
    private static final long[] STORE = new long[2 * COUNTS];
    /** {@code HOUSE[p][c] ^ HOUSE[p][c + 1]}: one seed sown into house {@code p} holding {@code c}. */
    private static final long[] STEP = new long[2 * RuleSet.MAX_HOUSES * COUNTS];
    static final long SIDE;

    static {
        SplittableRandom r = new SplittableRandom(0x0A3A_0BA5L);
        for (int i = 0; i < HOUSE.length; i++) {
            HOUSE[i] = r.nextLong();
        }
        for (int i = 0; i < STORE.length; i++) {
            STORE[i] = r.nextLong();
        }
        SIDE = r.nextLong();
        // Count 0 in a house or store contributes nothing, so empty houses need no update.
        for (int p = 0; p < 2 * RuleSet.MAX_HOUSES; p++) {
            HOUSE[p * COUNTS] = 0;
        }
        STORE[0] = 0;
        STORE[COUNTS] = 0;
        for (int i = 0; i < HOUSE.length; i++) {
            STEP[i] = (i + 1) % COUNTS == 0 ? 0 : HOUSE[i] ^ HOUSE[i + 1]; // no house can hold MAX_TOTAL + 1
        }
    }

    private Zobrist() {
    }

    static long house(int house, int count) {
        return HOUSE[house * COUNTS + count];
    }

    /** The change of the hash when house {@code house}, holding {@code count}, gets one seed more. */
    static long step(int house, int count) {
        return STEP[house * COUNTS + count];
    }

    static long store(int side, int count) {
        return STORE[side * COUNTS + count];
    }

    static long hash(int[] houses, int[] stores, int side) {
        long z = side == Side.NORTH ? SIDE : 0;
        for (int i = 0; i < houses.length; i++) {
            z ^= house(i, houses[i]);
        }
        return z ^ store(Side.SOUTH, stores[0]) ^ store(Side.NORTH, stores[1]);
    }

    /** The hash of packed rows ({@link Rows}) of {@code n} houses each, the stores and the side to move. */
    static long hash(long south, long north, int n, int storeSouth, int storeNorth, int side) {
        long z = side == Side.NORTH ? SIDE : 0;
        for (int i = 0; i < n; i++) {
            z ^= house(i, Rows.count(south, i)) ^ house(n + i, Rows.count(north, i));
        }
        return z ^ store(Side.SOUTH, storeSouth) ^ store(Side.NORTH, storeNorth);
    }
}
