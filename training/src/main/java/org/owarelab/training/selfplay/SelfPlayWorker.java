package org.owarelab.training.selfplay;

import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.puct.LockstepSearch;
import org.owarelab.agents.puct.Tree;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;

/**
 * Plays self-play games, many at once in lock-step: every step each game's tree walks to its
 * next leaf (or leaves), one batched {@link Evaluator#evaluate} call answers them all, and each
 * game whose search is done records its position, plays its move and starts its next search
 * (or its next game). Batches stay near {@code parallelGames * leavesPerGame} until the last
 * games of a {@link #play} call finish.
 *
 * <p>Reproducible: game {@code id}'s moves and records depend only on the run seed, the id, the
 * config and the evaluator's answers per position, not on the batch or the number of slots
 * (tested). Wrap the network in the position-hash cache ({@code CachingEvaluator}) before
 * passing it here; a cache must return the same answer for the same position to keep this.
 *
 * <p>Not thread-safe: one worker per thread, each with its own evaluator. {@link #play} and
 * {@link #playContinuous} block; they return early, dropping the games in flight, when the
 * thread is interrupted.
 */
public final class SelfPlayWorker {
    private final SelfPlayConfig cfg;
    private LockstepSearch search;
    /** Evaluator calls and positions of the searches replaced by {@link #useEvaluator}. */
    private long callsBefore;
    private long evaluatedBefore;
    private final GameSlot[] slots;
    private final Tree[] trees;
    private SelfPlaySink sink;
    private long nextId;
    private long idStride = 1;

    // Counters (this worker's thread only); moves and simulations are the slots' own.
    private long games;
    private long positions;
    private long resigned;
    private long playedThrough;
    private long falsePositives;
    private long nanos;

    /**
     * @param cfg how to play
     * @param rules the rule set of the games
     * @param evaluator priors and values (wrapped in a cache by the caller if wanted); its
     *     {@code actions()} must be the rules' houses
     * @param encoder the observation recorded for each position (its rules must be {@code rules})
     * @param runSeed the run's seed; each game's seed derives from it and the game id
     */
    public SelfPlayWorker(SelfPlayConfig cfg, RuleSet rules, Evaluator evaluator, ObservationEncoder encoder,
            long runSeed) {
        if (evaluator.actions() != rules.houses()) {
            throw new IllegalArgumentException("evaluator for " + evaluator.actions() + " moves, rules with "
                    + rules.houses() + " houses");
        }
        if (!encoder.rules().equals(rules)) {
            throw new IllegalArgumentException("encoder " + encoder.tag() + " built for rules '" + encoder.rules().spec()
                    + "', self-play rules '" + rules.spec() + "'");
        }
        this.cfg = cfg;
        int g = cfg.parallelGames();
        this.search = new LockstepSearch(evaluator, g * cfg.leavesPerGame());
        this.slots = new GameSlot[g];
        this.trees = new Tree[g];
        // Twice the search's nodes: a reused subtree always leaves room for a full search.
        int nodes = 2 * (cfg.simulations() + 1) + 2;
        EndgameTable table = cfg.tables() == null ? null
                : EndgameTable.cached(java.nio.file.Path.of(cfg.tables()), rules);
        for (int i = 0; i < g; i++) {
            trees[i] = new Tree(rules, cfg.search(), cfg.leavesPerGame(), nodes, nodes);
            trees[i].solver(cfg.solver(), table);
            slots[i] = new GameSlot(cfg, rules, encoder, runSeed, trees[i]);
        }
    }

    /**
     * Plays games {@code firstGameId .. firstGameId + count - 1} to the end, handing each to
     * {@code sink} as it finishes. Returns when all are done (or the thread is interrupted).
     * The last games run in smaller batches; {@link #playContinuous} avoids that tail.
     *
     * @throws IllegalStateException if continuous games are still in flight
     */
    public void play(long firstGameId, int count, SelfPlaySink sink) {
        if (count < 0) {
            throw new IllegalArgumentException("count=" + count + ": expected >= 0");
        }
        if (inFlight() > 0) {
            throw new IllegalStateException(inFlight() + " continuous games in flight; abandonInFlight() first");
        }
        nextId = firstGameId;
        idStride = 1;
        run(firstGameId + count, count, sink);
    }

    /**
     * Continuous self-play: keeps every slot busy, starting games with ids
     * {@code firstGameId, firstGameId + stride, ...} (set by {@link #setGameIds}), and returns
     * once {@code games} games have finished. Games still in flight stay in their slots and go
     * on at the next call (with the evaluator as it is then, e.g. a newer network). Batches
     * stay full; the same sequence of calls gives the same games.
     */
    public void playContinuous(int games, SelfPlaySink sink) {
        if (games < 0) {
            throw new IllegalArgumentException("games=" + games + ": expected >= 0");
        }
        run(Long.MAX_VALUE, games, sink);
    }

    /**
     * Plays on with {@code evaluator} from now on (e.g. over a newer network, with a fresh cache);
     * the previous one is no longer read. Call it between plays, after {@link #suspendInFlight}, so
     * no tree holds values of the old one.
     */
    public void useEvaluator(Evaluator evaluator) {
        if (evaluator.actions() != search.evaluator().actions()) {
            throw new IllegalArgumentException("evaluator for " + evaluator.actions() + " moves, this worker plays "
                    + search.evaluator().actions());
        }
        callsBefore += search.calls();
        evaluatedBefore += search.evaluated();
        search = new LockstepSearch(evaluator, slots.length * cfg.leavesPerGame());
    }

    /**
     * Continuous self-play at a generation's end: every game in flight drops its tree and starts
     * the move in progress over (see {@code GameSlot#suspend}). The trees are dropped, not kept,
     * because their values came from the network about to be replaced, and because a checkpoint
     * can then save each game without its tree: the uninterrupted run and a resumed one both
     * start these searches from scratch. Returns the games in flight.
     */
    public int suspendInFlight() {
        int n = 0;
        for (GameSlot s : slots) {
            if (s.active()) {
                s.suspend();
                n++;
            }
        }
        return n;
    }

    /**
     * What a checkpoint saves of this worker under continuous self-play: its next game id and id
     * stride, and per slot its game in flight (null for an idle slot). Only right after
     * {@link #suspendInFlight}.
     */
    public WorkerState snapshot() {
        java.util.List<InFlightGame> games = new java.util.ArrayList<>(slots.length);
        for (GameSlot s : slots) {
            games.add(s.active() ? s.snapshot() : null);
        }
        return new WorkerState(nextId, idStride, games);
    }

    /**
     * Puts a {@link #snapshot} back: the games in their slots (same slot, so the batches are the
     * same), the next game id and stride. The worker must have no game in flight.
     *
     * @throws IllegalArgumentException if the state has another number of slots or a game does not fit the rules
     */
    public void restore(WorkerState state) {
        if (inFlight() > 0) {
            throw new IllegalStateException(inFlight() + " games in flight: restore only into an idle worker");
        }
        if (state.slots().size() != slots.length) {
            throw new IllegalArgumentException(state.slots().size() + " slots saved, this worker has " + slots.length
                    + " (selfplay.parallelGames)");
        }
        try {
            for (int i = 0; i < slots.length; i++) {
                InFlightGame g = state.slots().get(i);
                if (g != null) {
                    try {
                        slots[i].restore(g);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException("slot " + i + ": " + e.getMessage(), e);
                    }
                }
            }
        } catch (RuntimeException e) {
            abandonInFlight();
            throw e;
        }
        setGameIds(state.nextGameId(), state.idStride());
    }

    /**
     * A worker's continuous self-play as a checkpoint saves it.
     *
     * @param nextGameId the id its next started game gets
     * @param idStride the step between its game ids (the number of workers)
     * @param slots per slot its game in flight, null for an idle slot
     */
    public record WorkerState(long nextGameId, long idStride, java.util.List<InFlightGame> slots) {
        public WorkerState {
            if (idStride < 1) {
                throw new IllegalArgumentException("idStride=" + idStride + ": expected >= 1");
            }
            if (slots == null) {
                throw new IllegalArgumentException("slots must be given");
            }
            slots = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(slots)); // nulls allowed
        }
    }

    /**
     * Sets the ids of the next continuous games: {@code first, first + stride, ...} (e.g. worker
     * {@code w} of {@code W} uses {@code first = base + w, stride = W}).
     */
    public void setGameIds(long first, long stride) {
        if (stride < 1) {
            throw new IllegalArgumentException("stride=" + stride + ": expected >= 1");
        }
        nextId = first;
        idStride = stride;
    }

    /** The id the next started game will get. */
    public long nextGameId() {
        return nextId;
    }

    /** Games started and not finished (continuous mode). */
    public int inFlight() {
        int n = 0;
        for (GameSlot s : slots) {
            n += s.active() ? 1 : 0;
        }
        return n;
    }

    /** Drops the games in flight (their records are lost); returns how many. */
    public int abandonInFlight() {
        int n = 0;
        for (GameSlot s : slots) {
            if (s.active()) {
                s.abandon();
                n++;
            }
        }
        return n;
    }

    /** Steps until {@code finishTarget} games finished or no game is left; starts games with ids below {@code idLimit}. */
    private void run(long idLimit, int finishTarget, SelfPlaySink sink) {
        long t0 = System.nanoTime();
        this.sink = sink;
        int finished = 0;
        try {
            for (GameSlot s : slots) {
                if (!s.active() && nextId < idLimit) {
                    s.start(nextId);
                    nextId += idStride;
                }
            }
            while (finished < finishTarget && inFlight() > 0) {
                if (Thread.currentThread().isInterrupted()) {
                    abandonInFlight();
                    return;
                }
                search.step(trees, trees.length);
                for (GameSlot s : slots) {
                    if (finished >= finishTarget) {
                        // Exactly finishTarget games: a slot whose search is done keeps its move for the next call.
                        break;
                    }
                    if (!s.active() || s.searching()) {
                        continue;
                    }
                    GameSlot.Finished f = s.finishMove();
                    if (f != null) {
                        finished(f);
                        finished++;
                        if (nextId < idLimit) {
                            s.start(nextId);
                            nextId += idStride;
                        }
                    }
                }
            }
        } catch (RuntimeException | Error e) {
            // An evaluator failure leaves trees mid-step: drop the games so the worker stays usable.
            abandonInFlight();
            throw e;
        } finally {
            nanos += System.nanoTime() - t0;
            this.sink = null;
        }
    }

    private void finished(GameSlot.Finished f) {
        games++;
        positions += f.positions().size();
        resigned += f.resigned() ? 1 : 0;
        playedThrough += f.playedThrough() ? 1 : 0;
        falsePositives += f.playedThrough() && f.game().falsePositive() ? 1 : 0;
        sink.accept(f.game(), f.positions());
    }

    /** Counters since this worker was made. */
    public SelfPlayStats stats() {
        long moves = 0;
        long simulations = 0;
        for (GameSlot s : slots) {
            moves += s.totalMoves();
            simulations += s.totalSimulations();
        }
        return new SelfPlayStats(games, positions, moves, simulations, callsBefore + search.calls(),
                evaluatedBefore + search.evaluated(), resigned,
                playedThrough, falsePositives, nanos);
    }
}
