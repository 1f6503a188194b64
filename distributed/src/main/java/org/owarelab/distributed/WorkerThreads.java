package org.owarelab.distributed;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.core.LifecycleEvent;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What the two kinds of worker ({@link ClusterWorker}, {@link TournamentWorker}) share: the
 * Hazelcast client, a message when it loses or finds its peer, and the life of the threads
 * (start, await, stop, and a kill that disconnects at once, as a killed process would).
 */
final class WorkerThreads {
    /**
     * The connected client. The constructor first probes the peer ({@link JoinProbe}): a worker
     * whose peer is not there, or is another cluster's, fails at once.
     */
    final HazelcastInstance client;
    private final String name;
    private final int threads;
    private final List<Thread> running = new ArrayList<>();
    private volatile boolean stopped;

    /**
     * @param cluster the cluster's name (the run or tournament id)
     * @param peer what the worker connects to, for the messages ("trainer", "coordinator")
     * @param kept what a reconnection keeps, for the message ("games not yet pushed are kept")
     */
    WorkerThreads(String cluster, ClusterSettings.HostPort join, String name, int threads, String peer, String kept,
            PrintStream log) {
        this.name = name;
        this.threads = threads;
        // Hazelcast's client would retry without end and say nothing: first make sure a peer of this
        // cluster answers there. Once it was seen, a lost peer is waited for (with the line below).
        JoinProbe.check("trainer".equals(peer) ? "run" : "tournament", cluster, join);
        this.client = Hazelcasts.client(cluster, join, name, threads);
        client.getLifecycleService().addLifecycleListener(e -> {
            if (e.getState() == LifecycleEvent.LifecycleState.CLIENT_DISCONNECTED && !stopped) {
                log.printf("%s: lost the %s; reconnecting (%s)%n", name, peer, kept);
            } else if (e.getState() == LifecycleEvent.LifecycleState.CLIENT_CONNECTED && !stopped) {
                log.printf("%s: connected to the %s%n", name, peer);
            }
        });
    }

    /** True once the worker is closing or killed: the threads' loops end. */
    boolean stopped() {
        return stopped;
    }

    /** Starts the threads, each running {@code loop}, named after the worker. */
    synchronized void start(Runnable loop) {
        for (int i = 0; i < threads; i++) {
            Thread t = new Thread(loop, name + "-" + i);
            t.setDaemon(true);
            running.add(t);
            t.start();
        }
    }

    /** Blocks until the threads end (after {@link #close} from another thread, or an interrupt). */
    void await() throws InterruptedException {
        for (Thread t : snapshot()) {
            t.join();
        }
    }

    /** Stops the threads (work in flight is dropped) and disconnects. */
    void close() {
        stop();
        client.shutdown();
    }

    /** Disconnects at once, as a killed process would, then stops the threads. */
    void kill() {
        stopped = true;
        client.getLifecycleService().terminate();
        stop();
    }

    private void stop() {
        stopped = true;
        List<Thread> all = snapshot();
        for (Thread t : all) {
            t.interrupt();
        }
        for (Thread t : all) {
            try {
                t.join(30_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private synchronized List<Thread> snapshot() {
        return List.copyOf(running);
    }
}
