package org.owarelab.evaluation.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import org.owarelab.evaluation.MatchResult;
import org.owarelab.evaluation.MoveTimes;
import org.owarelab.evaluation.Tally;
import org.owarelab.evaluation.gating.Gate;
import org.owarelab.evaluation.stats.ScoreInterval;
import org.owarelab.evaluation.stats.Sprt;
import org.owarelab.formats.Mappers;

/**
 * What {@code oware match} reports of a match and its SPRT: the one-line result JSON
 * (docs/agents.md: wins, draws, losses, score, interval, games, errors, elo, pentanomial,
 * msPerMoveA/B, a, b, seed and, with a test, sprt) and the test's lines of text. Scores are A's.
 * Stateless and thread-safe.
 */
public final class MatchReport {
    private static final ObjectMapper JSON = Mappers.json();

    private MatchReport() {
    }

    /**
     * The result line: one JSON object, numbers rounded to 4 decimals (Elo to 1, null when the score
     * is 0 or 1).
     *
     * @param gate the match's SPRT gate fed with its games, or null for a match without a test
     */
    public static String json(MatchResult result, Gate gate) {
        Tally t = result.tally();
        ScoreInterval s = t.score();
        MoveTimes times = MoveTimes.of(result.games());
        ObjectNode json = JSON.createObjectNode();
        json.put("wins", t.wins());
        json.put("draws", t.draws());
        json.put("losses", t.losses());
        json.put("score", round(s.score()));
        json.putArray("interval").add(round(s.lo())).add(round(s.hi()));
        json.put("games", t.games());
        json.put("errors", t.errors());
        double elo = ScoreInterval.elo(s.score());
        if (Double.isFinite(elo)) {
            json.put("elo", Math.round(elo * 10) / 10.0);
        } else {
            json.putNull("elo");
        }
        ArrayNode p = json.putArray("pentanomial");
        for (long c : result.pentanomial().counts()) {
            p.add(c);
        }
        json.putArray("msPerMoveA").add(round(times.meanMillisA())).add(round(times.maxMillisA()));
        json.putArray("msPerMoveB").add(round(times.meanMillisB())).add(round(times.maxMillisB()));
        json.put("a", result.config().agentA());
        json.put("b", result.config().agentB());
        json.put("seed", result.config().seed());
        if (gate != null) {
            Gate.Outcome sprt = gate.outcome();
            Sprt test = gate.sprt();
            ObjectNode o = json.putObject("sprt");
            o.put("elo0", test.elo0());
            o.put("elo1", test.elo1());
            o.put("alpha", test.alpha());
            o.put("beta", test.beta());
            o.put("decision", decision(sprt));
            o.put("pairs", sprt.test().samples());
            o.put("llr", round(sprt.test().llr()));
            o.putArray("bounds").add(round(sprt.test().lower())).add(round(sprt.test().upper()));
        }
        try {
            return JSON.writeValueAsString(json);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("a match result could not be written as JSON", e);
        }
    }

    /** The test's line before the games: {@code sprt: H0 A is at most ELO0 Elo stronger, H1 at least ELO1; ...}. */
    public static String sprtPlan(Sprt test, long maxPairs) {
        return String.format(Locale.ROOT, "sprt: H0 A is at most %s Elo stronger, H1 at least %s; alpha %s, beta %s; "
                + "LLR bounds [%.3f, %.3f]; at most %d pairs", num(test.elo0()), num(test.elo1()), num(test.alpha()),
                num(test.beta()), test.lowerBound(), test.upperBound(), maxPairs);
    }

    /** The test's line after the games: {@code sprt: VERDICT after N pairs, LLR x in [lo, hi]}. */
    public static String sprtVerdict(Gate.Outcome o) {
        Sprt.Result r = o.test();
        String verdict = switch (decision(o)) {
            case "accept" -> "accept H1 (A is stronger by at least ELO1)";
            case "reject" -> "accept H0 (A is not stronger by more than ELO0)";
            default -> "undecided at the --games cap (neither hypothesis accepted)";
        };
        return String.format(Locale.ROOT, "sprt: %s after %d pairs, LLR %.3f in [%.3f, %.3f]", verdict, r.samples(),
                r.llr(), r.lower(), r.upper());
    }

    /**
     * accept, reject or undecided: the gate's own rejection at its pair cap ({@link Gate.Outcome#truncated}) and
     * a match that ended mid-test (an odd --games) are both undecided.
     */
    public static String decision(Gate.Outcome o) {
        return o.truncated() || !o.decided() ? "undecided" : o.decision() == Sprt.Decision.ACCEPT ? "accept" : "reject";
    }

    /** A whole number without its ".0", else Java's shortest form. */
    private static String num(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e9 ? Long.toString((long) x) : Double.toString(x);
    }

    private static double round(double x) {
        return Math.round(x * 1e4) / 1e4;
    }
}
