package org.owarelab.agents.puct;

import java.util.SplittableRandom;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.tables.EndgameTable;

/**
 * One PUCT search over one game, on a flat-array tree with a node budget ({@link Nodes}).
 * Built to be advanced in lock-step with many others: {@link LockstepSearch} asks each tree
 * for up to {@code leavesPerStep} leaves ({@link #collect}), makes one evaluator call for all
 * of them, and hands the results back ({@link #expand}).
 *
 * <p>Every node stands for one history from the root (a tree, never a graph), and each leaf is
 * reached by playing the moves on a copy of the root board that carries the game's history, so
 * the board itself ends games by repetition exactly; terminal nodes take the exact result
 * ({@code Board.result} of the side to move) and never reach the evaluator.
 *
 * <p>Perspective: values are from the side to move at each node, in [-1, 1], negated on the
 * way up. A simulation is one visit added to the root: the root's own evaluation when it is
 * new, then one leaf or terminal per simulation. Several leaves per step use virtual loss (a
 * virtual visit counts as a loss for the chooser); a selection that reaches a leaf already in
 * flight (a collision) ends the tree's collection for that step, or with {@link #batching}'s
 * {@code holdCollisions} is marked with one more virtual visit while the step goes on.
 *
 * <p>Allocation-free per simulation: the arrays grow by doubling only when the node budget
 * needs it. Not thread-safe; one tree per game.
 */
public final class Tree {
    final PuctConfig cfg;
    /** {@code c(N) sqrt(N)} by child visits N, shared by all trees of the same settings. */
    final ExplorationScale exploration;
    final Nodes t;
    final int a;
    private final Board root;
    /** The search's budget and statistics, shared by the walkers. */
    final SearchBudget budget = new SearchBudget();
    private final Walker walker;
    /** Walkers of the extra threads of a {@link ThreadedSearch} (walker {@code k} is {@code helpers[k - 1]}). */
    private Walker[] helpers = new Walker[0];
    /** Whether several threads walk this tree (under their search's lock): every walk then uses virtual loss. */
    boolean shared;
    private final int maxLeaves;
    SplittableRandom rng;
    boolean explore;
    /** MCTS-solver: proven results propagate up, proven-lost moves are never chosen. */
    boolean solver;
    /** Endgame table: positions it decides exactly are terminal (null: none). */
    EndgameTable table;
    /** Weight of the seed margin in exact values, {@link #solver(boolean, EndgameTable, float)}. */
    float margin;

    /** The root's priors (noise included) and Gumbel's set-up for the current search. */
    final RootState rootState;
    final double[] scratch;

    /**
     * @param rules the rule set of the games (the number of actions)
     * @param cfg search settings
     * @param leavesPerStep most leaves in flight per step (1 = no virtual loss)
     * @param initialNodes nodes allocated now
     * @param maxNodes node budget: the search stops when it is spent
     */
    public Tree(RuleSet rules, PuctConfig cfg, int leavesPerStep, int initialNodes, int maxNodes) {
        if (leavesPerStep < 1 || leavesPerStep > 1024) {
            throw new IllegalArgumentException("leavesPerStep=" + leavesPerStep + ": expected 1..1024");
        }
        this.cfg = cfg;
        this.exploration = ExplorationScale.of(cfg);
        this.a = rules.houses();
        this.t = new Nodes(a, Math.max(2, Math.min(initialNodes, maxNodes)), maxNodes);
        this.root = new Board(rules);
        this.walker = new Walker(this, leavesPerStep);
        this.maxLeaves = leavesPerStep;
        this.rootState = new RootState(a);
        this.scratch = new double[a];
        this.rng = new SplittableRandom(0);
    }

    // ------------------------------------------------------------ positions

    /**
     * Starts over at {@code position} (copied, history included) with an empty tree;
     * {@code random} drives the noise and the move choice from now on. Always allowed, even
     * with leaves in flight (they are dropped).
     */
    public void reset(Board position, SplittableRandom random) {
        root.copyFrom(position);
        walker.reset(position); // leaves in flight (after an evaluator failure) are dropped
        for (Walker h : helpers) {
            h.reset(position);
        }
        budget.inFlight = 0;
        this.rng = random;
        freshRoot();
    }

    private void freshRoot() {
        t.clear();
        t.allocate(Nodes.NONE, -1);
        budget.simsLeft = 0;
    }

    /** Plays {@code move} at the root, keeping its subtree when {@link PuctConfig#reuseTree()} is on. */
    public void advance(int move) {
        requireIdle();
        int c = t.state[0] == Nodes.EXPANDED ? t.child[move] : Nodes.NONE;
        root.play(move); // throws IllegalMoveException for an illegal move, before anything changes
        walker.play(move);
        for (Walker h : helpers) {
            h.play(move);
        }
        if (cfg.reuseTree() && c != Nodes.NONE && t.state[c] == Nodes.EXPANDED) {
            t.keepSubtree(c);
            budget.simsLeft = 0;
        } else {
            freshRoot();
        }
    }

    /** The root position with its history. Read it, never change it. */
    public Board board() {
        return root;
    }

    // ------------------------------------------------------------ search

    /**
     * Prepares a search of {@code simulations} more simulations from the root. An exploring
     * search adds Dirichlet noise (or Gumbel noise) at the root and forces playouts when they are
     * configured. A reused subtree that would leave too few nodes for the search is dropped.
     *
     * @throws IllegalStateException if the root position is over or leaves are still in flight
     */
    public void beginSearch(int simulations, boolean exploring) {
        requireIdle();
        if (root.isOver()) {
            throw new IllegalStateException("cannot search a finished game (" + root.endReason() + ") at " + root.text());
        }
        if (simulations < 1) {
            throw new IllegalArgumentException("simulations=" + simulations + ": expected >= 1");
        }
        // Keep a reused subtree only if the search still fits in the budget (for searches of
        // more than half the budget, only if the subtree takes at most half).
        if (t.size > 1 && (long) t.size + Math.min(simulations, t.maxNodes / 2) > t.maxNodes) {
            freshRoot();
        }
        walker.begin(simulations);
        explore = exploring;
        rootState.begin();
        if (t.state[0] == Nodes.EXPANDED) {
            rootState.prepare(this);
        }
    }

    /**
     * Sets how many leaves a step collects from now on: {@code leaves} at most (1 ..
     * {@code leavesPerStep} of the constructor; 1 = no virtual loss, the plain sequential search).
     * With {@code holdCollisions}, a walk that reaches a leaf already in flight adds a virtual
     * visit to its path and the step goes on (at most {@code leaves} such walks per step), which
     * fills the batch of a single tree; without, the step ends at the first collision (as
     * lock-step self-play runs, where other trees fill the batch). Only between steps.
     */
    public void batching(int leaves, boolean holdCollisions) {
        requireIdle();
        if (leaves < 1 || leaves > maxLeaves) {
            throw new IllegalArgumentException("leaves=" + leaves + ": expected 1.." + maxLeaves);
        }
        for (int k = 0; k <= helpers.length; k++) {
            Walker w = walker(k);
            w.stepLeaves = leaves;
            w.collisionLimit = holdCollisions ? leaves : 0;
        }
    }

    /**
     * Turns the MCTS-solver on or off and sets the endgame table (null: none). With the solver,
     * terminal nodes (and table-decided ones) carry a proven win, draw or loss that propagates
     * up: a node is won when a child is lost for its mover, lost when every child is won for its
     * mover, drawn when every child is proven and the best is a draw. Selection never follows a
     * proven-lost move, the move choice plays a proven win and avoids proven losses, and a proven
     * root ends the search. With a table, a position the table decides (win/draw/loss sure from
     * its bounds and the stores) is terminal with that exact value and never reaches the
     * evaluator. Between searches only (the tree starts over).
     */
    public void solver(boolean on, EndgameTable endgame) {
        solver(on, endgame, 0f);
    }

    /**
     * {@link #solver(boolean, EndgameTable)}; game ends and table-decided leaves are worth {@code (1 - w) result
     * + w margin} to their mover (final seeds less the opponent's over all seeds; the table's share by
     * {@link EndgameTable#value}). {@code w <= 1/2} keeps win > draw > loss, preferring wins that keep more seeds.
     */
    public void solver(boolean on, EndgameTable endgame, float w) {
        if (!(w >= 0f && w <= 0.5f)) {
            throw new IllegalArgumentException("margin weight " + w + ": expected a number in [0, 0.5]");
        }
        requireIdle();
        if (endgame != null && !endgame.rules().equals(root.rules())) {
            throw new IllegalArgumentException("endgame table for rules '" + endgame.rules() + "', search rules '" + root.rules() + "'");
        }
        margin = w;
        solver = on;
        table = endgame;
        freshRoot();
    }

    /**
     * Prepares walkers for {@code threads} threads ({@link ThreadedSearch}): walker 0 is the one
     * {@link #collect} uses, walkers 1 .. threads-1 are made now (each with its own boards), and
     * with more than one thread every walk uses virtual loss. Only between steps.
     */
    void threads(int threads) {
        requireIdle();
        if (threads < 1) {
            throw new IllegalArgumentException("threads=" + threads + ": expected >= 1");
        }
        if (helpers.length < threads - 1) {
            Walker[] more = java.util.Arrays.copyOf(helpers, threads - 1);
            for (int k = helpers.length; k < more.length; k++) {
                more[k] = new Walker(this, maxLeaves);
                more[k].reset(root);
                more[k].stepLeaves = walker.stepLeaves;
                more[k].collisionLimit = walker.collisionLimit;
            }
            helpers = more;
        }
        shared = threads > 1;
    }

    /** Walker {@code k} (0: the tree's own; see {@link #threads}). */
    Walker walker(int k) {
        return k == 0 ? walker : helpers[k - 1];
    }

    /** Whether the current search still has simulations to run (and nodes to run them); false once the root is proven. */
    public boolean searching() {
        return budget.simsLeft > 0 && !budget.full && t.proof[0] == Nodes.UNPROVEN;
    }

    /** The root's proven result for its mover: +1 won, 0 drawn, -1 lost, or NaN when not proven (solver off). */
    public double rootProof() {
        byte p = t.size == 0 ? Nodes.UNPROVEN : t.proof[0];
        return p == Nodes.UNPROVEN ? Double.NaN : Nodes.provenValue(p);
    }

    /** Whether root move {@code m} is proven lost for the mover while some move is not (never to be chosen). */
    boolean lostMove(int m) {
        if (!solver || t.proof[0] == Nodes.LOST) {
            return false;
        }
        int c = t.child[m];
        return c != Nodes.NONE && t.proof[c] == Nodes.WON;
    }

    /** Whether root move {@code m} is proven won for the mover (its child lost for the opponent). */
    boolean wonMove(int m) {
        int c = t.child[m];
        return solver && c != Nodes.NONE && t.proof[c] == Nodes.LOST;
    }

    /** Ends the current search early (a stop request or a clock); the results stand as they are. */
    public void stop() {
        requireIdle();
        budget.simsLeft = 0;
    }

    private void requireIdle() {
        if (budget.inFlight != 0) {
            throw new IllegalStateException("tree has " + budget.inFlight + " leaves waiting for their evaluation");
        }
    }

    /**
     * Walks to up to {@code max} leaves that need an evaluation, puts their boards into
     * {@code out[off ..]} and returns how many. Simulations that end at terminal nodes are
     * backed up on the way and counted; the boards stay at their leaves until {@link #expand}.
     */
    int collect(Board[] out, int off, int max) {
        return walker.collect(out, off, max);
    }

    /**
     * Takes the evaluations of the leaves of the last {@link #collect}: priors at
     * {@code priors[(off + i) * actions ..]}, values at {@code values[off + i]}, from the view of
     * the side to move at each leaf.
     */
    void expand(float[] priors, float[] values, int off) {
        walker.expand(priors, values, off);
    }

    // ------------------------------------------------------------ statistics

    /** Simulations run by the current (or last) search. */
    public int simulations() {
        return budget.simsDone;
    }

    /** Walks that met a leaf in flight and were held with a virtual visit, over the tree's life. */
    long collisions() {
        return budget.collisions;
    }

    /** Leaves the endgame table decided, over the tree's life. */
    public long tableHits() {
        return budget.tableHits;
    }

    /** Virtual visits on all nodes (0 between steps; tests). */
    long virtualVisits() {
        long v = 0;
        for (int i = 0; i < t.size; i++) {
            v += t.virtual[i];
        }
        return v;
    }

    /** Nodes in use, the reused subtree included. */
    public int nodes() {
        return t.size;
    }

    /** Whether the last search stopped because the node budget was spent. */
    public boolean budgetSpent() {
        return budget.full;
    }

    /** The deepest leaf of the current search, in plies from the root. */
    public int maxDepth() {
        return budget.maxDepth;
    }

    /** Mean leaf depth of the current search. */
    public double averageDepth() {
        return budget.simsDone == 0 ? 0 : (double) budget.depthSum / budget.simsDone;
    }

    /** The moves available at the root: its legal mask. */
    public int rootLegal() {
        return root.legalMask();
    }

    /** Visits of the root (its own evaluation included). */
    public int rootVisits() {
        return t.visits(0);
    }

    /** The root's mean value from the root mover's view, in [-1, 1] (its exact value once proven); 0 before any visit. */
    public double rootValue() {
        if (t.proof[0] != Nodes.UNPROVEN) {
            return Nodes.provenValue(t.proof[0]);
        }
        return t.visits(0) == 0 ? 0.0 : t.valueSum(0) / t.visits(0);
    }

    /** Visits of the root's child by {@code move}. */
    public int childVisits(int move) {
        return t.state[0] == Nodes.EXPANDED ? t.childVisits(0, move) : 0;
    }

    /** Mean value of the root's child by {@code move} from the root mover's view; NaN when unvisited. */
    public double childValue(int move) {
        return t.state[0] == Nodes.EXPANDED ? t.childQ(0, move) : Double.NaN;
    }

    /** The evaluator's prior of {@code move} at the root (without noise); 0 before the root is evaluated. */
    public float prior(int move) {
        return t.state[0] == Nodes.EXPANDED ? t.prior[move] : 0f;
    }

    // ------------------------------------------------------------ results

    /**
     * The policy target into {@code out[0 .. actions)}: the visit distribution (pruned of forced
     * playouts after an exploring search that used them), or Gumbel's improved policy.
     */
    public void policy(float[] out) {
        RootPolicy.target(this, out);
    }

    /** The plain visit distribution of the root's children into {@code out[0 .. actions)}. */
    public void visitPolicy(float[] out) {
        RootPolicy.visits(this, out);
    }

    /**
     * The move to play: at temperature 0 the most visited (ties: higher value, then higher
     * prior, then lower move), else drawn with probability proportional to {@code N^(1/t)} from
     * this tree's generator; with Gumbel root selection the winner of sequential halving.
     */
    public int chooseMove(double temperature) {
        return RootPolicy.choose(this, temperature);
    }

    /** The most visited line from the root, at most {@code max} moves. */
    public int[] principalVariation(int max) {
        return RootPolicy.principalVariation(this, max);
    }
}
