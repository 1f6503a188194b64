package org.owarelab.evaluation.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Wins, draws and losses between named players: the data every rating here is computed from.
 * Players are numbered in the order they were first added. Counts are kept once per unordered
 * pair and read from either side ({@link #wdl(int, int)} reverses as needed).
 *
 * <p>Not thread-safe: fill it from one thread (or guard it), then read it.
 */
public final class Crosstable {
    private final List<String> players = new ArrayList<>();
    private final Map<String, Integer> index = new HashMap<>();
    /** Key {@code i << 32 | j} with i < j; value {wins, draws, losses} of player i. */
    private final Map<Long, long[]> counts = new HashMap<>();

    /** Adds a player with no games yet (no-op if present) and returns its index. */
    public int addPlayer(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("player name is empty");
        }
        Integer i = index.get(name);
        if (i != null) {
            return i;
        }
        players.add(name);
        index.put(name, players.size() - 1);
        return players.size() - 1;
    }

    /**
     * Adds one game.
     *
     * @param scoreA {@code a}'s score: 1, 0.5 or 0
     * @throws IllegalArgumentException if a equals b or the score is not 0, 0.5 or 1
     */
    public void add(String a, String b, double scoreA) {
        if (scoreA == 1) {
            add(a, b, new WinDrawLoss(1, 0, 0));
        } else if (scoreA == 0.5) {
            add(a, b, new WinDrawLoss(0, 1, 0));
        } else if (scoreA == 0) {
            add(a, b, new WinDrawLoss(0, 0, 1));
        } else {
            throw new IllegalArgumentException("a game scores 0, 0.5 or 1, not " + scoreA + " (" + a + " vs " + b + ")");
        }
    }

    /** Adds games of {@code a} against {@code b}, counted from {@code a}'s side. */
    public void add(String a, String b, WinDrawLoss ofA) {
        if (a.equals(b)) {
            throw new IllegalArgumentException("a player cannot play itself: " + a);
        }
        int i = addPlayer(a);
        int j = addPlayer(b);
        WinDrawLoss w = i < j ? ofA : ofA.reversed();
        long[] c = counts.computeIfAbsent(key(Math.min(i, j), Math.max(i, j)), k -> new long[3]);
        c[0] += w.wins();
        c[1] += w.draws();
        c[2] += w.losses();
    }

    /** The players, in the order they were first added. */
    public List<String> players() {
        return Collections.unmodifiableList(players);
    }

    /** The number of players. */
    public int size() {
        return players.size();
    }

    /** The index of {@code name}, or -1. */
    public int indexOf(String name) {
        Integer i = index.get(name);
        return i == null ? -1 : i;
    }

    /** The games of player {@code i} against player {@code j}, from i's side. */
    public WinDrawLoss wdl(int i, int j) {
        if (i == j) {
            return WinDrawLoss.NONE;
        }
        long[] c = counts.get(key(Math.min(i, j), Math.max(i, j)));
        if (c == null) {
            return WinDrawLoss.NONE;
        }
        WinDrawLoss w = new WinDrawLoss(c[0], c[1], c[2]);
        return i < j ? w : w.reversed();
    }

    /** The games of {@code a} against {@code b}, from a's side (none if either is unknown). */
    public WinDrawLoss wdl(String a, String b) {
        int i = indexOf(a);
        int j = indexOf(b);
        return i < 0 || j < 0 ? WinDrawLoss.NONE : wdl(i, j);
    }

    /** All games of player {@code i}. */
    public WinDrawLoss total(int i) {
        WinDrawLoss t = WinDrawLoss.NONE;
        for (int j = 0; j < players.size(); j++) {
            t = t.plus(wdl(i, j));
        }
        return t;
    }

    /** The number of games in the table. */
    public long games() {
        long n = 0;
        for (long[] c : counts.values()) {
            n += c[0] + c[1] + c[2];
        }
        return n;
    }

    /** One row per pair that played, {@code i < j} in player order, counted from i's side. */
    public List<HeadToHead> headToHead() {
        return headToHead(players);
    }

    /**
     * One row per pair of {@code order} that played, each from the side of the player that comes
     * first in {@code order} (e.g. players ranked by Elo: each row from the stronger side).
     */
    public List<HeadToHead> headToHead(List<String> order) {
        List<HeadToHead> rows = new ArrayList<>();
        for (int i = 0; i < order.size(); i++) {
            for (int j = i + 1; j < order.size(); j++) {
                WinDrawLoss w = wdl(order.get(i), order.get(j));
                if (w.games() > 0) {
                    rows.add(new HeadToHead(order.get(i), order.get(j), w));
                }
            }
        }
        return rows;
    }

    private static long key(int i, int j) {
        return (long) i << 32 | j;
    }
}
