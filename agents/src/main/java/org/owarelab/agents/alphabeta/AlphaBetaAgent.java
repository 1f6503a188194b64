package org.owarelab.agents.alphabeta;

import java.util.Arrays;
import java.util.Set;
import java.util.function.LongSupplier;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.TableRoot;
import org.owarelab.agents.TimeControl;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;

/**
 * Alpha-beta search with iterative deepening ({@link Search}: negamax, principal-variation search,
 * transposition table, move ordering, quiescence; {@link Evaluation}: the heuristic). Spec:
 * {@code alphabeta[:depth=D][,movetime=MS][,nodes=N][,tt=MB][,qs=true|false][,eval=full|material]
 * [,lmr=auto|true|false][,asp=true|false][,weights=M/T/S/K/D][,tables=auto|off|FILE][,table-root=true|false]}.
 * A root the endgame table covers with an exact share and a distance plays the table's move
 * ({@link TableRoot}) unless {@code table-root=false}. Late-move reductions ({@code lmr})
 * are on by default for timed and infinite searches only, so that a fixed depth stays a full-width search;
 * with no limit it searches {@value AlphaBetaConfig#DEFAULT_DEPTH} plies.
 *
 * <p>Limits: a decision's {@link SearchLimit} overrides the spec's when it sets any of depth,
 * nodes, movetime or infinite (a limit of simulations alone falls back to the spec's). Depth
 * bounds the iterations; nodes bounds the positions visited exactly ({@link Decision#nodes()} never
 * exceeds it); movetime and {@link SearchMonitor#stopRequested()} are checked every 1024 nodes.
 * A movetime of T ms aims at {@link TimeControl#usableMillis T minus a safety margin}: the
 * deepening does not predict whether the next iteration will finish, it starts it and cuts it at
 * that deadline. Infinite searches iterate to depth {@value Search#MAX_DEPTH} or until stopped.
 * A cut iteration's result is used only when a root move other than the first one searched (the
 * previous iteration's best, tried first as the hash move) was searched fully and scored better
 * than the first: then it is played; else the last completed iteration's move is. A proven win or
 * loss ends the deepening once the depth covers it.
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
                    + "quiescence, default true), eval (full|material, default full), tables (an endgame table file "
                    + "from 'oware tables build': covered positions below the root are scored from it, and a covered root "
                    + "with an exact share and a distance plays the table's move unless table-root=false; default auto = timed searches use the table for the rules found in $"
                    + EndgameTable.PLACES_VARIABLE + " or the working directory, off = none), lmr (late-move reductions: auto|true|false, default auto = on "
                    + "for timed searches, off for depth and node limits), asp "
                    + "(aspiration windows, default " + AlphaBetaConfig.DEFAULT_ASPIRATION + "), weights (the "
                    + "evaluation's mobility/threat/small/kroo/side in centi-seeds, default "
                    + Evaluation.Weights.DEFAULT.spec() + "; 'oware tune-eval' fits them to game results)";
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            return new AlphaBetaAgent(AlphaBetaConfig.fromSpec(spec), rules);
        }

        /**
         * {@code tables=FILE} reads that file; {@code auto} (a table the person running the
         * process put in $OWARE_TABLES or the working directory) and {@code off} name none.
         */
        @Override
        public java.util.Map<String, AgentAccess.Reach> reaches(AgentSpec spec) {
            String t = spec.string("tables", "auto");
            return java.util.List.of("auto", "off", "none", "false").contains(t) ? java.util.Map.of()
                    : java.util.Map.of("tables", AgentAccess.Reach.FILE);
        }

        /** {@code tables=auto} in a timed spec: {@code tables=} the table it finds here, or {@code tables=off}. */
        @Override
        public String resolve(AgentSpec spec, RuleSet rules) {
            return resolveTables(spec, rules, EndgameTable.defaultPlaces());
        }
    };

    /**
     * {@code spec} with {@code tables=auto} made explicit where it matters: a spec whose own limit
     * is a movetime gets {@code tables=FILE} (the absolute path of the table found in
     * {@code places}) or {@code tables=off}; any other spec (a depth or node limit, or tables
     * already named) is returned as given. A decision's own limit (a UCI clock) can still make a
     * depth spec timed: commands that resolve specs play them at the spec's limit.
     */
    static String resolveTables(AgentSpec spec, RuleSet rules, java.util.List<java.nio.file.Path> places) {
        AlphaBetaConfig config = AlphaBetaConfig.fromSpec(spec);
        if (config.tables() != null || config.movetimeMillis() == 0) {
            return spec.text();
        }
        return spec.withOption("tables", EndgameTable.find(rules, places)
                .map(f -> f.toAbsolutePath().normalize().toString()).orElse(AlphaBetaConfig.TABLES_OFF));
    }

    /** The first depth searched in an aspiration window. */
    static final int ASPIRATION_FROM = 4;
    /** The first aspiration window's half-width, centi-seeds. */
    static final int ASPIRATION_WINDOW = 50;
    /** The half-width past which a side of the window is opened fully, centi-seeds. */
    static final int ASPIRATION_FULL = 1600;

    private final AlphaBetaConfig config;
    private final RuleSet rules;
    private final Board work;
    private final TranspositionTable tt;
    private final Search search;
    private final int[] bestPv = new int[Search.MAX_PLY + 1];
    private final LongSupplier clock;
    private Deepening last;
    private final EndgameTable endgame;
    /** Whether the last decision was the table's move, unsearched. */
    private boolean fromTableRoot;

    /**
     * How the last decision's deepening ended (for tests of the cut-iteration rule).
     *
     * @param completed the last completed depth, 0 if none
     * @param completedMove that iteration's best move, -1 if none
     * @param partialMove the cut iteration's best fully searched root move, -1 if none (or no cut)
     * @param partialImproved whether {@code partialMove} beat the first root move of the cut iteration
     * @param move the move played
     * @param score the score of the move played (centi-seeds, {@link Score})
     */
    record Deepening(int completed, int completedMove, int partialMove, boolean partialImproved, int move, int score) {
    }

    public AlphaBetaAgent(AlphaBetaConfig config, RuleSet rules) {
        this(config, rules, config.materialOnly() ? Evaluation.Weights.MATERIAL
                : config.weights() != null ? Evaluation.Weights.parse(config.weights()) : Evaluation.Weights.DEFAULT);
    }

    /** An agent with other evaluation weights (for tuning experiments; its spec does not say them). */
    AlphaBetaAgent(AlphaBetaConfig config, RuleSet rules, Evaluation.Weights weights) {
        this(config, rules, weights, System::nanoTime);
    }

    /** An agent reading time from {@code clock} (nanoseconds; a fake one in tests). */
    AlphaBetaAgent(AlphaBetaConfig config, RuleSet rules, Evaluation.Weights weights, LongSupplier clock) {
        this.clock = clock;
        this.config = config;
        this.rules = rules;
        this.work = new Board(rules);
        this.tt = new TranspositionTable(config.ttMegabytes());
        this.search = new Search(work, tt, new Evaluation(weights, rules.grandSlam()), config.quiescence(), clock);
        this.endgame = config.tablesFile()
                ? EndgameTable.cached(java.nio.file.Path.of(config.tables()), rules) : null;
        search.endgame(endgame);
    }

    /** Where {@code tables=auto} looks (tests point it elsewhere). */
    private java.util.function.Supplier<java.util.List<java.nio.file.Path>> places =
            EndgameTable::defaultPlaces;
    /** The table {@code tables=auto} found, once looked up (empty: none). */
    private java.util.Optional<EndgameTable> found;
    /** The files whose use by {@code tables=auto} has been announced on stderr, once per process. */
    private static final java.util.Set<java.nio.file.Path> ANNOUNCED =
            java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Makes {@code tables=auto} look in {@code places} (files or directories). */
    AlphaBetaAgent autoTablePlaces(java.util.List<java.nio.file.Path> where) {
        this.places = () -> where;
        this.found = null;
        return this;
    }

    /**
     * The table of this decision: the named one; with {@code tables=auto} and a timed (or
     * infinite) search, the one found in the usual places, looked up at the agent's first such
     * decision; else none.
     */
    private EndgameTable tableFor(boolean timed) {
        if (config.tables() != null || !timed) {
            return endgame;
        }
        if (found == null) {
            java.util.Optional<java.nio.file.Path> file = EndgameTable.find(rules, places.get());
            found = file.map(f -> EndgameTable.cached(f, rules));
            file.ifPresent(f -> {
                if (ANNOUNCED.add(f.toAbsolutePath().normalize())) {
                    System.err.println("alphabeta: timed searches use the endgame table " + f + " (up to "
                            + found.get().maxSeeds() + " seeds; tables=off plays without)");
                }
            });
        }
        return found.orElse(null);
    }

    /** Positions the last decision scored from the endgame table (tests). */
    long tableHits() {
        return search.tableHits();
    }

    @Override
    public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
        final long t0 = clock.getAsLong();
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
        long deadline = !lim.infinite() && lim.movetimeMillis() > 0
                ? t0 + TimeControl.usableMillis(lim.movetimeMillis()) * 1_000_000L : Long.MAX_VALUE;
        boolean timed = deadline != Long.MAX_VALUE || lim.infinite();
        // A covered root with an exact share and a distance plays the table's move, which makes progress
        // (TableRoot checks the game's history for a repetition); any other covered root is searched,
        // its moves scored from the table.
        EndgameTable table = tableFor(timed);
        int fromTable = config.tableRoot() ? TableRoot.move(table, board) : -1;
        if (fromTable >= 0) {
            return tableDecision(table, board, fromTable, t0, monitor);
        }
        fromTableRoot = false;

        work.copyFrom(board);
        search.endgame(table);
        search.lateMoveReductions(config.reductions(timed));
        tt.newSearch();
        search.ageHistory();
        search.limits(nodeLimit, deadline, monitor);
        final int total = board.rules().totalSeeds();
        int bestMove = -1;
        int bestScore = 0;
        int pvLength = 0;
        int completed = 0;
        int partialMove = -1;
        int lastCompletedMove = -1;
        boolean partialImproved = false;
        for (int d = 1; d <= maxDepth; d++) {
            int score = iterate(d, completed > 0 ? bestScore : 0, completed > 0 && config.aspiration());
            if (search.stopped()) {
                partialMove = search.rootMove();
                partialImproved = search.rootImproved();
                // The cut iteration's move when it beat the first move (the last iteration's best), or when no
                // iteration completed and its first move at least was searched fully.
                if (partialMove >= 0 && (partialImproved || bestMove < 0)) {
                    bestMove = partialMove;
                    bestScore = search.rootScore();
                    pvLength = copyPv();
                }
                break;
            }
            completed = d;
            bestMove = search.pv().move(0);
            lastCompletedMove = bestMove;
            bestScore = score;
            pvLength = copyPv();
            long now = clock.getAsLong();
            monitor.info(new SearchInfo(d, search.selDepth(), Score.value(score), Score.seeds(score),
                    Score.proven(score), search.nodes(), (now - t0) / 1_000_000, Arrays.copyOf(bestPv, pvLength)));
            // A proven result within the horizon ends the deepening only when no deeper search can improve
            // it: a win by the whole board. Otherwise a deeper search may find a win keeping more seeds
            // (or a smaller loss), which is what the endgame tables call optimal.
            boolean provenBest = Score.isProven(score) && Score.plies(score) <= d && Score.margin(score) >= total;
            if ((provenBest && !lim.infinite()) || (deadline != Long.MAX_VALUE && now - deadline >= 0)) {
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
        last = new Deepening(completed, completed > 0 ? lastCompletedMove : -1, partialMove, partialImproved, bestMove,
                bestScore);
        float[] policy = new float[board.housesPerSide()];
        policy[bestMove] = 1f;
        return new Decision(bestMove, policy, Score.value(bestScore), search.nodes(), completed, clock.getAsLong() - t0,
                Arrays.copyOf(bestPv, pvLength));
    }

    /** The decision at a root the table answers: its move, the table's score, no node searched. */
    private Decision tableDecision(EndgameTable table, Board board, int move, long t0, SearchMonitor monitor) {
        fromTableRoot = true;
        search.limits(Long.MAX_VALUE, Long.MAX_VALUE, monitor); // zero the counters the last decision left
        int score = Score.ofTable(table, board, 0);
        last = new Deepening(0, -1, -1, false, move, score);
        long ms = (clock.getAsLong() - t0) / 1_000_000;
        int[] pv = {move};
        monitor.info(new SearchInfo(0, 0, Score.value(score), Score.seeds(score), Score.proven(score), 0, ms, pv));
        float[] policy = new float[board.housesPerSide()];
        policy[move] = 1f;
        return new Decision(move, policy, Score.value(score), 0, 0, clock.getAsLong() - t0, pv);
    }

    /** Whether the last decision was the table's move at its root, unsearched (tests). */
    boolean fromTableRoot() {
        return fromTableRoot;
    }

    /**
     * One iteration of the deepening to {@code depth}: in the full window, or with
     * {@code aspiration} (from depth {@value #ASPIRATION_FROM}, after a score that is not proven)
     * first in a window of ±{@value #ASPIRATION_WINDOW} centi-seeds around {@code previous}, widened
     * on the failing side (the margin doubling each time) until the score falls inside; a window
     * past ±{@value #ASPIRATION_FULL} centi-seeds becomes the full window on that side. Each try
     * starts the iteration afresh ({@link Search#newIteration}), so a cut try reports only its own
     * root moves. Without a table the score equals the full window's (a test checks it).
     */
    private int iterate(int depth, int previous, boolean aspiration) {
        int lo = -Score.INFINITE;
        int hi = Score.INFINITE;
        int delta = ASPIRATION_WINDOW;
        if (aspiration && depth >= ASPIRATION_FROM && !Score.isProven(previous)) {
            lo = previous - delta;
            hi = previous + delta;
        }
        while (true) {
            search.newIteration();
            int score = search.search(depth, lo, hi, 0);
            if (search.stopped()) {
                return score;
            }
            if (score <= lo && lo > -Score.INFINITE) {
                delta *= 2;
                lo = delta > ASPIRATION_FULL ? -Score.INFINITE : Math.max(-Score.INFINITE, score - delta);
            } else if (score >= hi && hi < Score.INFINITE) {
                delta *= 2;
                hi = delta > ASPIRATION_FULL ? Score.INFINITE : Math.min(Score.INFINITE, score + delta);
            } else {
                return score;
            }
        }
    }

    /** How the last decision's deepening ended. */
    Deepening lastDeepening() {
        return last;
    }

    private int copyPv() {
        int len = search.pv().length();
        for (int i = 0; i < len; i++) {
            bestPv[i] = search.pv().move(i);
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
