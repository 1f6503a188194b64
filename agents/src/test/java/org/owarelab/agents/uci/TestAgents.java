package org.owarelab.agents.uci;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;

/** Agents with scripted behaviour for the engine tests. */
final class TestAgents {
    private TestAgents() {
    }

    /** Searches until stopped, reporting one PV first; plays the lowest legal move. */
    static final class Waiting implements Agent {
        final CountDownLatch entered = new CountDownLatch(1);
        volatile SearchLimit lastLimit;

        @Override
        public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
            lastLimit = limit;
            int move = Integer.numberOfTrailingZeros(board.legalMask());
            monitor.info(new SearchInfo(1, 1, 0.0, 1.5, 0, 10, 1, new int[] {move}));
            entered.countDown();
            while (!monitor.stopRequested()) {
                LockSupport.parkNanos(1_000_000); // polls like a search would, without burning a core
            }
            return Decision.of(move, board.housesPerSide(), 0f, 0);
        }

        @Override
        public void reset(long seed) {
        }

        @Override
        public String spec() {
            return "waiting";
        }
    }

    /** Ignores stop requests: reports a PV (its highest legal move), then blocks until {@link #release} opens. */
    static final class Stubborn implements Agent {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
            int move = 31 - Integer.numberOfLeadingZeros(board.legalMask());
            monitor.info(new SearchInfo(1, 1, 0.0, Double.NaN, 0, 1, 0, new int[] {move}));
            entered.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // Late reports of an abandoned search must not reach the output.
            monitor.info(new SearchInfo(2, 2, 0.0, Double.NaN, 0, 2, 0, new int[] {move}));
            return Decision.of(move, board.housesPerSide(), 0f, 0);
        }

        @Override
        public void reset(long seed) {
        }

        @Override
        public String spec() {
            return "stubborn";
        }
    }

    /** Throws from decide. */
    static final class Throwing implements Agent {
        @Override
        public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
            throw new IllegalStateException("boom");
        }

        @Override
        public void reset(long seed) {
        }

        @Override
        public String spec() {
            return "throwing";
        }
    }

    /** Returns a move that is not legal: the mover's lowest illegal house, or {@code n} (out of range) if all are legal. */
    static final class Illegal implements Agent {
        @Override
        public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
            int n = board.housesPerSide();
            int illegal = Math.min(n, Integer.numberOfTrailingZeros(~board.legalMask()));
            return new Decision(illegal, new float[n], 0f, 0, 0, 0, new int[] {illegal});
        }

        @Override
        public void reset(long seed) {
        }

        @Override
        public String spec() {
            return "illegal";
        }
    }

    /** Plays the lowest legal move and records what it is told. */
    static final class Recording implements Agent {
        final List<String> events = new ArrayList<>();
        volatile boolean closed;

        @Override
        public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
            events.add("decide " + board.text());
            return Decision.of(Integer.numberOfTrailingZeros(board.legalMask()), board.housesPerSide(), 0f, 0);
        }

        @Override
        public void played(Board after, int move) {
            events.add("played " + Character.toString('A' + move) + " " + after.text());
        }

        @Override
        public void reset(long seed) {
            events.add("reset " + seed);
        }

        @Override
        public String spec() {
            return "recording";
        }

        @Override
        public void close() {
            closed = true;
        }
    }
}
