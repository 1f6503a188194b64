package org.owarelab.agents.alphabeta;

import java.util.function.LongSupplier;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.tables.EndgameTable;

/**
 * The negamax core: principal-variation search with a transposition table, move ordering (hash
 * move, captures by size, two killers per ply, a history table), optional late-move reductions
 * ({@link MoveOrder#reduction}) and an optional capture-only quiescence search with stand-pat. Scores are centi-seeds from the side to move's view
 * ({@link Score}); games that end inside the tree are scored exactly from
 * {@link Board#finalStore(int)}.
 *
 * <p>Repetition and the table: the {@link Board} ends a game when a position recurs, so a score
 * can depend on the positions that led to a node, not only on the node. The search tracks, for
 * every subtree, the earliest ply that a repetition inside it matched ({@code repFloor}); a
 * score that depends on a position above the node (earlier on the path, or in the game before
 * the root) is not stored, only its best move. Cycles wholly inside a subtree are stored, since
 * any path to the node repeats them the same way. The converse case, a stored score reused where
 * the history would have ended a line by repetition, is accepted, as in chess engines: it needs
 * positions with equal stores on both paths (a capture makes every earlier position
 * unrepeatable), and the board still ends the real game correctly.
 *
 * <p>Time: the deadline is read from an injected nanosecond clock ({@code System::nanoTime} in
 * play, a fake in tests) every {@value #CHECK_EVERY} nodes.
 *
 * <p>Work arrays are preallocated per search object; a node allocates nothing. Not thread-safe.
 */
final class Search {
    static final int MAX_PLY = 128;
    static final int MAX_DEPTH = 64;
    private static final int CHECK_EVERY = 1024;
    private static final int NO_FLOOR = Integer.MAX_VALUE;

    private final Board board;
    private final TranspositionTable tt;
    private final Evaluation eval;
    private final boolean quiescence;
    private final LongSupplier clock;
    /** Endgame tables, or null: covered positions below the root are scored from them, not searched. */
    private EndgameTable endgame;
    private long tableHits;

    /** Late-move reductions (see {@link MoveOrder#reduction}); off in the exactness tests. */
    private boolean lmr;

    private final MoveOrder order;
    private final PrincipalVariation pv = new PrincipalVariation(MAX_PLY);
    private final long[] pathHash = new long[MAX_PLY + 1];
    private int repFloor = NO_FLOOR;

    private long nodes;
    private int selDepth;
    private long nodeLimit;
    private long deadline;
    private boolean timed;
    private SearchMonitor monitor = SearchMonitor.NONE;
    private boolean stopped;
    /** The best root move of the running iteration with a completed score, or -1. */
    private int rootMove = -1;
    private int rootScore;
    /** Whether {@link #rootMove} beat the first root move searched in the running iteration. */
    private boolean rootImproved;

    Search(Board board, TranspositionTable tt, Evaluation eval, boolean quiescence) {
        this(board, tt, eval, quiescence, System::nanoTime);
    }

    Search(Board board, TranspositionTable tt, Evaluation eval, boolean quiescence, LongSupplier clock) {
        this.board = board;
        this.clock = clock;
        this.tt = tt;
        this.eval = eval;
        this.quiescence = quiescence;
        this.order = new MoveOrder(board.housesPerSide(), board.rules().grandSlam(), MAX_PLY + 1);
    }

    /** Uses {@code table} (null: none) for the positions it covers below the root. */
    void endgame(EndgameTable table) {
        this.endgame = table;
    }

    /** Turns late-move reductions on or off (off: every move is searched to the full depth). */
    void lateMoveReductions(boolean on) {
        this.lmr = on;
    }

    /** The principal variation: its root line is the one the last completed {@link #search} at the root found. */
    PrincipalVariation pv() {
        return pv;
    }

    /** Positions scored from the endgame table since the last {@link #limits}. */
    long tableHits() {
        return tableHits;
    }

    /** A covered position's score from the table ({@link Score#ofTable}), counted. */
    private int tableScore(int ply) {
        tableHits++;
        return Score.ofTable(endgame, board, ply);
    }

    /** Sets the limits of the next searches: a node budget, a deadline ({@code Long.MAX_VALUE}: none), stop requests. */
    void limits(long nodeLimit, long deadlineNanos, SearchMonitor monitor) {
        this.nodeLimit = nodeLimit;
        this.deadline = deadlineNanos;
        this.timed = deadlineNanos != Long.MAX_VALUE;
        this.monitor = monitor;
        this.stopped = false;
        this.nodes = 0;
        this.selDepth = 0;
        this.tableHits = 0;
    }

    /** Starts an iteration at the root: forgets its best move so far. */
    void newIteration() {
        rootMove = -1;
        rootImproved = false;
        repFloor = NO_FLOOR;
    }

    /** The best root move with a completed score in the running (possibly stopped) iteration, or -1. */
    int rootMove() {
        return rootMove;
    }

    int rootScore() {
        return rootScore;
    }

    /**
     * Whether the running iteration's {@link #rootMove} is not the first root move searched but one
     * that was searched fully afterwards and scored better than it.
     */
    boolean rootImproved() {
        return rootImproved;
    }

    /** Forgets killers and history (the table is the caller's). */
    void clearHeuristics() {
        order.clear();
    }

    /** Halves the history scores, so that older searches weigh less. */
    void ageHistory() {
        order.age();
    }

    long nodes() {
        return nodes;
    }

    int selDepth() {
        return selDepth;
    }

    boolean stopped() {
        return stopped;
    }

    /** The move stored for the current board position, or -1. */
    int tableMove() {
        long e = tt.probe(board.hash());
        return e == 0 ? -1 : TranspositionTable.moveOf(e);
    }

    /** Static evaluation of the board (not over). */
    int evaluate() {
        return eval.evaluate(board);
    }

    /** Whether the search must end now: out of nodes, out of time, or asked to stop. */
    private boolean outOfBudget() {
        if (nodes >= nodeLimit) {
            return stopped = true;
        }
        if ((nodes & (CHECK_EVERY - 1)) == 0
                && ((timed && clock.getAsLong() - deadline >= 0) || monitor.stopRequested())) {
            return stopped = true;
        }
        return false;
    }

    /**
     * Searches the board to {@code depth} plies in the window (alpha, beta) and returns a fail-soft
     * score; {@link #stopped()} true means the result is meaningless. At {@code ply == 0} the
     * principal variation is left in {@link #pv()}.
     */
    int search(int depth, int alpha, int beta, int ply) {
        if (depth <= 0) {
            return quiescence ? qsearch(alpha, beta, ply) : leaf(ply);
        }
        if (stopped || outOfBudget()) {
            return 0;
        }
        nodes++;
        pv.start(ply);
        final Board b = board;
        if (b.isOver()) {
            return terminal(ply);
        }
        if (endgame != null && ply > 0 && endgame.covers(b)) {
            return tableScore(ply);
        }
        if (ply > selDepth) {
            selDepth = ply;
        }
        if (ply >= MAX_PLY) {
            return eval.evaluate(b);
        }
        final long hash = b.hash();
        pathHash[ply] = hash;
        final boolean pvNode = beta - alpha > 1;
        // Mate-distance pruning: no result here beats a win on the next ply or loses faster than now.
        alpha = Math.max(alpha, -Score.WIN + ply);
        beta = Math.min(beta, Score.WIN - ply - 1);
        if (alpha >= beta) {
            return alpha;
        }
        int ttMove = -1;
        long e = tt.probe(hash);
        if (e != 0) {
            ttMove = TranspositionTable.moveOf(e);
            int bound = TranspositionTable.boundOf(e);
            if (!pvNode && bound != TranspositionTable.NONE && TranspositionTable.depthOf(e) >= depth) {
                int s = Score.fromTable(TranspositionTable.scoreOf(e), ply);
                if (bound == TranspositionTable.EXACT || (bound == TranspositionTable.LOWER ? s >= beta : s <= alpha)) {
                    return s;
                }
            }
        }
        final int mover = b.toMove();
        final int alpha0 = alpha;
        int best = -Score.INFINITE;
        int bestMove = -1;
        final int floorAbove = repFloor;
        repFloor = NO_FLOOR;
        // Staged ordering: the hash move is tried before the other moves are generated and scored,
        // which a cutoff by the hash move then saves.
        int count;
        boolean generated;
        if (ttMove >= 0 && b.isLegal(ttMove)) {
            count = order.hashMove(ply, ttMove);
            generated = false;
        } else {
            count = order.generate(b, ply, -1, 0);
            generated = true;
        }
        for (int i = 0;; i++) {
            if (i == count) {
                if (generated) {
                    break;
                }
                count = order.generate(b, ply, ttMove, count);
                generated = true;
                if (i == count) {
                    break;
                }
            }
            final int m = order.next(ply, i, count);
            final boolean capture = order.isCapture(ply, i);
            b.play(m);
            int s;
            if (i == 0) {
                s = -search(depth - 1, -beta, -alpha, ply + 1);
            } else {
                int r = lmr ? MoveOrder.reduction(depth, i, pvNode, capture) : 0;
                s = -search(depth - 1 - r, -alpha - 1, -alpha, ply + 1);
                if (r > 0 && s > alpha && !stopped) {
                    s = -search(depth - 1, -alpha - 1, -alpha, ply + 1);
                }
                if (s > alpha && s < beta && !stopped) {
                    s = -search(depth - 1, -beta, -alpha, ply + 1);
                }
            }
            b.undo();
            if (stopped) {
                repFloor = Math.min(floorAbove, repFloor);
                return 0;
            }
            if (s > best) {
                best = s;
                bestMove = m;
                // At the root only a move that beat alpha has a score that is not an upper bound: with an
                // aspiration window, a failing-low move is not a result.
                if (ply == 0 && s > alpha) {
                    rootMove = m;
                    rootScore = s;
                    rootImproved = i > 0;
                }
                if (s > alpha) {
                    alpha = s;
                    pv.update(ply, m);
                    if (s >= beta) {
                        if (!capture) {
                            order.cutoff(ply, mover, m, depth);
                        }
                        break;
                    }
                }
            }
        }
        final boolean dependsOnHistory = repFloor < ply;
        repFloor = Math.min(floorAbove, repFloor);
        int bound = best >= beta ? TranspositionTable.LOWER
                : best > alpha0 ? TranspositionTable.EXACT : TranspositionTable.UPPER;
        tt.store(hash, dependsOnHistory ? TranspositionTable.NONE : bound, depth, Score.toTable(best, ply),
                best > alpha0 ? bestMove : ttMove);
        return best;
    }

    /** Captures only, with stand-pat; not stored in the table. */
    private int qsearch(int alpha, int beta, int ply) {
        if (stopped || outOfBudget()) {
            return 0;
        }
        nodes++;
        pv.start(ply);
        final Board b = board;
        if (b.isOver()) {
            return terminal(ply);
        }
        if (endgame != null && ply > 0 && endgame.covers(b)) {
            return tableScore(ply);
        }
        if (ply > selDepth) {
            selDepth = ply;
        }
        final int count = order.captures(b, ply);
        // bestCapture() is Threats.best for the mover: a non-empty house that is not a legal move
        // captures nothing (it cannot reach an empty opponent row under feeding, and an illegal
        // grand slam counts 0), as the differential test against the plain evaluation checks.
        int best = eval.evaluate(b, order.bestCapture());
        if (best >= beta || ply >= MAX_PLY) {
            return best;
        }
        if (best > alpha) {
            alpha = best;
        }
        for (int i = 0; i < count; i++) {
            final int m = order.next(ply, i, count);
            b.play(m);
            int s = -qsearch(-beta, -alpha, ply + 1);
            b.undo();
            if (stopped) {
                return 0;
            }
            if (s > best) {
                best = s;
                if (s > alpha) {
                    alpha = s;
                    if (s >= beta) {
                        break;
                    }
                }
            }
        }
        return best;
    }

    /** A horizon node without quiescence: counted, scored exactly if over, else evaluated. */
    private int leaf(int ply) {
        if (stopped || outOfBudget()) {
            return 0;
        }
        nodes++;
        pv.start(ply);
        if (ply > selDepth) {
            selDepth = ply;
        }
        if (board.isOver()) {
            return terminal(ply);
        }
        return endgame != null && ply > 0 && endgame.covers(board) ? tableScore(ply) : eval.evaluate(board);
    }

    /** The exact score of a finished game at {@code ply}; notes which earlier ply a repetition matched. */
    private int terminal(int ply) {
        final Board b = board;
        int margin = Score.finalMargin(b, endgame);
        if (b.endReason() == EndReason.REPETITION) {
            int matched = -1; // a position of the game before the root
            long z = b.hash();
            for (int k = ply - 2; k >= 0; k -= 2) {
                if (pathHash[k] == z) {
                    matched = k;
                    break;
                }
            }
            if (matched < repFloor) {
                repFloor = matched;
            }
        }
        return Score.over(margin, ply);
    }
}
