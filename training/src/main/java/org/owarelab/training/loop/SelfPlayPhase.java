package org.owarelab.training.loop;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.owarelab.agents.inference.CachingEvaluator;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.model.TorchThreads;
import org.owarelab.training.selfplay.GameRecord;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlayStats;
import org.owarelab.training.selfplay.SelfPlayWorker;

/**
 * One generation of self-play: {@code workers} threads, each with its own evaluator over the
 * shared network (read-only while they run) and its own position cache, play their share of the
 * generation's games. Game ids continue from the run's count, so game {@code id} is the same game
 * whichever worker plays it; results are collected per worker and returned in worker order, which
 * keeps a seeded run reproducible.
 */
final class SelfPlayPhase {
    private SelfPlayPhase() {
    }

    /**
     * Plays games {@code firstId .. firstId + games - 1}.
     *
     * @param progress incremented once per finished game (for progress display)
     */
    static GameBatch run(TrainConfig cfg, PolicyValueNet net, ObservationEncoder encoder, long firstId, int games,
            AtomicLong progress) throws InterruptedException {
        int workers = Math.min(cfg.loop().workers(), games);
        int batch = cfg.selfplay().parallelGames() * cfg.selfplay().leavesPerGame();
        List<List<GameRecord>> gameLists = new ArrayList<>();
        List<List<PositionRecord>> positionLists = new ArrayList<>();
        List<Future<SelfPlayStats>> futures = new ArrayList<>();
        double[] hitRates = new double[workers];
        long t0 = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "selfplay");
            t.setDaemon(true);
            return t;
        });
        try {
            long next = firstId;
            for (int w = 0; w < workers; w++) {
                int count = games / workers + (w < games % workers ? 1 : 0);
                long first = next;
                next += count;
                List<GameRecord> g = new ArrayList<>();
                List<PositionRecord> p = new ArrayList<>();
                gameLists.add(g);
                positionLists.add(p);
                int index = w;
                futures.add(pool.submit(() -> {
                    TorchThreads.set(1); // one libtorch thread per worker: the workers are the parallelism
                    Evaluator inner = new DjlEvaluator(net, encoder, batch);
                    CachingEvaluator cache = cfg.loop().cacheEntries() > 0
                            ? new CachingEvaluator(inner, cfg.loop().cacheEntries()) : null;
                    try (Evaluator evaluator = cache != null ? cache : inner) {
                        SelfPlayWorker worker = new SelfPlayWorker(cfg.selfplay(), cfg.ruleSet(), evaluator, encoder,
                                cfg.seed());
                        worker.play(first, count, (game, positions) -> {
                            g.add(game);
                            p.addAll(positions);
                            progress.incrementAndGet();
                        });
                        hitRates[index] = cache == null ? Double.NaN : cache.hitRate();
                        return worker.stats();
                    }
                }));
            }
            SelfPlayStats total = SelfPlayStats.ZERO;
            for (Future<SelfPlayStats> f : futures) {
                total = total.plus(Trainer.join(f));
            }
            List<GameRecord> allGames = new ArrayList<>();
            List<PositionRecord> allPositions = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                allGames.addAll(gameLists.get(w));
                allPositions.addAll(positionLists.get(w));
            }
            double hit = 0;
            for (double h : hitRates) {
                hit += h;
            }
            return new GameBatch(allGames, allPositions, total, (System.nanoTime() - t0) / 1e9, hit / workers, null, null);
        } finally {
            pool.shutdownNow();
        }
    }
}
