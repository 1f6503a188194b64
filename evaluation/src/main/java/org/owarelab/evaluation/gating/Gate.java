package org.owarelab.evaluation.gating;

import java.util.TreeMap;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.stats.Pentanomial;
import org.owarelab.evaluation.stats.Sprt;

/**
 * An SPRT gate fed pair by pair: the candidate plays each opening twice, once with each colour,
 * and each pair's two scores (the candidate's) go into the pentanomial counts the test reads.
 * After each pair the gate says {@link Sprt.Decision#CONTINUE}, {@link Sprt.Decision#ACCEPT}
 * (the candidate is at least {@code elo1} better: promote it) or {@link Sprt.Decision#REJECT};
 * once decided it stays decided and ignores further pairs. At {@code maxPairs} pairs without a
 * decision the gate rejects, with {@link Outcome#truncated()} set: the candidate was not shown to
 * be better.
 *
 * <p>Games may arrive in any order ({@link #add(MatchRecord)}): a pair is counted when both its
 * games are in and every earlier pair has been counted, so the decision is the same whatever the
 * order games finish in. Forfeits count as played (a candidate that crashes loses).
 *
 * <p>Usage in a training loop:
 * <pre>{@code
 * Gate gate = new Gate(new Sprt(0, 10, 0.05, 0.05), 200);
 * for (each finished game r of candidate (A) vs best) {
 *     if (gate.add(r).decision() != Sprt.Decision.CONTINUE) break;
 * }
 * boolean promote = gate.outcome().decision() == Sprt.Decision.ACCEPT;
 * }</pre>
 * or let {@link Gating#run} play the match. Not thread-safe: feed it from one thread (or under a lock).
 */
public final class Gate {
    private final Sprt sprt;
    private final long maxPairs;
    /** First games of pairs waiting for their twin, and complete pairs waiting for earlier ones, by pair. */
    private final TreeMap<Integer, double[]> waiting = new TreeMap<>();
    private int nextPair;
    private Pentanomial pairs = Pentanomial.NONE;
    /** Forfeits among the games counted. */
    private long errors;
    private Outcome outcome;

    /**
     * The result of the gate so far.
     *
     * @param decision continue, accept (promote the candidate) or reject
     * @param test the SPRT's state: log-likelihood ratio, bounds, pairs counted
     * @param pairs the candidate's pentanomial counts of the pairs counted
     * @param truncated true if it rejected because {@code maxPairs} were played without a decision
     * @param errors games counted that ended by an agent's failure (forfeits)
     */
    public record Outcome(Sprt.Decision decision, Sprt.Result test, Pentanomial pairs, boolean truncated,
            long errors) {
        /** Whether the gate has decided (accept or reject). */
        public boolean decided() {
            return decision != Sprt.Decision.CONTINUE;
        }
    }

    /**
     * @param sprt the test, e.g. {@code new Sprt(0, 10, 0.05, 0.05)}: H0 the candidate is no better,
     *     H1 it is 10 Elo better, 5% error each way
     * @param maxPairs the most pairs to play before giving up (reject), at least 1
     */
    public Gate(Sprt sprt, long maxPairs) {
        if (sprt == null) {
            throw new IllegalArgumentException("gate: the SPRT is required");
        }
        if (maxPairs < 1) {
            throw new IllegalArgumentException("gate: max pairs must be >= 1, got " + maxPairs);
        }
        this.sprt = sprt;
        this.maxPairs = maxPairs;
        this.outcome = new Outcome(Sprt.Decision.CONTINUE, sprt.test(Pentanomial.NONE), Pentanomial.NONE, false, 0);
    }

    /** Counts one pair: the candidate's scores (each 0, 0.5 or 1) in its two games. */
    public Outcome addPair(double first, double second) {
        return count(first, second, 0);
    }

    private Outcome count(double first, double second, int failures) {
        if (!outcome.decided()) {
            errors += failures;
            pairs = pairs.plus(first, second);
            Sprt.Result r = sprt.test(pairs);
            boolean truncated = r.decision() == Sprt.Decision.CONTINUE && pairs.pairs() >= maxPairs;
            outcome = new Outcome(truncated ? Sprt.Decision.REJECT : r.decision(), r, pairs, truncated, errors);
        }
        return outcome;
    }

    /**
     * Adds a game of the candidate (player A, see {@link MatchRecord#scoreOfA()}) against the best;
     * games of one pair share {@link MatchRecord#pair()} (0, 1, 2, ... as a match numbers them).
     *
     * @throws IllegalArgumentException for an unpaired game or a third game of a pair
     */
    public Outcome add(MatchRecord game) {
        int pair = game.pair();
        if (pair < 0) {
            throw new IllegalArgumentException("gate: game " + game.game() + " is not paired");
        }
        double[] w = waiting.get(pair);
        if (pair < nextPair || w != null && !Double.isNaN(w[1])) {
            throw new IllegalArgumentException("gate: pair " + pair + " already has two games");
        }
        double failure = game.isError() ? 1 : 0;
        if (w == null) {
            waiting.put(pair, new double[] {game.scoreOfA(), Double.NaN, failure});
        } else {
            w[1] = game.scoreOfA();
            w[2] += failure;
        }
        for (var e = waiting.firstEntry(); e != null && e.getKey() == nextPair && !Double.isNaN(e.getValue()[1]);
                e = waiting.firstEntry()) {
            double[] p = waiting.pollFirstEntry().getValue();
            nextPair++;
            count(p[0], p[1], (int) p[2]);
        }
        return outcome;
    }

    /** The result so far. */
    public Outcome outcome() {
        return outcome;
    }

    /** The test. */
    public Sprt sprt() {
        return sprt;
    }

    /** The most pairs played before the gate gives up. */
    public long maxPairs() {
        return maxPairs;
    }
}
