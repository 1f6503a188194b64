package org.owarelab.evaluation;

import java.util.List;
import java.util.function.Consumer;

/**
 * Plays a list of scheduled games somewhere: on this machine's threads ({@link #local}) or farmed
 * out to other machines (the distributed module's cluster farm). A game's result depends only on
 * its {@link ScheduledGame} (time-limited agents aside), so where it is played does not change it.
 */
@FunctionalInterface
public interface GameFarm {
    /**
     * Plays {@code games} with {@code runner}'s settings, calling {@code finished} once per game as
     * it ends (from any thread, one call at a time).
     *
     * @return the records, in the order of {@code games}
     * @throws InterruptedException if the calling thread is interrupted
     */
    MatchRecord[] play(GameRunner runner, List<ScheduledGame> games, Consumer<MatchRecord> finished)
            throws InterruptedException;

    /** The games on {@code threads} threads of this JVM ({@link Arena#play}). */
    static GameFarm local(int threads) {
        return (runner, games, finished) -> Arena.play(runner, games, threads, finished, () -> false);
    }
}
