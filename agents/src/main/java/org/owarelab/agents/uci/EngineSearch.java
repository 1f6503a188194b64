package org.owarelab.agents.uci;

import java.io.PrintWriter;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.util.Texts;

/**
 * One {@code go}: runs {@link Agent#decide} on its own thread and prints exactly one
 * {@code bestmove}, whatever happens.
 *
 * <p>The bestmove is printed once the agent has a result and the search is not held: an
 * {@code infinite} search is held until {@code stop}, a {@code ponder} search until
 * {@code ponderhit} or {@code stop} (UCI forbids an early bestmove there). If the agent throws or
 * returns an illegal move, an {@code info string error} is printed and a fallback legal move is
 * played (the head of the latest reported PV, else the lowest legal move). A watchdog enforces
 * promptness: a grace time ({@link #DEFAULT_GRACE_MILLIS}) after {@code stop}, or after the time budget ran out, a
 * search whose agent has not returned is abandoned with the fallback move; the engine then
 * drops that agent (its thread may still be using it) and builds a fresh one.
 *
 * <p>Threads: the search thread runs the agent and {@link #info}; the engine's reader thread
 * calls {@link #stop}, {@link #ponderhit} and the queries; the watchdog thread calls
 * {@link #watchdog}. {@code stop} and {@code deadlineNanos} are volatile (polled by the agent
 * through {@link #stopRequested}); every other mutable field is guarded by {@code this}, and a
 * line is written only under {@code this} after checking {@code finished}, so nothing of this
 * search is printed after its bestmove. Lock order: {@code this}, then the output's lock.
 */
final class EngineSearch implements SearchMonitor, Runnable {
    /** How long an agent may take to return after a stop or its deadline before it is abandoned. */
    static final long DEFAULT_GRACE_MILLIS = 3000;

    private final UciOutput out;
    private final PrintWriter diagnostics;
    private final ScheduledExecutorService watchdog;
    private final Agent agent;
    private final String agentSpec;
    private final Board board;
    /** A second copy of the root, for checking reported PVs (search thread only). */
    private final Board pvBoard;
    private final int rootSide;
    private final int rootMask;
    private final SearchLimit limit;
    private final long budgetMillis;
    private final long ponderhitMillis; // the time after ponderhit (GoParams.ponderhitMillis)
    private final long graceMillis;
    /** {@code go infinite}: held until stop even after a ponderhit. */
    private final boolean infinite;

    private volatile boolean stop;
    /** 0 = none; else the System.nanoTime() at which stopRequested() turns true. */
    private volatile long deadlineNanos;
    /** Head of the latest reported PV, or -1 (written by the search thread, read by the fallback). */
    private volatile int hintMove = -1;

    private boolean holding; // guarded by this
    private boolean pondering; // guarded by this
    private int resultMove = -1; // guarded by this
    private boolean finished; // guarded by this
    private boolean abandoned; // guarded by this
    private boolean reported; // guarded by this

    /**
     * @param board the root; copied, so the caller may change it afterwards
     * @param go the limits; the move's time (from movetime or the clock) starts now, or at
     *     {@code ponderhit} for a ponder search
     */
    EngineSearch(UciOutput out, PrintWriter diagnostics, ScheduledExecutorService watchdog, Agent agent, String agentSpec,
            Board board, GoParams go, long graceMillis) {
        this.out = out;
        this.diagnostics = diagnostics;
        this.watchdog = watchdog;
        this.agent = agent;
        this.agentSpec = agentSpec;
        this.board = board.copy();
        this.pvBoard = board.copy();
        this.rootSide = board.toMove();
        this.rootMask = board.legalMask();
        this.limit = go.limit(rootSide);
        this.budgetMillis = go.hardMillis(rootSide); // the planned time may be stretched up to this (SearchLimit.maxMillis)
        this.ponderhitMillis = go.ponderhitMillis(rootSide);
        this.graceMillis = graceMillis;
        this.infinite = go.infinite();
        this.pondering = go.ponder();
        this.holding = go.ponder() || go.infinite();
        if (!holding && budgetMillis > 0) {
            armDeadline(budgetMillis);
        }
    }

    /** Starts the search thread (a daemon: a stuck agent never keeps the process alive). */
    void start() {
        Thread t = new Thread(this, "uci-search");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void run() {
        int move = -1;
        Decision d = null;
        String error = null;
        try {
            d = agent.decide(board, limit, this);
            if (d == null) {
                error = "agent " + agentSpec + " returned no decision";
            } else if (d.move() < 0 || d.move() >= board.housesPerSide() || (rootMask >>> d.move() & 1) == 0) {
                error = "agent " + agentSpec + " chose move " + d.move() + ", not legal here (legal: "
                        + Moves.letters(rootSide, rootMask) + ")";
            } else {
                move = d.move();
            }
        } catch (Throwable t) { // any failure of the agent becomes a message and a fallback move
            error = "agent " + agentSpec + " failed: " + describe(t);
            if (diagnostics != null) {
                t.printStackTrace(diagnostics);
                diagnostics.flush();
            }
        }
        synchronized (this) {
            if (finished) {
                return;
            }
            if (error != null) {
                out.error(error + "; playing a fallback move");
                move = fallbackMove();
            } else if (!reported) {
                out.line(finalInfo(d));
            }
            resultMove = move;
            tryFinish();
        }
    }

    // ---------------------------------------------------------------- SearchMonitor (search thread)

    @Override
    public boolean stopRequested() {
        long d = deadlineNanos;
        return stop || (d != 0 && System.nanoTime() - d >= 0);
    }

    @Override
    public void info(SearchInfo info) {
        String pv = legalPv(info.pv());
        if (!pv.isEmpty()) {
            hintMove = info.pv()[0];
        }
        long nps = info.timeMillis() > 0 ? info.nodes() * 1000 / info.timeMillis() : 0;
        StringBuilder sb = new StringBuilder(96).append("info depth ").append(Math.max(0, info.depth()));
        if (info.selDepth() > 0) {
            sb.append(" seldepth ").append(info.selDepth());
        }
        sb.append(" score cp ").append(UciScore.centipawns(info)).append(" nodes ").append(Math.max(0, info.nodes()));
        if (nps > 0) {
            sb.append(" nps ").append(nps);
        }
        sb.append(" time ").append(Math.max(0, info.timeMillis()));
        if (!pv.isEmpty()) {
            sb.append(" pv ").append(pv);
        }
        synchronized (this) {
            if (!finished) {
                reported = true;
                out.line(sb.toString());
            }
        }
    }

    /** The PV as letters, cut before its first move that is not legal (it is the agent's claim, not ours). */
    private String legalPv(int[] pv) {
        if (pv == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(pv.length);
        int played = 0;
        for (int m : pv) {
            if (!pvBoard.isLegal(m)) {
                break;
            }
            sb.append(pvBoard.letter(m));
            pvBoard.play(m);
            played++;
        }
        while (played-- > 0) {
            pvBoard.undo();
        }
        return sb.toString();
    }

    private String finalInfo(Decision d) {
        long ms = d.timeNanos() / 1_000_000;
        String pv = legalPv(d.pv());
        return "info depth " + Math.max(0, d.depth()) + " score cp " + UciScore.fromValue(d.value()) + " nodes "
                + Math.max(0, d.nodes()) + (ms > 0 && d.nodes() > 0 ? " nps " + d.nodes() * 1000 / ms : "") + " time " + ms
                + (pv.isEmpty() ? "" : " pv " + pv);
    }

    // ---------------------------------------------------------------- reader thread

    /** UCI {@code stop}: ends the search; the bestmove follows at once or within the grace time. */
    synchronized void stop() {
        if (finished || stop) {
            return;
        }
        stop = true;
        tryFinish();
        if (!finished) {
            watchdog.schedule(this::watchdog, graceMillis, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * UCI {@code ponderhit}: the ponder search becomes a normal one, timed from now: it goes on for the
     * move's planned time ({@link GoParams#ponderhitMillis}).
     */
    synchronized void ponderhit() {
        if (finished || !pondering) {
            return;
        }
        pondering = false;
        holding = infinite;
        if (ponderhitMillis > 0) {
            armDeadline(ponderhitMillis);
        }
        tryFinish();
    }

    synchronized boolean finished() {
        return finished;
    }

    /** True when the agent did not return in time and was left to its thread: do not use it again. */
    synchronized boolean abandoned() {
        return abandoned;
    }

    boolean stopping() {
        return stop;
    }

    /** Waits until the bestmove is out, at most {@code millis}; true when it is. */
    synchronized boolean awaitFinished(long millis) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (!finished) {
            long left = end - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    // ---------------------------------------------------------------- internals

    private void armDeadline(long millis) {
        deadlineNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        watchdog.schedule(this::watchdog, millis + graceMillis, TimeUnit.MILLISECONDS);
    }

    /** Called the grace time after a stop or a deadline: abandons an agent that has not returned. */
    synchronized void watchdog() {
        if (finished || resultMove >= 0) {
            return;
        }
        out.error("agent " + agentSpec + " did not stop within " + graceMillis + " ms; playing a fallback move");
        abandoned = true;
        resultMove = fallbackMove();
        stop = true;
        tryFinish();
    }

    private void tryFinish() {
        if (!finished && resultMove >= 0 && (!holding || stop)) {
            out.line("bestmove " + Moves.letter(rootSide, resultMove));
            finished = true;
            notifyAll();
        }
    }

    private int fallbackMove() {
        int h = hintMove;
        if (h >= 0 && (rootMask >>> h & 1) != 0) {
            return h;
        }
        return Integer.numberOfTrailingZeros(rootMask);
    }

    static String describe(Throwable t) {
        return Texts.reason(t);
    }

    /** The one daemon thread that watches every search of an engine for overruns (see {@link #start}). */
    static java.util.concurrent.ScheduledExecutorService newWatchdog() {
        java.util.concurrent.ScheduledThreadPoolExecutor ex = new java.util.concurrent.ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "uci-watchdog");
            t.setDaemon(true);
            return t;
        });
        ex.setRemoveOnCancelPolicy(true);
        return ex;
    }
}
