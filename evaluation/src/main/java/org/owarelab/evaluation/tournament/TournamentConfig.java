package org.owarelab.evaluation.tournament;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Who plays whom in a tournament. Round robin: every pair of {@code players} meets. Neighbours
 * ({@code neighbours} K above 0): each player meets only the K players after it in the list (so
 * its K nearest on each side), a ladder whose games grow linearly with the players, not
 * quadratically: list the players in order of strength and every rating still joins one
 * connected pool. Gauntlet ({@code gauntlet} not null): the gauntlet player meets each of
 * {@code players}, who do not meet each other. Each pairing plays {@code gamesPerPair} games, in colour-swapped pairs on shared
 * openings (see {@link Schedule}).
 *
 * @param players the participants' agent specs, distinct; they are also the players' names in
 *     the results
 * @param gauntlet the spec of the player who meets all others, or null for a round robin
 * @param gamesPerPair games per pairing, at least 1 (an odd count leaves the last opening with one game)
 * @param threads games played at once, at least 1
 * @param settings what decides the games' content (rules, openings, ply cap, seed)
 * @param anchor the player rated at Elo 0, or null for the default: {@code random} when it plays,
 *     else the first player ({@link #anchorOrDefault()})
 * @param neighbours in a round robin, how many of the next players in the list each one meets
 *     (0: all of them, the full round robin)
 */
public record TournamentConfig(List<String> players, String gauntlet, int gamesPerPair, int threads,
        ArenaSettings settings, String anchor, int neighbours) {

    /** A full round robin (or a gauntlet): every player meets every other. */
    public TournamentConfig(List<String> players, String gauntlet, int gamesPerPair, int threads,
            ArenaSettings settings, String anchor) {
        this(players, gauntlet, gamesPerPair, threads, settings, anchor, 0);
    }

    /** Checks the fields. */
    public TournamentConfig {
        players = List.copyOf(players);
        Set<String> seen = new HashSet<>();
        for (String p : players) {
            if (p == null || p.isBlank()) {
                throw new IllegalArgumentException("tournament: a player spec is empty");
            }
            if (!seen.add(p)) {
                throw new IllegalArgumentException("tournament: player '" + p + "' is listed twice");
            }
        }
        if (gauntlet != null) {
            if (gauntlet.isBlank()) {
                throw new IllegalArgumentException("tournament: the gauntlet spec is empty");
            }
            if (seen.contains(gauntlet)) {
                throw new IllegalArgumentException("tournament: the gauntlet player '" + gauntlet
                        + "' is also listed among the players");
            }
            if (players.isEmpty()) {
                throw new IllegalArgumentException("tournament: a gauntlet needs at least one opponent");
            }
        } else if (players.size() < 2) {
            throw new IllegalArgumentException("tournament: a round robin needs at least two players, got "
                    + players.size());
        }
        if (gamesPerPair < 1) {
            throw new IllegalArgumentException("tournament: games per pair must be >= 1, got " + gamesPerPair);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("tournament: threads must be >= 1, got " + threads);
        }
        if (settings == null) {
            throw new IllegalArgumentException("tournament: settings are required");
        }
        if (neighbours < 0) {
            throw new IllegalArgumentException("tournament: neighbours must be >= 0 (0: every pair), got " + neighbours);
        }
        if (neighbours > 0 && gauntlet != null) {
            throw new IllegalArgumentException("tournament: neighbours go with a round robin, not a gauntlet");
        }
        if (anchor != null && !anchor.equals(gauntlet) && !seen.contains(anchor)) {
            throw new IllegalArgumentException("tournament: the anchor '" + anchor + "' is not a player");
        }
    }

    /** Every participant: the gauntlet player first (if any), then the players in order. */
    public List<String> participants() {
        List<String> all = new ArrayList<>();
        if (gauntlet != null) {
            all.add(gauntlet);
        }
        all.addAll(players);
        return all;
    }

    /** The anchor given, else {@code random} when it plays, else the first participant. */
    public String anchorOrDefault() {
        if (anchor != null) {
            return anchor;
        }
        List<String> all = participants();
        return all.contains("random") ? "random" : all.get(0);
    }
}
