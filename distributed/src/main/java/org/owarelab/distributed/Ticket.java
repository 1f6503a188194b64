package org.owarelab.distributed;

/**
 * A block of games a worker plays with one network: ids {@code first .. first + count - 1} of
 * network {@code version}. The trainer numbers each version's games from {@link #firstId}: a
 * resumed trainer that republishes the same weights under the same version hands out the same
 * ids again, so a game played twice (before and after the restart) is recognised and accepted
 * once. Text form {@code version:first:count}.
 */
record Ticket(long version, long first, int count) {
    /** Ids of version {@code v} start at {@code v << ID_SHIFT}: unique across the run's versions. */
    static final int ID_SHIFT = 32;

    Ticket {
        if (version < 0 || count < 1 || first < firstId(version) || first + count > firstId(version + 1)) {
            throw new IllegalArgumentException("ticket " + version + ":" + first + ":" + count + ": out of range");
        }
    }

    static long firstId(long version) {
        return version << ID_SHIFT;
    }

    /** The network version a game id belongs to. */
    static long versionOf(long gameId) {
        return gameId >>> ID_SHIFT;
    }

    String text() {
        return version + ":" + first + ":" + count;
    }

    static Ticket parse(String text) {
        String[] p = text.split(":", -1);
        if (p.length != 3) {
            throw new IllegalArgumentException("ticket '" + text + "': expected version:first:count");
        }
        try {
            return new Ticket(Long.parseLong(p[0]), Long.parseLong(p[1]), Integer.parseInt(p[2]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("ticket '" + text + "': expected version:first:count", e);
        }
    }
}
