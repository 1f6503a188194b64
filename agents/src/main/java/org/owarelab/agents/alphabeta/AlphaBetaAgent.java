package org.owarelab.agents.alphabeta;

import java.util.Arrays;
import java.util.Set;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * Alpha-beta search with iterative deepening ({@link Search}: negamax, principal-variation search,
 * transposition table, move ordering, quiescence; {@link Evaluation}: the heuristic). Spec:
 * {@code alphabeta[:depth=D][,movetime=MS][,nodes=N][,tt=MB][,qs=true|false][,eval=full|material]};
 * with no limit it searches {@value AlphaBetaConfig#DEFAULT_DEPTH} plies.
 *
 * <p>Limits: a decision's {@link SearchLimit} overrides the spec's when it sets any of depth,
 * nodes, movetime or infinite (a limit of simulations alone falls back to the spec's). Depth
 * bounds the iterations; nodes bounds the positions visited exactly ({@link Decision#nodes()} never
 * exceeds it); movetime and {@link SearchMonitor#stopRequested()} are checked every 1024 nodes,
 * and a movetime search starts no new iteration after half its time. Infinite searches iterate to
 * depth {@value Search#MAX_DEPTH} or until stopped. A stopped iteration contributes its best root
 * move if that move's score was completed. A proven win or loss ends the deepening once the
 * depth covers it.
 *
 * <p>Decision: the best move; a one-hot policy on it (the root scores of the other moves are
 * null-window bounds, not a distribution, so no softmax is made of them); the value
 * {@link Score#value}, i.e. tanh(seed margin / {@value Score#VALUE_SCALE}) or ±1 when proven; the
 * nodes, completed depth and principal variation. {@link SearchMonitor#info} gets a report after
 * every completed iteration. There is no randomness: the seed is accepted and ignored, and equal
 * calls on equal agents give equal decisions (ties go to the first move in the search order).
 * The table persists across the moves of a game and is cleared by {@link #reset(long)}.
 */
public final class AlphaBetaAgent implements Agent {
    /** The {@code alphabeta} factory. */
    public static final AgentFactory FACTORY = new AgentFactory() {
        @Override
        public String name() {
            return "alphabeta";
        }

        @Override
        public Set<String> keys() {
            return AlphaBetaConfig.KEYS;
        }

        @Override
        public String help() {
            return "negamax alpha-beta (PVS, iterative deepening, transposition table, quiescence); options: depth "
                    + "(plies; default " + AlphaBetaConfig.DEFAULT_DEPTH + " when no limit is given), movetime (ms), "
                    + "nodes, tt (MiB, default " + AlphaBetaConfig.DEFAULT_TT_MB + ", 0 = none), qs (capture "
                    + "quiescence, default true), eval (full|material, default full)";
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            return new AlphaBetaAgent(AlphaBetaConfig.fromSpec(spec), rules);
        }
    };

    private final AlphaBetaConfig config;
    private final RuleSet rules;
    private final Board work;
    private final TranspositionTable tt;
    private final Search search;
    private final int[] bestPv = new int[Search.MAX_PLY + 1];

    public AlphaBetaAgent(AlphaBetaConfig config, RuleSet rules) {
        this(config, rules, config.materialOnly() ? Evaluation.Weights.MATERIAL : Evaluation.Weights.DEFAULT);
    }

    /** An agent with other evaluation weights (for tuning experiments; its spec does not say them). */
    AlphaBetaAgent(AlphaBetaConfig config, RuleSet rules, Evaluation.Weights weights) {
        this.config = config;
        this.rules = rules;
        this.work = new Board(rules);
        this.tt = new TranspositionTable(config.ttMegabytes());
        this.search = new Search(work, tt, new Evaluation(weights, rules.grandSlam()), config.quiescence());
    }

    @Override
    public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
        final long t0 = System.nanoTime();
        if (board.isOver()) {
            throw new IllegalArgumentException("alphabeta: the game is over at " + board.text() + ", no move to choose");
        }
        if (!board.rules().equals(rules)) {
            throw new IllegalArgumentException("alphabeta: built for rules " + rules + ", asked about a board with rules "
                    + board.rules());
        }
        SearchLimit lim = limit.depth() > 0 || limit.nodes() > 0 || limit.movetimeMillis() > 0 || limit.infinite()
                ? limit : config.limit();
        int maxDepth = lim.infinite() || lim.depth() == 0 ? Search.MAX_DEPTH : Math.min(lim.depth(), Search.MAX_DEPTH);
        long nodeLimit = lim.nodes() > 0 ? lim.nodes() : Long.MAX_VALUE;
        long deadline = !lim.infinite() && lim.movetimeMillis() > 0 ? t0 + lim.movetimeMillis() * 1_000_000L : Long.MAX_VALUE;
        long softDeadline = deadline == Long.MAX_VALUE ? deadline : t0 + lim.movetimeMillis() * 500_000L;

        work.copyFrom(board);
        tt.newSearch();
        search.ageHistory();
        search.limits(nodeLimit, deadline, monitor);
        int bestMove = -1;
        int bestScore = 0;
        int pvLength = 0;
        int completed = 0;
        for (int d = 1; d <= maxDepth; d++) {
            search.newIteration();
            int score = search.search(d, -Score.INFINITE, Score.INFINITE, 0);
            if (search.stopped()) {
                if (search.rootMove() >= 0 && search.rootMove() != bestMove) {
                    bestMove = search.rootMove();
                    bestScore = search.rootScore();
                    pvLength = copyPv();
                }
                break;
            }
            completed = d;
            bestMove = search.pvMove(0);
            bestScore = score;
            pvLength = copyPv();
            long now = System.nanoTime();
            monitor.info(new SearchInfo(d, search.selDepth(), Score.value(score), Score.seeds(score),
                    Score.proven(score), search.nodes(), (now - t0) / 1_000_000, Arrays.copyOf(bestPv, pvLength)));
            boolean provenWithin = Score.isProven(score) && Score.WIN - Math.abs(score) <= d;
            if ((provenWithin && !lim.infinite()) || now - softDeadline >= 0) {
                break;
            }
        }
        if (bestMove < 0) {
            // Not even depth 1 finished (a tiny node budget or an immediate stop): the hash move or the first legal one.
            int m = search.tableMove();
            bestMove = m >= 0 && board.isLegal(m) ? m : Integer.numberOfTrailingZeros(board.legalMask());
            bestScore = search.evaluate();
            bestPv[0] = bestMove;
            pvLength = 1;
        }
        float[] policy = new float[board.housesPerSide()];
        policy[bestMove] = 1f;
        return new Decision(bestMove, policy, Score.value(bestScore), search.nodes(), completed, System.nanoTime() - t0,
                Arrays.copyOf(bestPv, pvLength));
    }

    private int copyPv() {
        int len = search.pvLength();
        for (int i = 0; i < len; i++) {
            bestPv[i] = search.pvMove(i);
        }
        return len;
    }

    @Override
    public void reset(long seed) {
        tt.clear();
        search.clearHeuristics();
    }

    @Override
    public String spec() {
        return config.spec();
    }

    /** The options this agent was built with. */
    public AlphaBetaConfig config() {
        return config;
    }
}
