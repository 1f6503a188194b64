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
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.model.TorchThreads;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.training.selfplay.PositionRecord;
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.training.selfplay.SelfPlaySink;
import org.owarelab.training.selfplay.SelfPlayStats;
import org.owarelab.training.selfplay.SelfPlayWorker;

/**
 * One generation of self-play: {@code workers} threads, each with its own evaluator over the
 * shared network (read-only while they run) and its own position cache, play their share of the
 * generation's games. With {@code loop.inference} onnx (auto on the CPU) the network is exported
 * once per generation and run by ONNX Runtime, one session shared by the workers (its run is
 * thread-safe) with one intra-op thread: the same network, for a fraction of libtorch's cost per
 * call at self-play's batch sizes. Game ids continue from the run's count, so game {@code id} is the same game
 * whichever worker plays it; results are collected per worker and returned in worker order, which
 * keeps a seeded run reproducible.
 */
final class SelfPlayPhase {
    private SelfPlayPhase() {
    }

    /** One worker's share of a generation, played on the evaluator {@link #onWorkers} made for it. */
    @FunctionalInterface
    interface Share {
        /**
         * @param worker the worker's index, 0 .. workers - 1
         * @param count the games it must hand to {@code sink}
         * @return the self-play statistics of this share
         */
        SelfPlayStats play(int worker, int count, Evaluator evaluator, SelfPlaySink sink);
    }

    /** What {@link #onWorkers} collected: the games and positions in worker order, and the figures. */
    record Played(List<SelfPlayRecord> games, List<PositionRecord> positions, SelfPlayStats stats, double seconds,
            double hitRate) {
    }

    /**
     * Plays {@code games} games on {@code workers} threads: worker {@code w} gets
     * {@code games / workers} of them (the remainder to the first workers), its own evaluator over
     * {@code net} (on one libtorch thread, or over the generation's ONNX session) and its own position cache, and runs {@code share}. Every
     * worker is joined before this returns; results come back in worker order, whatever the
     * threads' timing.
     *
     * @param progress incremented once per game handed to a sink
     */
    static Played onWorkers(TrainConfig cfg, PolicyValueNet net, ObservationEncoder encoder, int workers, int games,
            AtomicLong progress, Share share) throws InterruptedException {
        int batch = cfg.selfplay().parallelGames() * cfg.selfplay().leavesPerGame();
        List<List<SelfPlayRecord>> gameLists = new ArrayList<>();
        List<List<PositionRecord>> positionLists = new ArrayList<>();
        List<Future<SelfPlayStats>> futures = new ArrayList<>();
        double[] hitRates = new double[workers];
        long t0 = System.nanoTime();
        OnnxModel onnx = cfg.loop().selfPlayOnOnnx(net.onGpu())
                ? OnnxModel.of(OnnxWriter.toBytes(net, "self-play: " + net.describe()), encoder, new OnnxSettings(1, 1))
                : null;
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "selfplay");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int w = 0; w < workers; w++) {
                int count = shareOf(w, workers, games);
                List<SelfPlayRecord> g = new ArrayList<>();
                List<PositionRecord> p = new ArrayList<>();
                gameLists.add(g);
                positionLists.add(p);
                int index = w;
                futures.add(pool.submit(() -> {
                    TorchThreads.set(1); // one libtorch thread per worker: the workers are the parallelism
                    Evaluator inner = onnx != null ? onnx.open(null, encoder.rules()) : new DjlEvaluator(net, encoder, batch);
                    CachingEvaluator cache = cfg.loop().cacheEntries() > 0
                            ? new CachingEvaluator(inner, cfg.loop().cacheEntries()) : null;
                    try (Evaluator evaluator = cache != null ? cache : inner) {
                        SelfPlayStats stats = share.play(index, count, evaluator, (game, positions) -> {
                            g.add(game);
                            p.addAll(positions);
                            progress.incrementAndGet();
                        });
                        hitRates[index] = cache == null ? Double.NaN : cache.hitRate();
                        return stats;
                    }
                }));
            }
            SelfPlayStats total = SelfPlayStats.ZERO;
            for (Future<SelfPlayStats> f : futures) {
                total = total.plus(Trainer.join(f));
            }
            List<SelfPlayRecord> allGames = new ArrayList<>();
            List<PositionRecord> allPositions = new ArrayList<>();
            double hit = 0;
            for (int w = 0; w < workers; w++) {
                allGames.addAll(gameLists.get(w));
                allPositions.addAll(positionLists.get(w));
                hit += hitRates[w];
            }
            return new Played(allGames, allPositions, total, (System.nanoTime() - t0) / 1e9, hit / workers);
        } finally {
            pool.shutdownNow();
            // the session goes only after the workers: closing it under a running call would free
            // native memory in use (on a failure the other workers are interrupted first)
            if (onnx != null && pool.awaitTermination(1, java.util.concurrent.TimeUnit.MINUTES)) {
                onnx.close();
            }
        }
    }

    /** Worker {@code w}'s count of {@code games}: an equal share, the remainder to the first workers. */
    static int shareOf(int w, int workers, int games) {
        return games / workers + (w < games % workers ? 1 : 0);
    }

    /**
     * Plays games {@code firstId .. firstId + games - 1}: worker {@code w}'s share continues the
     * ids where worker {@code w - 1}'s ends.
     *
     * @param progress incremented once per finished game (for progress display)
     */
    static GameBatch run(TrainConfig cfg, PolicyValueNet net, ObservationEncoder encoder, long firstId, int games,
            AtomicLong progress) throws InterruptedException {
        int workers = Math.min(cfg.loop().workers(), games);
        long[] firsts = new long[workers];
        for (int w = 1; w < workers; w++) {
            firsts[w] = firsts[w - 1] + shareOf(w - 1, workers, games);
        }
        Played played = onWorkers(cfg, net, encoder, workers, games, progress, (w, count, evaluator, sink) -> {
            SelfPlayWorker worker = new SelfPlayWorker(cfg.selfplay(), cfg.ruleSet(), evaluator, encoder, cfg.seed());
            worker.play(firstId + firsts[w], count, sink);
            return worker.stats();
        });
        return new GameBatch(played.games(), played.positions(), played.stats(), played.seconds(), played.hitRate(),
                null, null);
    }
}
