package org.owarelab.evaluation;

import org.owarelab.env.TruncationRule;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * What a match plays.
 *
 * @param agentA the spec of agent A (scores are A's)
 * @param agentB the spec of agent B
 * @param rules the rule set
 * @param start the position openings start from (usually {@code Position.start(rules)})
 * @param games games to play; game {@code 2p} has A as South and {@code 2p+1} as North on opening {@code p}
 * @param openingPlies random plies per opening (K); 0 plays every game from {@code start}
 * @param seed the match seed: openings and every game's seeds derive from it
 * @param threads games played at once (one game, and its two agents, per thread)
 * @param maxPlies the ply cap, opening included: a game still running after it ends with reason
 *     {@code ply-cap} and is scored by {@link #TRUNCATION}
 * @param clock the game clock (each move's limit from it, see {@link GameClock}); null: each agent
 *     searches by its spec's own limit
 */
public record MatchConfig(String agentA, String agentB, RuleSet rules, Position start, int games, int openingPlies,
        long seed, int threads, int maxPlies, GameClock clock) {
    /**
     * How a game of a match, tournament or gate stopped at the ply cap is scored: each side takes
     * the seeds on its own houses (own-side gathering, as for a repetition by default).
     */
    public static final TruncationRule TRUNCATION = TruncationRule.OWN_SIDE;
    public static final int DEFAULT_OPENING_PLIES = 4;
    public static final int DEFAULT_MAX_PLIES = 500;

    public MatchConfig {
        if (agentA == null || agentA.isBlank() || agentB == null || agentB.isBlank()) {
            throw new IllegalArgumentException("match: two agent specs are needed");
        }
        if (!start.rules().equals(rules)) {
            throw new IllegalArgumentException("match: the start position is for rules " + start.rules()
                    + ", the match for " + rules);
        }
        if (games < 1) {
            throw new IllegalArgumentException("match: games must be >= 1, got " + games);
        }
        if (openingPlies < 0 || openingPlies > 200) {
            throw new IllegalArgumentException("match: opening plies must be 0..200, got " + openingPlies);
        }
        if (threads < 1) {
            throw new IllegalArgumentException("match: threads must be >= 1, got " + threads);
        }
        if (maxPlies < 1) {
            throw new IllegalArgumentException("match: the ply cap must be >= 1, got " + maxPlies);
        }
        if (maxPlies <= openingPlies) {
            throw new IllegalArgumentException("match: the ply cap (" + maxPlies + ") must exceed the opening plies ("
                    + openingPlies + ")");
        }
    }

    /** A match without a game clock (each agent by its spec's limit). */
    public MatchConfig(String agentA, String agentB, RuleSet rules, Position start, int games, int openingPlies,
            long seed, int threads, int maxPlies) {
        this(agentA, agentB, rules, start, games, openingPlies, seed, threads, maxPlies, null);
    }

    /** A match from the start position with the default opening length and ply cap, on one thread. */
    public static MatchConfig of(String agentA, String agentB, RuleSet rules, int games, long seed) {
        return new MatchConfig(agentA, agentB, rules, Position.start(rules), games, DEFAULT_OPENING_PLIES, seed, 1,
                DEFAULT_MAX_PLIES);
    }

    /** Openings needed: one per pair of games. */
    public int pairs() {
        return (games + 1) / 2;
    }
}
