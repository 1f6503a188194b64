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
    }

    private Zobrist() {
    }

    static long house(int house, int count) {
        return HOUSE[house * COUNTS + count];
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
}
