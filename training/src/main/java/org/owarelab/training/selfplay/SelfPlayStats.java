package org.owarelab.training.selfplay;

/**
 * Counters of one worker (or a sum of workers, {@link #plus}), as a snapshot.
 *
 * @param games games finished
 * @param positions positions recorded
 * @param moves moves played (recorded or not)
 * @param simulations simulations run
 * @param evaluatorCalls batched evaluator calls
 * @param evaluated positions sent to the evaluator (leaves; terminal leaves are not sent)
 * @param resigned games ended by resignation
 * @param playedThrough games played through with resignation off that met its condition
 * @param falsePositives of those, games the would-be resigner did not lose
 * @param nanos time spent inside {@code play} (wall clock, summed over workers)
 */
public record SelfPlayStats(long games, long positions, long moves, long simulations, long evaluatorCalls,
        long evaluated, long resigned, long playedThrough, long falsePositives, long nanos) {
    public static final SelfPlayStats ZERO = new SelfPlayStats(0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    public SelfPlayStats plus(SelfPlayStats o) {
        return new SelfPlayStats(games + o.games, positions + o.positions, moves + o.moves,
                simulations + o.simulations, evaluatorCalls + o.evaluatorCalls, evaluated + o.evaluated,
                resigned + o.resigned, playedThrough + o.playedThrough, falsePositives + o.falsePositives,
                nanos + o.nanos);
    }

    /** The counts since snapshot {@code before} of the same workers: this minus {@code before}. */
    public SelfPlayStats minus(SelfPlayStats before) {
        return new SelfPlayStats(games - before.games, positions - before.positions, moves - before.moves,
                simulations - before.simulations, evaluatorCalls - before.evaluatorCalls, evaluated - before.evaluated,
                resigned - before.resigned, playedThrough - before.playedThrough,
                falsePositives - before.falsePositives, nanos - before.nanos);
    }

    /** Mean leaves per evaluator call. */
    public double meanBatch() {
        return evaluatorCalls == 0 ? 0 : (double) evaluated / evaluatorCalls;
    }

    /** Share of played-through games whose resignation would have been wrong; NaN when none. */
    public double falsePositiveRate() {
        return playedThrough == 0 ? Double.NaN : (double) falsePositives / playedThrough;
    }

    /** {@code count} per second of {@code seconds} wall time. */
    public static double rate(long count, double seconds) {
        return seconds <= 0 ? 0 : count / seconds;
    }
}
