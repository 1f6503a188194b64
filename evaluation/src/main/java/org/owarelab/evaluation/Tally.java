package org.owarelab.evaluation;

import java.util.Map;
import java.util.TreeMap;
import org.owarelab.evaluation.stats.ScoreInterval;

/**
 * Running W/D/L counts of agent A, the games that ended in an error (counted in W/D/L as a
 * forfeit by the failing side), and the end reasons. Not thread-safe.
 */
public final class Tally {
    private int wins;
    private int draws;
    private int losses;
    private int errors;
    private final Map<String, Integer> reasons = new TreeMap<>();

    public void add(MatchRecord r) {
        double s = r.scoreOfA();
        if (s == 1.0) {
            wins++;
        } else if (s == 0.0) {
            losses++;
        } else {
            draws++;
        }
        if (r.isError()) {
            errors++;
        }
        reasons.merge(r.reason(), 1, Integer::sum);
    }

    public int wins() {
        return wins;
    }

    public int draws() {
        return draws;
    }

    public int losses() {
        return losses;
    }

    public int games() {
        return wins + draws + losses;
    }

    /** Games ended by an agent's failure. */
    public int errors() {
        return errors;
    }

    /** Games per end reason, e.g. {@code threshold -> 31}, sorted by reason. */
    public Map<String, Integer> reasons() {
        return new TreeMap<>(reasons);
    }

    /** A's score with its 95% interval. */
    public ScoreInterval score() {
        return ScoreInterval.of(wins, draws, losses);
    }
}
