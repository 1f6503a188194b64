package org.owarelab.agents.puct;

import java.util.SplittableRandom;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.TableRoot;
import org.owarelab.agents.TimeControl;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.NetworkFiles;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;

/**
 * A PUCT tree search for one game, on the same {@link Tree} and {@link LockstepSearch} that
 * self-play runs in batches. Spec {@code puct:sims=N,model=PATH,...} (see
 * {@link PuctAgentFactory}); without a model the evaluator is uniform (priors uniform, values
 * 0), a plain tree search that learns only from game ends.
 *
 * <p>The decision's policy is the root's visit distribution (Gumbel's improved policy with
 * Gumbel root selection), its value the root's mean value from the mover's view, its node
 * count the simulations run. The tree is kept between moves when every move is reported
 * through {@link #played}; a board whose history differs from the tree's starts a new tree.
 * Limits: simulations (or nodes, read as simulations), a move time, or infinite until
 * {@link SearchMonitor#stopRequested()}; depth limits are ignored. A limit with none of these
 * runs the spec's {@code movetime} when it has one, else its simulation count; a move time is
 * governed by the clock alone unless the spec gave {@code sims=} explicitly, which then caps it
 * too (the default count never does).
 *
 * <p>Batching: each step walks to up to {@code batch} leaves with virtual loss (a walk that meets
 * a leaf already in flight adds a virtual visit to its path and the step goes on) and evaluates
 * them in one network call; terminal leaves are scored exactly on the way and never reach the
 * network. {@code batch=1} is the plain sequential search. The default ({@code auto}) batches
 * {@link #AUTO_BATCH} leaves when the clock or a stop ends the search and searches one leaf at
 * a time for a fixed simulation count, so fixed-count results do not change.
 *
 * <p>Threads: with {@code threads} above 1 one search runs on that many threads over the one tree
 * ({@link ThreadedSearch}: virtual loss, each thread batching its own leaves into its own
 * evaluator, opened through {@link #helperEvaluators}). The default ({@code auto}) uses every core
 * ({@link Runtime#availableProcessors()}) when the clock or a stop ends the search and one thread
 * for a fixed simulation count, so seeded fixed-count games stay identical; a threaded search is
 * not reproducible.
 */
public final class PuctAgent implements Agent {
    /**
     * Leaves per network call of a search ended by the clock or a stop when the spec gives no
     * {@code batch} (a fixed simulation count then searches one leaf at a time, as before).
     */
    public static final int AUTO_BATCH = 32;

    /**
     * Simulations ending at terminal nodes one batched step runs at most before it evaluates what it
     * has (the web player's search mirrors it, reading it from its card).
     */
    public static final int TERMINAL_BURST = Walker.TERMINAL_BURST;

    /** The {@code puct} factory without networks: {@code model=} is refused, the evaluator uniform. */
    public static final AgentFactory FACTORY = new PuctAgentFactory("puct", null, true, SearchOption.DEFAULT_SIMULATIONS);

    /**
     * The {@code puct} factory whose {@code model=...} is opened by {@code models}; without a
     * model the evaluator is uniform. The factory owns {@code models} and closes it when closed.
     */
    public static AgentFactory factory(EvaluatorSource models) {
        return new PuctAgentFactory("puct", models, true, SearchOption.DEFAULT_SIMULATIONS);
    }

    /**
     * The {@code puct} factory whose {@code model=...} is opened by {@code models} (null: refused)
     * and whose {@code onnx=FILE,encoder=TAG} by {@code files}; without either the evaluator is
     * uniform. The factory owns both and closes them when closed.
     */
    public static AgentFactory factory(EvaluatorSource models, NetworkFiles files) {
        return new PuctAgentFactory("puct", models, files, true, SearchOption.DEFAULT_SIMULATIONS);
    }

    /**
     * A factory named {@code name} for PUCT over one model: its specs take every {@code puct}
     * option but {@code model}, {@code sims} defaulting to {@code simulations}, and every agent
     * gets {@code model.open(null, rules)}. This is how a caller that holds a model (the training
     * loop's arena) names it to a match, as plain {@code NAME}, without writing its path into a
     * spec. The factory owns {@code model} and closes it when closed.
     */
    public static AgentFactory factory(String name, EvaluatorSource model, int simulations) {
        return new PuctAgentFactory(name, model, false, simulations);
    }

    private final String spec;
    private final Evaluator evaluator;
    private final boolean ownsEvaluator;
    private final PuctOptions options;
    private final Tree tree;
    private final Tree[] trees;
    private final LockstepSearch search;
    /** Most leaves per step of the tree (its walkers' boards). */
    private final int leaves;
    private final Board scratchA;
    private final Board scratchB;
    private SplittableRandom random;
    private boolean synced;
    private boolean tableRoot = true;
    private boolean fromTableRoot;
    /** Managed moves' running share of their target spent ({@link TimeManager#nextSpend}), kept across games. */
    private double spend = TimeManager.INITIAL_SPEND;
    /** Opens the evaluators of the extra search threads (null: the search runs on one thread). */
    private java.util.function.Supplier<Evaluator> moreEvaluators;
    /** The evaluators of threads 1.. (opened at the first threaded search; closed by {@link #close()}). */
    private final java.util.List<Evaluator> helperEvaluators = new java.util.ArrayList<>();
    private ThreadedSearch threaded;

    /**
     * @param spec the spec text this agent reports
     * @param evaluator priors and values; closed by {@link #close()} when {@code ownsEvaluator}
     */
    public PuctAgent(String spec, RuleSet rules, Evaluator evaluator, boolean ownsEvaluator, PuctConfig cfg,
            PuctOptions options, long seed) {
        if (evaluator.actions() != rules.houses()) {
            throw new IllegalArgumentException("evaluator for " + evaluator.actions() + " moves, rules with "
                    + rules.houses() + " houses");
        }
        this.spec = spec;
        this.evaluator = evaluator;
        this.ownsEvaluator = ownsEvaluator;
        this.options = options;
        int initial = (int) Math.min(options.maxNodes(), Math.max(1024L, 2L * options.simulations() + 2));
        int leaves = options.batch() == 0 ? AUTO_BATCH : options.batch();
        this.leaves = leaves;
        this.tree = new Tree(rules, cfg, leaves, initial, options.maxNodes());
        this.trees = new Tree[] {tree};
        this.search = new LockstepSearch(evaluator, leaves);
        this.scratchA = new Board(rules);
        this.scratchB = new Board(rules);
        this.random = new SplittableRandom(seed);
    }

    /**
     * Turns the MCTS-solver on or off and sets the endgame table (null: none) for the searches
     * from now on ({@link Tree#solver}); the tree starts over.
     */
    public PuctAgent solver(boolean on, EndgameTable endgame) {
        return solver(on, endgame, 0f);
    }

    /**
     * {@link #solver(boolean, org.owarelab.tables.EndgameTable)} with the seed margin's weight in
     * the exact values of game ends and table-decided leaves ({@link Tree#solver(boolean,
     * org.owarelab.tables.EndgameTable, float)}; 0: the result alone).
     */
    public PuctAgent solver(boolean on, EndgameTable endgame, float marginWeight) {
        tree.solver(on, endgame, marginWeight);
        synced = false;
        return this;
    }

    /**
     * Whether a root the endgame table (set by {@link #solver}) covers with an exact share and a
     * distance plays the table's move unsearched ({@link TableRoot}; on by default, spec key
     * {@code table-root}).
     */
    public PuctAgent tableRoot(boolean on) {
        this.tableRoot = on;
        return this;
    }

    /** Whether the last decision was the table's move, unsearched (tests). */
    boolean fromTableRoot() {
        return fromTableRoot;
    }

    /**
     * Sets how the evaluators of the extra search threads are opened ({@code threads} above 1):
     * each call of {@code open} returns a new evaluator, owned by this agent, that one thread
     * uses alone (its calls run on that thread, so the threads' network calls run at once). Without
     * it the agent searches on one thread whatever its {@code threads}.
     */
    public PuctAgent helperEvaluators(java.util.function.Supplier<Evaluator> open) {
        this.moreEvaluators = open;
        return this;
    }

    /** The threads a search runs on: {@code threads}, or auto (every core when {@code clocked}, else 1). */
    int threadsFor(boolean clocked) {
        if (moreEvaluators == null) {
            return 1;
        }
        return options.threads() > 0 ? options.threads() : clocked ? Runtime.getRuntime().availableProcessors() : 1;
    }

    /** Leaves the endgame table decided over the agent's life (tests). */
    long tableHits() {
        return tree.tableHits();
    }

    @Override
    public Decision decide(Board board, SearchLimit given, SearchMonitor monitor) {
        long t0 = System.nanoTime();
        SearchLimit limit = given.isNone() && options.movetimeMillis() > 0 ? SearchLimit.movetime(options.movetimeMillis())
                : given;
        if (board.isOver()) {
            throw new IllegalArgumentException("decide: the game is over (" + board.endReason() + ") at " + board.text());
        }
        int fromTable = tableRoot ? TableRoot.move(tree.table, board) : -1;
        fromTableRoot = fromTable >= 0;
        if (fromTableRoot) {
            // The table's result (its share is exact there) as a proven value; the tree is not touched.
            float value = tree.table.outcome(board);
            int[] pv = {fromTable};
            long time = System.nanoTime() - t0;
            monitor.info(new SearchInfo(0, 0, value, Double.NaN, (int) value, 0, time / 1_000_000L, pv));
            float[] policy = new float[board.housesPerSide()];
            policy[fromTable] = 1f;
            return new Decision(fromTable, policy, value, 0, 0, time, pv);
        }
        if (!synced || !sameHistory(tree.board(), board)) {
            tree.reset(board, random);
            synced = true;
        }
        int sims = limit.simulations() > 0 ? limit.simulations()
                : limit.nodes() > 0 ? (int) Math.min(Integer.MAX_VALUE, limit.nodes())
                : limit.infinite() ? Integer.MAX_VALUE
                : limit.movetimeMillis() > 0 ? (options.capsTimed() ? options.simulations() : Integer.MAX_VALUE)
                : options.simulations();
        boolean clocked = limit.simulations() <= 0 && limit.nodes() <= 0 && (limit.movetimeMillis() > 0 || limit.infinite());
        // Under a game clock: stretch unsure moves up to the most time, stop settled ones early
        // (not with Gumbel root selection, whose move is not the most visited one).
        boolean managed = options.timeManaged() && clocked && limit.maxMillis() > 0 && limit.movetimeMillis() > 0
                && !tree.cfg.gumbel().enabled();
        // A game clock's times keep TimeControl's safety margin (the last step, the answer, a busy
        // machine), so that the clock is not overrun; a plain movetime is searched to its end, as before.
        boolean onClock = limit.maxMillis() > 0 && limit.movetimeMillis() > 0;
        long planned = onClock ? TimeControl.usableMillis(limit.movetimeMillis()) : limit.movetimeMillis();
        long most = onClock ? TimeControl.usableMillis(limit.maxMillis()) : limit.movetimeMillis();
        long deadline = limit.movetimeMillis() > 0 ? t0 + (managed ? most : planned) * 1_000_000L : Long.MAX_VALUE;
        // The managed target: the planned time divided by the share of their target that managed
        // moves spend, so that the time early stops save is spent on the moves that need it.
        long target = managed ? TimeManager.target(planned, most, spend) : planned;
        if (managed) {
            monitor = new TimeManager.Monitor(monitor, tree, t0, target * 1_000_000L, most * 1_000_000L);
        }
        int batch = options.batch() > 0 ? options.batch() : clocked ? AUTO_BATCH : 1;
        int threads = threadsFor(clocked);
        if (threads > 1) {
            searchThreaded(threads, batch, sims, deadline, monitor);
        } else {
            tree.threads(1);
            tree.batching(batch, batch > 1);
            tree.beginSearch(sims, options.explore());
            evaluator.searching(true);
            try {
                while (tree.searching()) {
                    search.step(trees, 1);
                    if (monitor.stopRequested() || deadline != Long.MAX_VALUE && System.nanoTime() >= deadline) {
                        tree.stop();
                    }
                }
            } catch (RuntimeException e) {
                synced = false; // leaves still in flight: the next search starts a new tree
                throw e;
            } finally {
                evaluator.searching(false);
            }
        }
        int n = board.housesPerSide();
        int move = tree.chooseMove(options.temperature().at(board.ply()));
        float[] policy = new float[n];
        tree.policy(policy);
        int[] pv = tree.principalVariation(64);
        if (pv.length == 0 || pv[0] != move) {
            pv = new int[] {move};
        }
        long time = System.nanoTime() - t0;
        if (managed) {
            spend = TimeManager.nextSpend(spend, time / 1_000_000L, target);
        }
        float value = (float) tree.rootValue();
        monitor.info(new SearchInfo((int) Math.round(tree.averageDepth()), tree.maxDepth(), value, Double.NaN, 0,
                tree.simulations(), time / 1_000_000L, pv));
        return new Decision(move, policy, value, tree.simulations(), (int) Math.round(tree.averageDepth()), time, pv);
    }

    /** One search on {@code threads} threads over the tree ({@link ThreadedSearch}). */
    private void searchThreaded(int threads, int batch, int sims, long deadline, SearchMonitor monitor) {
        if (threaded == null || helperEvaluators.size() + 1 != threads) {
            while (helperEvaluators.size() < threads - 1) {
                helperEvaluators.add(moreEvaluators.get());
            }
            Evaluator[] all = new Evaluator[threads];
            all[0] = evaluator;
            for (int k = 1; k < threads; k++) {
                all[k] = helperEvaluators.get(k - 1);
            }
            if (threaded != null) {
                threaded.close();
            }
            threaded = new ThreadedSearch(tree, all, Math.min(batch, leaves));
        }
        tree.beginSearch(sims, options.explore());
        try {
            threaded.run(deadline, monitor);
        } catch (RuntimeException e) {
            synced = false; // leaves still in flight: the next search starts a new tree
            throw e;
        }
    }

    @Override
    public void played(Board after, int move) {
        if (!synced) {
            return;
        }
        scratchA.copyFrom(tree.board());
        if (!scratchA.isLegal(move)) {
            synced = false;
            return;
        }
        scratchA.play(move);
        if (sameHistory(scratchA, after)) {
            tree.advance(move);
        } else {
            synced = false;
        }
    }

    /** Same position and same history (every earlier position since the base), as repetition needs. */
    private boolean sameHistory(Board x, Board y) {
        if (x.ply() != y.ply() || !x.samePosition(y)) {
            return false;
        }
        scratchA.copyFrom(x);
        scratchB.copyFrom(y);
        while (scratchA.ply() > 0) {
            scratchA.undo();
            scratchB.undo();
            if (!scratchA.samePosition(scratchB)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public void reset(long seed) {
        random = new SplittableRandom(seed);
        synced = false;
    }

    @Override
    public String spec() {
        return spec;
    }

    /** Evaluator calls and positions evaluated so far (for reports). */
    public long evaluatorCalls() {
        return search.calls() + (threaded == null ? 0 : threaded.calls());
    }

    /** The agent's tree (tests). */
    Tree tree() {
        return tree;
    }

    @Override
    public void close() {
        if (threaded != null) {
            threaded.close();
        }
        for (Evaluator e : helperEvaluators) {
            e.close();
        }
        helperEvaluators.clear();
        if (ownsEvaluator) {
            evaluator.close();
        }
    }
}
