package org.owarelab.distributed;

import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.GameRunner;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.Texts;

/**
 * A tournament worker ({@code oware worker --tournament ID}): a Hazelcast client of the
 * coordinator's cluster ({@link ClusterGameFarm}). Each of its threads takes a game, records that
 * it holds it, plays it with agents from its own registry (so a {@code puct:model=PATH} player
 * needs PATH on this machine too: a shared file system, or the same files at the same paths) and
 * sends the record back. A game whose players this machine cannot build, but the coordinator
 * could, is handed back for another member, with one message per player.
 *
 * <p>Faults: a record is sent only when its game is over, so a worker that dies loses its games
 * in flight (the coordinator queues them again) and nothing else; records not yet sent when the
 * coordinator goes away are kept and sent once the client has reconnected (it retries without end).
 */
public final class TournamentWorker implements AutoCloseable {
    private final String tournament;
    private final String name;
    private final PrintStream log;
    private final WorkerThreads crew;
    private final IQueue<String> tasks;
    private final IQueue<String> results;
    private final IMap<Integer, String> inflight;
    private final AgentRegistry agents;
    private final String clientId;
    private final Map<String, String> cannotBuild = new ConcurrentHashMap<>();
    private final AtomicLong played = new AtomicLong();
    private final AtomicLong sent = new AtomicLong();

    /**
     * Connects to the coordinator (blocks until it answers, without end).
     *
     * @param tournament the tournament id the coordinator prints
     * @param agents the registry the players are built from (owned by the caller, closed after this worker)
     */
    public TournamentWorker(String tournament, ClusterSettings.HostPort join, int threads, String name,
            AgentRegistry agents, PrintStream log) {
        if (threads < 1 || threads > 1024) {
            throw new IllegalArgumentException("--threads " + threads + ": expected 1..1024");
        }
        if (!tournament.matches("t-[A-Za-z0-9-]{1,80}")) {
            throw new IllegalArgumentException("--tournament '" + tournament + "': expected the id 'oware tournament "
                    + "--cluster' prints (t-NAME-HASH, e.g. t-league-3fa9c2d1)");
        }
        this.tournament = tournament;
        this.name = name;
        this.agents = agents;
        this.log = log;
        this.crew = new WorkerThreads(tournament, join, name, threads, "coordinator", "records not yet sent are kept",
                log);
        HazelcastInstance client = crew.client;
        this.clientId = client.getLocalEndpoint().getUuid().toString();
        this.tasks = client.getQueue(Hazelcasts.GAMES);
        this.results = client.getQueue(Hazelcasts.RESULTS);
        this.inflight = client.getMap(Hazelcasts.INFLIGHT);
    }

    /** Starts the threads. */
    public void start() {
        crew.start(this::loop);
    }

    /** Games played so far. */
    public long played() {
        return played.get();
    }

    /** Records sent to the coordinator so far. */
    public long sent() {
        return sent.get();
    }

    public String name() {
        return name;
    }

    private void loop() {
        Deque<String> pending = new ArrayDeque<>();
        Map<String, GameRunner> runners = new HashMap<>();
        long failures = 0;
        while (!crew.stopped() && !Thread.currentThread().isInterrupted()) {
            try {
                while (!pending.isEmpty()) {
                    if (crew.stopped()) {
                        return;
                    }
                    if (results.offer(pending.peekFirst(), 1, TimeUnit.SECONDS)) {
                        pending.removeFirst();
                        sent.incrementAndGet();
                    }
                }
                String text = tasks.poll(500, TimeUnit.MILLISECONDS);
                if (text == null) {
                    continue;
                }
                TournamentTask t;
                try {
                    t = TournamentTask.decode(text);
                } catch (IllegalArgumentException e) {
                    log.printf("%s: skipped a task it cannot read (%s)%n", name, e.getMessage());
                    continue;
                }
                if (!tournament.equals(t.tournament())) {
                    log.printf("%s: handing back a game of tournament %s: this worker joined %s%n", name,
                            t.tournament(), tournament);
                    tasks.offer(text);
                    Thread.sleep(1_000);
                    continue;
                }
                RuleSet rules = t.ruleSet();
                if (t.buildable() && (!canBuild(t.game().agentA(), rules) || !canBuild(t.game().agentB(), rules))) {
                    tasks.offer(text); // another member plays it
                    Thread.sleep(1_000);
                    continue;
                }
                GameRunner runner = runners.computeIfAbsent(t.rules() + "|" + t.start() + "|" + t.maxPlies(),
                        k -> new GameRunner(agents, rules, t.startPosition(), t.maxPlies()));
                inflight.set(t.game().game(), clientId);
                MatchRecord r = runner.play(t.game());
                if (crew.stopped()) {
                    return; // the game is dropped; the coordinator queues it again
                }
                played.incrementAndGet();
                pending.addLast(TournamentTask.result(tournament, name, r));
                failures = 0;
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (crew.stopped()) {
                    return;
                }
                if (failures++ % 30 == 0) {
                    log.printf("%s: %s; retrying%n", Thread.currentThread().getName(), oneLine(e));
                }
                try {
                    Thread.sleep(1_000);
                } catch (InterruptedException ie) {
                    return;
                }
            }
        }
    }

    /** Whether this machine builds {@code spec}; says once per player when it does not. */
    private boolean canBuild(String spec, RuleSet rules) {
        String key = spec + "|" + rules.spec();
        String known = cannotBuild.get(key);
        if (known != null) {
            return known.isEmpty();
        }
        String reason = "";
        try (Agent a = agents.create(spec, rules, 0)) {
            a.spec();
        } catch (RuntimeException | LinkageError e) {
            reason = Texts.reason(e);
        }
        if (cannotBuild.putIfAbsent(key, reason) == null && !reason.isEmpty()) {
            log.printf("%s: cannot build %s here (%s); its games are left to other members%n", name, spec, reason);
        }
        return reason.isEmpty();
    }

    private static String oneLine(Throwable e) {
        if (e.getClass().getName().startsWith("com.hazelcast")) {
            return "the coordinator did not answer (" + e.getClass().getSimpleName() + ")";
        }
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Blocks until the worker is stopped. */
    public void await() throws InterruptedException {
        crew.await();
    }

    /** Stops the threads (games in flight are dropped) and disconnects. */
    @Override
    public void close() {
        crew.close();
    }

    /** Disconnects at once, as a killed process would, then stops the threads. */
    public void kill() {
        crew.kill();
    }
}
