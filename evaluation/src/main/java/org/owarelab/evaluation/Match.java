package org.owarelab.evaluation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Agents;

/**
 * Plays a match between two agent specs: {@link MatchConfig#pairs()} openings from
 * {@link Openings}, each played twice (game {@code 2p} with A as South, {@code 2p+1} with A as
 * North), on up to {@code threads} threads. Each game builds its own two agents from the specs
 * with seeds derived from the match seed and the game index ({@link GameRunner}), so the games
 * and the result are the same for the same seed whatever the thread count (time-limited agents
 * aside).
 *
 * <p>A game whose agent fails is recorded as a forfeit and the match goes on. Bad specs are
 * reported before any game is played.
 */
public final class Match {
    /** The index under the match seed that seeds the openings (games use 0, 1, ...). */
    static final long OPENINGS_STREAM = -1;

    private Match() {
    }

    /**
     * Plays the match; blocks until every game is done.
     *
     * @param listener told of each finished game (see {@link MatchListener} for threading)
     * @throws org.owarelab.agents.AgentSpecException if a spec names no agent, has an unknown key or a bad value
     * @throws InterruptedException if the calling thread is interrupted (the workers are then stopped)
     */
    public static MatchResult run(MatchConfig config, MatchListener listener) throws InterruptedException {
        checkSpecs(config);
        List<Opening> openings = openings(config);
        GameRunner runner = new GameRunner(config);
        int games = config.games();
        GameRecord[] records = new GameRecord[games];
        AtomicInteger next = new AtomicInteger();
        Object lock = new Object();
        Tally running = new Tally();
        int threads = Math.min(config.threads(), games);
        AtomicInteger names = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "match-" + names.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                futures.add(pool.submit(() -> {
                    for (int g = next.getAndIncrement(); g < games; g = next.getAndIncrement()) {
                        if (Thread.currentThread().isInterrupted()) {
                            return;
                        }
                        GameRecord r = runner.play(g, openings.get((g / 2) % openings.size()));
                        records[g] = r;
                        synchronized (lock) {
                            running.add(r);
                            listener.gameFinished(r, running, games);
                        }
                    }
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    if (cause instanceof Error err) {
                        throw err;
                    }
                    throw new IllegalStateException("match worker failed", cause);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        Tally tally = new Tally();
        for (GameRecord r : records) {
            tally.add(r);
        }
        return new MatchResult(config, openings, List.copyOf(Arrays.asList(records)), tally);
    }

    /**
     * Builds and releases each agent once, so that a bad spec fails before any game.
     *
     * @throws org.owarelab.agents.AgentSpecException naming the spec and what is allowed
     */
    public static void checkSpecs(MatchConfig config) {
        for (String spec : new String[] {config.agentA(), config.agentB()}) {
            try (Agent a = Agents.create(spec, config.rules(), 0)) {
                a.spec();
            }
        }
    }

    /** The match's distinct openings (fewer than the pairs when the opening depth has fewer positions). */
    public static List<Opening> openings(MatchConfig config) {
        return Openings.generate(config.start(), config.openingPlies(), config.pairs(),
                Seeds.derive(config.seed(), OPENINGS_STREAM));
    }
}
