package org.owarelab.evaluation.tournament;

import org.owarelab.evaluation.Balance;
import org.owarelab.evaluation.MatchConfig;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * What decides the content of a tournament's games, apart from who plays: a tournament directory
 * can only be resumed (or grown with more players or games) under the same settings, since its
 * saved games were played under them.
 *
 * @param rules the rule set
 * @param start the position openings start from
 * @param openingPlies random plies per opening (K); 0 plays every game from {@code start}
 * @param maxPlies the ply cap, opening included (see {@link MatchConfig#maxPlies()})
 * @param seed the tournament seed: the openings and every game's seeds derive from it
 * @param balance the balanced-opening filter, or null for none
 */
public record ArenaSettings(RuleSet rules, Position start, int openingPlies, int maxPlies, long seed,
        Balance balance) {

    /** Checks the fields. */
    public ArenaSettings {
        if (rules == null || start == null) {
            throw new IllegalArgumentException("tournament: rules and start position are required");
        }
        if (!start.rules().equals(rules)) {
            throw new IllegalArgumentException("tournament: the start position is for rules " + start.rules()
                    + ", the tournament for " + rules);
        }
        if (openingPlies < 0 || openingPlies > 200) {
            throw new IllegalArgumentException("tournament: opening plies must be 0..200, got " + openingPlies);
        }
        if (maxPlies <= openingPlies) {
            throw new IllegalArgumentException("tournament: the ply cap (" + maxPlies + ") must exceed the opening plies ("
                    + openingPlies + ")");
        }
    }

    /** From the rules' start, default opening length and ply cap, no balance filter. */
    public static ArenaSettings of(RuleSet rules, long seed) {
        return new ArenaSettings(rules, Position.start(rules), MatchConfig.DEFAULT_OPENING_PLIES,
                MatchConfig.DEFAULT_MAX_PLIES, seed, null);
    }

    /** These settings with {@code k} plies per opening. */
    public ArenaSettings withOpeningPlies(int k) {
        return new ArenaSettings(rules, start, k, maxPlies, seed, balance);
    }

    /** These settings with the balance filter {@code b} (null: none). */
    public ArenaSettings withBalance(Balance b) {
        return new ArenaSettings(rules, start, openingPlies, maxPlies, seed, b);
    }
}
