package org.owarelab.agents.puct;

import org.owarelab.agents.SearchLimit;

/**
 * How the agent searches, beside the {@link PuctConfig}. Built by name from {@link #DEFAULT}
 * with the withers ({@code PuctOptions.DEFAULT.withSimulations(200).withBatch(1)}); the defaults are
 * the {@link SearchOption}s'.
 *
 * @param simulations simulations per move when the limit does not say
 * @param capsTimed whether {@code simulations} also caps a movetime search (an explicit
 *     {@code simulations=} in the spec); when false (the default count) the clock alone ends it
 * @param batch leaves per evaluator call (more than 1 uses virtual loss, and a walk that meets
 *     a leaf in flight goes on with one more virtual visit); 0 = auto: {@link PuctAgent#AUTO_BATCH} for a
 *     search ended by the clock or a stop, 1 for a fixed simulation count
 * @param maxNodes node budget of the tree
 * @param temperature move choice by game ply (greedy for play)
 * @param explore add root noise (Dirichlet or Gumbel) and forced playouts as configured
 * @param movetimeMillis time per move when the caller's limit sets none (0 = unset: then
 *     {@code simulations})
 * @param threads search threads over the one tree; 0 = auto: every core for a search ended by
 *     the clock or a stop, 1 for a fixed simulation count
 * @param timeManaged under a game clock ({@link SearchLimit#maxMillis}), stretch unsure moves and
 *     stop settled ones early ({@link TimeManager}); false: the plain schedule (the planned time)
 */
public record PuctOptions(int simulations, boolean capsTimed, int batch, int maxNodes, Temperature temperature, boolean explore,
        long movetimeMillis, int threads, boolean timeManaged) {
    /** Every setting at its {@link SearchOption} default; not exploring, the count not capping a timed move. */
    public static final PuctOptions DEFAULT = new PuctOptions(SearchOption.SIMULATIONS.intDefault(), false,
            SearchOption.BATCH.intDefault(), SearchOption.NODES.intDefault(),
            new Temperature(SearchOption.TEMPERATURE.realDefault(), SearchOption.TEMPERATURE_PLIES.intDefault(),
                    SearchOption.TEMPERATURE_AFTER.realDefault()),
            false, SearchOption.MOVETIME.intDefault(), SearchOption.THREADS.intDefault(),
            SearchOption.TIME_MANAGER.boolDefault());

    public PuctOptions {
        int maxBatch = (int) SearchOption.BATCH.max();
        if (simulations < 1 || batch < 0 || batch > maxBatch || maxNodes < 2 || movetimeMillis < 0 || threads < 0
                || threads > SearchOption.MAX_THREADS) {
            throw new IllegalArgumentException("puct options: simulations=" + simulations + " (>= 1), batch="
                    + batch + " (0 = auto, 1.." + maxBatch + "), maxNodes=" + maxNodes + " (>= 2), movetime="
                    + movetimeMillis + " (>= 0), threads=" + threads + " (0 = auto, 1.." + SearchOption.MAX_THREADS
                    + ")");
        }
        if (temperature == null) {
            throw new IllegalArgumentException("puct options: temperature must be given");
        }
    }

    public PuctOptions withSimulations(int n) {
        return new PuctOptions(n, capsTimed, batch, maxNodes, temperature, explore, movetimeMillis, threads, timeManaged);
    }

    public PuctOptions withCapsTimed(boolean caps) {
        return new PuctOptions(simulations, caps, batch, maxNodes, temperature, explore, movetimeMillis, threads, timeManaged);
    }

    public PuctOptions withBatch(int leaves) {
        return new PuctOptions(simulations, capsTimed, leaves, maxNodes, temperature, explore, movetimeMillis, threads,
                timeManaged);
    }

    public PuctOptions withMaxNodes(int nodes) {
        return new PuctOptions(simulations, capsTimed, batch, nodes, temperature, explore, movetimeMillis, threads,
                timeManaged);
    }

    public PuctOptions withTemperature(Temperature t) {
        return new PuctOptions(simulations, capsTimed, batch, maxNodes, t, explore, movetimeMillis, threads, timeManaged);
    }

    public PuctOptions withExplore(boolean on) {
        return new PuctOptions(simulations, capsTimed, batch, maxNodes, temperature, on, movetimeMillis, threads,
                timeManaged);
    }

    public PuctOptions withMovetimeMillis(long millis) {
        return new PuctOptions(simulations, capsTimed, batch, maxNodes, temperature, explore, millis, threads, timeManaged);
    }

    public PuctOptions withThreads(int n) {
        return new PuctOptions(simulations, capsTimed, batch, maxNodes, temperature, explore, movetimeMillis, n, timeManaged);
    }

    public PuctOptions withTimeManaged(boolean on) {
        return new PuctOptions(simulations, capsTimed, batch, maxNodes, temperature, explore, movetimeMillis, threads, on);
    }
}
