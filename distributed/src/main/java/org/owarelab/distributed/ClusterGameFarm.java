package org.owarelab.distributed;

import com.hazelcast.client.Client;
import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.owarelab.evaluation.GameFarm;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.GameRunner;
import org.owarelab.evaluation.ScheduledGame;
import org.owarelab.util.Sha256;

/**
 * Farms a tournament's games out to a Hazelcast cluster ({@code oware tournament --cluster}): this
 * process is the cluster's one member; workers ({@code oware worker --tournament ID}, Hazelcast
 * clients) take games from its queue, play them and send the records back. This process plays
 * too, on its own {@code localThreads} (0: it only coordinates).
 *
 * <p>Each game is queued once as a {@link TournamentTask}; a worker records that it holds a game
 * (the in-flight map, under its client id) before playing it. Every {@value #SWEEP_MS} ms the
 * farm looks for games that are neither queued, nor played here, nor held by a connected worker
 * (their worker died or was cut off): seen so three sweeps in a row, a game is queued again.
 * A record is accepted once, matched to its scheduled game by players and seed (a record of
 * another tournament, or of a game already recorded, is dropped and counted), so a game played
 * twice after a re-issue, or sent again by a worker that reconnected to a restarted coordinator,
 * counts once.
 */
public final class ClusterGameFarm implements GameFarm, AutoCloseable {
    static final long SWEEP_MS = 2_000;
    private static final int MISSING_SWEEPS = 3;

    private final String id;
    private final int localThreads;
    private final Set<String> unbuildable;
    private final PrintStream log;
    private final HazelcastInstance member;
    private final IQueue<String> tasks;
    private final IQueue<String> results;
    private final IMap<Integer, String> inflight;
    private final Map<String, Integer> byWorker = new TreeMap<>();
    private int reissued;
    private int dropped;

    /**
     * Starts the cluster member (binds {@code settings}' address and port).
     *
     * @param id the tournament id workers join with ({@link #tournamentId})
     * @param localThreads games this process plays at once beside the workers (0: none)
     * @param unbuildable players this process could not build: their games may be recorded as forfeits
     *     by any member
     */
    public ClusterGameFarm(String id, ClusterSettings settings, int localThreads, Set<String> unbuildable,
            PrintStream log) {
        if (localThreads < 0 || localThreads > 1024) {
            throw new IllegalArgumentException("--threads " + localThreads + ": expected 0..1024 with --cluster");
        }
        this.id = id;
        this.localThreads = localThreads;
        this.unbuildable = Set.copyOf(unbuildable);
        this.log = log;
        this.member = Hazelcasts.member(id, settings, "oware-tournament-");
        this.tasks = member.getQueue(Hazelcasts.GAMES);
        this.results = member.getQueue(Hazelcasts.RESULTS);
        this.inflight = member.getMap(Hazelcasts.INFLIGHT);
    }

    /**
     * The id of the tournament in {@code dir}: {@code t-NAME-HASH} from the directory's name and its
     * absolute path, so the same directory gives the same id (and cluster name) after a restart and
     * workers reconnect by themselves.
     */
    public static String tournamentId(Path dir) {
        Path abs = dir.toAbsolutePath().normalize();
        String name = abs.getFileName() == null ? "root" : abs.getFileName().toString().replaceAll("[^A-Za-z0-9]", "-");
        if (name.length() > 40) {
            name = name.substring(0, 40);
        }
        return "t-" + name + "-" + Sha256.of(abs.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 8);
    }

    public String id() {
        return id;
    }

    /** Games recorded per player ("here" for this process, else the worker's name), in name order. */
    public synchronized Map<String, Integer> gamesByWorker() {
        return new TreeMap<>(byWorker);
    }

    /** Games queued again because their worker was lost. */
    public synchronized int reissued() {
        return reissued;
    }

    /** Records dropped: duplicates, another tournament's, or unreadable. */
    public synchronized int dropped() {
        return dropped;
    }

    /** Workers connected now. */
    public int workers() {
        return member.getClientService().getConnectedClients().size();
    }

    @Override
    public MatchRecord[] play(GameRunner runner, List<ScheduledGame> games, Consumer<MatchRecord> finished)
            throws InterruptedException {
        MatchRecord[] records = new MatchRecord[games.size()];
        Map<String, Integer> index = new HashMap<>();
        Map<Integer, TournamentTask> outstanding = new ConcurrentHashMap<>();
        for (int i = 0; i < games.size(); i++) {
            ScheduledGame g = games.get(i);
            index.put(key(g.south(), g.north(), g.seed()), i);
            TournamentTask t = new TournamentTask(id, g, runner.rules().spec(), runner.start().text(), runner.maxPlies(),
                    !unbuildable.contains(g.agentA()) && !unbuildable.contains(g.agentB()));
            outstanding.put(g.game(), t);
        }
        tasks.clear();
        inflight.clear();
        for (TournamentTask t : outstanding.values().stream()
                .sorted((x, y) -> Integer.compare(x.game().game(), y.game().game())).toList()) {
            tasks.offer(t.encode());
        }
        Set<Integer> playingHere = ConcurrentHashMap.newKeySet();
        Accepter accept = new Accepter(games, records, index, outstanding, finished);
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < Math.min(localThreads, games.size()); i++) {
            Thread t = new Thread(() -> playHere(runner, outstanding, playingHere, accept), "tournament-local-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        Map<Integer, Integer> missing = new HashMap<>();
        long nextSweep = System.nanoTime() + SWEEP_MS * 1_000_000;
        try {
            while (!accept.done()) {
                String r = results.poll(200, TimeUnit.MILLISECONDS);
                if (r != null) {
                    receive(r, accept);
                }
                if (System.nanoTime() >= nextSweep) {
                    sweep(outstanding, playingHere, missing);
                    nextSweep = System.nanoTime() + SWEEP_MS * 1_000_000;
                }
            }
        } finally {
            accept.finish();
            for (Thread t : threads) {
                t.interrupt();
            }
            for (Thread t : threads) {
                t.join();
            }
            tasks.clear();
        }
        return records;
    }

    private void receive(String text, Accepter accept) {
        TournamentTask.Result res;
        try {
            res = TournamentTask.Result.decode(text);
        } catch (IllegalArgumentException e) {
            synchronized (this) {
                dropped++;
            }
            log.println("cluster: dropped an unreadable record (" + e.getMessage() + ")");
            return;
        }
        if (!id.equals(res.tournament())) {
            synchronized (this) {
                dropped++;
            }
            log.println("cluster: dropped a record of tournament " + res.tournament() + " from " + res.worker());
            return;
        }
        accept.accept(res.record(), res.worker());
    }

    private void playHere(GameRunner runner, Map<Integer, TournamentTask> outstanding, Set<Integer> playingHere,
            Accepter accept) {
        while (!accept.done() && !Thread.currentThread().isInterrupted()) {
            String text;
            try {
                text = tasks.poll(200, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                return;
            }
            if (text == null) {
                continue;
            }
            TournamentTask t = TournamentTask.decode(text);
            int game = t.game().game();
            if (!outstanding.containsKey(game)) {
                continue; // a re-issued game that came back meanwhile
            }
            playingHere.add(game);
            try {
                accept.accept(runner.play(t.game()), "here");
            } finally {
                playingHere.remove(game);
            }
        }
    }

    /** Queues again the games no one holds any more (see the class comment). */
    private void sweep(Map<Integer, TournamentTask> outstanding, Set<Integer> playingHere,
            Map<Integer, Integer> missing) {
        Set<String> connected = new HashSet<>();
        for (Client c : member.getClientService().getConnectedClients()) {
            connected.add(c.getUuid().toString());
        }
        Set<Integer> queued = new HashSet<>();
        for (String text : tasks) {
            try {
                queued.add(TournamentTask.decode(text).game().game());
            } catch (IllegalArgumentException e) {
                // not ours: ignored
            }
        }
        Map<Integer, String> holders = inflight.getAll(outstanding.keySet());
        for (Map.Entry<Integer, TournamentTask> e : outstanding.entrySet()) {
            int game = e.getKey();
            String holder = holders.get(game);
            if (playingHere.contains(game) || queued.contains(game) || holder != null && connected.contains(holder)) {
                missing.remove(game);
                continue;
            }
            if (missing.merge(game, 1, Integer::sum) >= MISSING_SWEEPS) {
                missing.remove(game);
                inflight.delete(game);
                if (outstanding.containsKey(game)) {
                    tasks.offer(e.getValue().encode());
                    synchronized (this) {
                        reissued++;
                    }
                    log.printf("cluster: game %d was lost with its worker; queued again%n", game);
                }
            }
        }
        missing.keySet().retainAll(outstanding.keySet());
    }

    private static String key(String south, String north, long seed) {
        return south + '\u0000' + north + '\u0000' + seed;
    }

    /** Takes each scheduled game's first record; counts the rest as dropped. */
    private final class Accepter {
        private final List<ScheduledGame> games;
        private final MatchRecord[] records;
        private final Map<String, Integer> index;
        private final Map<Integer, TournamentTask> outstanding;
        private final Consumer<MatchRecord> finished;
        private int remaining;
        private boolean over;

        Accepter(List<ScheduledGame> games, MatchRecord[] records, Map<String, Integer> index,
                Map<Integer, TournamentTask> outstanding, Consumer<MatchRecord> finished) {
            this.games = games;
            this.records = records;
            this.index = index;
            this.outstanding = outstanding;
            this.finished = finished;
            this.remaining = games.size();
        }

        void accept(MatchRecord r, String who) {
            int number;
            synchronized (ClusterGameFarm.this) {
                Integer i = index.get(key(r.south(), r.north(), r.seed()));
                if (over || i == null || records[i] != null) {
                    dropped++;
                    return;
                }
                ScheduledGame g = games.get(i);
                MatchRecord mine = r.game() == g.game() ? r : r.withGame(g.game());
                records[i] = mine;
                outstanding.remove(g.game());
                remaining--;
                byWorker.merge(who, 1, Integer::sum);
                finished.accept(mine);
                number = g.game();
            }
            inflight.delete(number);
        }

        boolean done() {
            synchronized (ClusterGameFarm.this) {
                return remaining == 0 || over;
            }
        }

        void finish() {
            synchronized (ClusterGameFarm.this) {
                over = true;
            }
        }
    }

    /** Stops the cluster member: workers keep trying to reconnect until they are stopped. */
    @Override
    public void close() {
        member.shutdown();
    }
}
