package org.owarelab.training.loop;

import java.io.IOException;
import java.io.PrintStream;
import java.util.concurrent.atomic.AtomicLong;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.PolicyValueNet;

/**
 * Where the training loop gets each generation's finished self-play games from. The default,
 * {@link #LOCAL}, plays them in this JVM ({@link SelfPlayPhase}); the {@code distributed} module
 * provides one that publishes the network to a cluster and collects the games its workers push.
 * The loop itself knows nothing of clusters: no cluster code is on the single-JVM path.
 *
 * <p>Threads: the loop calls {@link #collect} from its own thread, between learner phases, so
 * {@code net} is not written while a call runs; a source must not read it after the call
 * returns (copy what it publishes). {@link #collect} blocks until the generation's games are in.
 */
public interface GameSource extends AutoCloseable {
    /**
     * One generation's request.
     *
     * @param generation the generation being played (1-based)
     * @param version the version of {@code net}: the generations trained before it was made
     *     ({@code generation - 1}); the same weights get the same version after a resume
     * @param cfg the run's config
     * @param net the network self-play plays with (read-only, and only during the call)
     * @param encoder the run's observation encoder
     * @param firstGameId the id of the generation's first game for a source that numbers games
     *     as the local one does (the run's game count so far; continuous self-play numbers its
     *     games per worker instead, see {@link ContinuousSelfPlay})
     * @param games games wanted
     * @param progress incremented once per game collected (for the progress display)
     */
    record Request(int generation, long version, TrainConfig cfg, PolicyValueNet net, ObservationEncoder encoder,
            long firstGameId, int games, AtomicLong progress) {
    }

    /**
     * What a source is opened with.
     *
     * @param run the run directory (its {@code selfplay.jsonl} already trimmed to the resume point)
     * @param cfg the run's config
     * @param log the trainer's log
     */
    record Context(RunDirectory run, TrainConfig cfg, PrintStream log) {
    }

    /** Opens a source for one training session. */
    @FunctionalInterface
    interface Factory {
        GameSource open(Context context) throws IOException;
    }

    /**
     * Self-play in this JVM with {@code loop.workers} threads: the single-machine default. With
     * {@code selfplay.continuous} the workers keep their games in flight across generations
     * ({@link ContinuousSelfPlay}); without, each generation plays its games to the end.
     */
    Factory LOCAL = context -> context.cfg().selfplay().continuous() ? ContinuousSelfPlay.open(context)
            : new GameSource() {
        @Override
        public GameBatch collect(Request r) throws InterruptedException {
            return SelfPlayPhase.run(r.cfg(), r.net(), r.encoder(), r.firstGameId(), r.games(), r.progress());
        }

        @Override
        public void close() {
        }
    };

    /**
     * The games of one generation: exactly {@code r.games()} of them, never fewer (a source waits
     * for them), each with a game id unique in the run.
     */
    GameBatch collect(Request r) throws IOException, InterruptedException;

    /**
     * Saves what the source must carry across a resume point (e.g. games in flight) with the
     * checkpoint of {@code next}, before {@code state.json} names it; the loop calls it after
     * {@link #collect} on each checkpoint generation. Writes atomically, under a name the state's
     * generation determines. The default saves nothing.
     */
    default void checkpoint(TrainState next) throws IOException {
    }

    /** Releases what the source holds (threads, sockets); the loop calls it once, at the end of a session. */
    @Override
    void close() throws IOException;
}
