package org.owarelab.distributed;

/**
 * A block of games a worker plays with one network: ids {@code first .. first + count - 1} of
 * network {@code version}. The trainer numbers each version's games from {@link #firstId}: a
 * resumed trainer that republishes the same weights under the same version hands out the same
 * ids again, so a game played twice (before and after the restart) is recognised and accepted
 * once. The block names the network's weights too (the first {@value #HASH_CHARS} hex digits of
 * their hash): a trainer restarted from an older checkpoint may publish other weights under a
 * version number a worker already holds, and the worker must then load them. Text form
 * {@code version:first:count:hash}.
 */
record Ticket(long version, long first, int count, String hash) {
    static final int HASH_CHARS = 16;
    /** Ids of version {@code v} start at {@code v << ID_SHIFT}: unique across the run's versions. */
    static final int ID_SHIFT = 32;

    Ticket {
        if (version < 0 || count < 1 || first < firstId(version) || first + count > firstId(version + 1)) {
            throw new IllegalArgumentException("ticket " + version + ":" + first + ":" + count + ": out of range");
        }
        if (hash == null || !hash.matches("[0-9a-f]{" + HASH_CHARS + "}")) {
            throw new IllegalArgumentException("ticket hash '" + hash + "': expected " + HASH_CHARS + " hex digits");
        }
    }

    static long firstId(long version) {
        return version << ID_SHIFT;
    }

    /** The network version a game id belongs to. */
    static long versionOf(long gameId) {
        return gameId >>> ID_SHIFT;
    }

    /** Whether the weights with the full hash {@code fullHash} are this block's. */
    boolean playsWith(long v, String fullHash) {
        return version == v && fullHash.startsWith(hash);
    }

    String text() {
        return version + ":" + first + ":" + count + ":" + hash;
    }

    static Ticket parse(String text) {
        String[] p = text.split(":", -1);
        if (p.length != 4) {
            throw new IllegalArgumentException("ticket '" + text + "': expected version:first:count:hash");
        }
        try {
            return new Ticket(Long.parseLong(p[0]), Long.parseLong(p[1]), Integer.parseInt(p[2]), p[3]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ticket '" + text + "': expected version:first:count:hash", e);
        }
    }
}
