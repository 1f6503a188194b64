package org.owarelab.training.loop;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.formats.Mappers;
import org.owarelab.training.selfplay.SelfPlayStats;
import org.owarelab.training.selfplay.SelfPlayWorker;

/**
 * Continuous self-play ({@code selfplay.continuous: true}), KataGo's way: the local game source
 * whose {@code loop.workers} workers live as long as the session, so their slots stay busy across
 * generations. A generation asks worker {@code w} for its share of the games (as
 * {@link SelfPlayPhase} splits them) and takes the first games to finish; the games still in
 * flight drop their trees and wait, then play on with the next generation's network (a fresh
 * evaluator and position cache each generation, as without continuous play).
 *
 * <p>Deterministic: worker {@code w} starts games {@code base + w, base + w + W, ...} in its
 * slots in order and steps them in lock-step, so which games finish in which generation depends
 * only on the seed and the evaluator's answers, never on thread timing. Game ids are unique in the
 * run but a generation's are not consecutive. Each checkpoint saves the games in flight
 * ({@link InFlightFile}); a resumed session puts every game back in its worker and slot, so the
 * resumed run is the uninterrupted one bit for bit.
 *
 * <p>Threads: {@link #collect} runs the workers through {@link SelfPlayPhase#onWorkers} (a pool of
 * its own, every worker joined before it returns); a worker is handed from one pool thread to the
 * next by the pool's submit and join.
 */
final class ContinuousSelfPlay implements GameSource {
    private final RunDirectory run;
    private final TrainConfig cfg;
    private final SelfPlayWorker[] workers;
    /** The states to put back into the workers at the first collect (null: start afresh). */
    private List<SelfPlayWorker.WorkerState> restore;
    /** The id of the first games when starting afresh (worker w starts at base + w). */
    private final long base;

    private ContinuousSelfPlay(RunDirectory run, TrainConfig cfg, List<SelfPlayWorker.WorkerState> restore, long base) {
        this.run = run;
        this.cfg = cfg;
        this.workers = new SelfPlayWorker[cfg.loop().workers()];
        this.restore = restore;
        this.base = base;
    }

    /**
     * Opens the source at the run's resume point: with no generation done its workers start
     * afresh; after one they take back the games in flight of that point's {@link InFlightFile}.
     *
     * @throws InFlightFormatException if the file is missing or does not fit the run
     */
    static ContinuousSelfPlay open(GameSource.Context context) throws IOException {
        TrainState state = context.run().readState();
        if (state.generation() == 0) {
            return new ContinuousSelfPlay(context.run(), context.cfg(), null, state.games());
        }
        InFlightFile f = InFlightFile.read(context.run(), state, context.cfg());
        return new ContinuousSelfPlay(context.run(), context.cfg(), f.workers(), state.games());
    }

    @Override
    public GameBatch collect(Request r) throws InterruptedException {
        int[] carried = new int[workers.length];
        SelfPlayPhase.Played played = SelfPlayPhase.onWorkers(cfg, r.net(), r.encoder(), workers.length, r.games(),
                r.progress(), (w, count, evaluator, sink) -> {
                    SelfPlayWorker worker = worker(w, evaluator, r);
                    SelfPlayStats before = worker.stats();
                    worker.playContinuous(count, sink);
                    carried[w] = worker.suspendInFlight();
                    return worker.stats().minus(before);
                });
        restore = null;
        int inFlight = java.util.Arrays.stream(carried).sum();
        ObjectNode source = Mappers.json().createObjectNode();
        source.put("continuous", true);
        source.put("inFlight", inFlight);
        return new GameBatch(played.games(), played.positions(), played.stats(), played.seconds(), played.hitRate(),
                source, "in flight " + inFlight);
    }

    /** Worker {@code w} over {@code evaluator}: made (and restored, or given its ids) at the first call. */
    private SelfPlayWorker worker(int w, Evaluator evaluator, Request r) {
        if (workers[w] == null) {
            SelfPlayWorker made = new SelfPlayWorker(cfg.selfplay(), cfg.ruleSet(), evaluator, r.encoder(), cfg.seed());
            if (restore != null) {
                made.restore(restore.get(w));
            } else {
                made.setGameIds(base + w, workers.length);
            }
            workers[w] = made;
        } else {
            workers[w].useEvaluator(evaluator);
        }
        return workers[w];
    }

    /** Saves the games in flight with the checkpoint of {@code next} (its generation's). */
    @Override
    public void checkpoint(TrainState next) throws IOException {
        List<SelfPlayWorker.WorkerState> states = new ArrayList<>(workers.length);
        for (int w = 0; w < workers.length; w++) {
            if (workers[w] == null) {
                throw new IllegalStateException("checkpoint of generation " + next.generation()
                        + " before its self-play");
            }
            states.add(workers[w].snapshot());
        }
        new InFlightFile(InFlightFile.FORMAT, next.generation(), cfg.rules(), cfg.selfplay().parallelGames(), states)
                .write(run);
    }

    @Override
    public void close() {
    }
}
