package org.owarelab.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.GameRunner;
import org.owarelab.evaluation.tournament.ArenaSettings;
import org.owarelab.evaluation.tournament.Tournament;
import org.owarelab.evaluation.tournament.TournamentConfig;
import org.owarelab.evaluation.tournament.TournamentListener;
import org.owarelab.evaluation.tournament.TournamentPlan;
import org.owarelab.evaluation.tournament.TournamentResult;
import org.owarelab.rules.RuleSet;

/**
 * {@code oware tournament --cluster} on 127.0.0.1: a coordinator that plays nothing itself and
 * in-JVM workers (Hazelcast clients, as separate processes would be) give the games a local
 * tournament gives; a game lost with its worker is queued again; duplicate, foreign and unreadable
 * records are dropped.
 */
class ClusterTournamentTest {
    private static final AgentRegistry AGENTS = BuiltInAgents.registry();

    private static TournamentConfig config() {
        return new TournamentConfig(List.of("random", "greedy", "alphabeta:depth=2"), null, 4, 1,
                ArenaSettings.of(RuleSet.DEFAULT, 5), null);
    }

    private static TournamentResult local(Path dir) throws Exception {
        return Tournament.prepare(AGENTS, config(), dir).play(TournamentListener.NONE);
    }

    /** The moves and outcome of each game, by game number: what must not depend on where it was played. */
    private static List<String> games(List<MatchRecord> records) {
        return records.stream().map(r -> r.game() + " " + r.south() + " " + r.north() + " " + r.seed() + " "
                + r.moves() + " " + r.winner() + " " + r.reason() + " " + r.southStore() + "-" + r.northStore()).toList();
    }

    @Test
    void workersPlayTheGamesALocalTournamentPlays(@TempDir Path tmp) throws Exception {
        Farmed f = new Farmed(tmp);
        try (ClusterGameFarm farm = new ClusterGameFarm(f.id, f.settings, 0, Set.of(), f.out);
             TournamentWorker w1 = new TournamentWorker(f.id, join(f.settings), 2, "w1", BuiltInAgents.registry(), f.out);
             TournamentWorker w2 = new TournamentWorker(f.id, join(f.settings), 1, "w2", BuiltInAgents.registry(), f.out)) {
            w1.start();
            w2.start();
            TournamentResult got = f.plan.play(TournamentListener.NONE, farm);
            assertEquals(games(f.expected.games()), games(got.games()), f.log.toString(StandardCharsets.UTF_8));
            Map<String, Integer> by = farm.gamesByWorker();
            assertFalse(by.containsKey("here"), "the coordinator played nothing: " + by);
            assertEquals(12, by.values().stream().mapToInt(Integer::intValue).sum(), by.toString());
            assertEquals(0, farm.reissued());
            assertEquals(0, farm.dropped());
        }
        assertEquals(games(f.expected.games()), games(org.owarelab.evaluation.MatchRecords.read(
                f.dir.resolve(org.owarelab.evaluation.MatchRecords.FILE))), "games.jsonl holds the same games");
    }

    @Test
    void aGameLostWithItsWorkerIsPlayedAgainAndBadRecordsAreDropped(@TempDir Path tmp) throws Exception {
        Farmed f = new Farmed(tmp);
        try (ClusterGameFarm farm = new ClusterGameFarm(f.id, f.settings, 0, Set.of(), f.out)) {
            CompletableFuture<TournamentResult> played = CompletableFuture.supplyAsync(() -> {
                try {
                    return f.plan.play(TournamentListener.NONE, farm);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            // A worker that plays one game and sends its record twice, sends a record of another
            // tournament and a line of garbage, takes a second game, and dies holding it.
            HazelcastInstance dying = Hazelcasts.client(f.id, join(f.settings), "dying", 1);
            IQueue<String> tasks = dying.getQueue(Hazelcasts.GAMES);
            IQueue<String> results = dying.getQueue(Hazelcasts.RESULTS);
            IMap<Integer, String> inflight = dying.getMap(Hazelcasts.INFLIGHT);
            String first = tasks.poll(30, TimeUnit.SECONDS);
            assertNotNull(first, "the coordinator queued the games");
            TournamentTask t = TournamentTask.decode(first);
            MatchRecord r = new GameRunner(AGENTS, t.ruleSet(), t.startPosition(), t.maxPlies()).play(t.game());
            results.offer(TournamentTask.result(f.id, "dying", r));
            results.offer(TournamentTask.result(f.id, "dying", r));
            results.offer(TournamentTask.result("t-other-00000000", "dying", r));
            results.offer("{not json");
            TournamentTask held = TournamentTask.decode(tasks.poll(30, TimeUnit.SECONDS));
            inflight.set(held.game().game(), dying.getLocalEndpoint().getUuid().toString());
            dying.getLifecycleService().terminate();
            try (TournamentWorker w = new TournamentWorker(f.id, join(f.settings), 2, "w", BuiltInAgents.registry(), f.out)) {
                w.start();
                TournamentResult got = played.get(120, TimeUnit.SECONDS);
                assertEquals(games(f.expected.games()), games(got.games()), f.log.toString(StandardCharsets.UTF_8));
            }
            assertEquals(1, farm.reissued(), f.log.toString(StandardCharsets.UTF_8));
            assertEquals(3, farm.dropped(), "the duplicate, the foreign and the unreadable record");
            assertEquals(1, (int) farm.gamesByWorker().get("dying"), farm.gamesByWorker().toString());
            assertTrue(f.log.toString(StandardCharsets.UTF_8).contains("game " + held.game().game()
                    + " was lost with its worker; queued again"), f.log.toString(StandardCharsets.UTF_8));
        }
    }

    @Test
    void tasksAndResultsSurviveTheirTextForm() {
        TournamentConfig c = config();
        var g = org.owarelab.evaluation.tournament.Schedule.of(AGENTS, c).games().get(3);
        TournamentTask t = new TournamentTask("t-x-01234567", g, "houses=6", c.settings().start().text(), 300, true);
        assertEquals(t, TournamentTask.decode(t.encode()));
        for (String bad : List.of("", "[]", "{\"format\":2}", "{\"format\":1,\"game\":1}")) {
            try {
                TournamentTask.decode(bad);
                throw new AssertionError("accepted " + bad);
            } catch (IllegalArgumentException expected) {
                assertTrue(expected.getMessage().startsWith("tournament task"), expected.getMessage());
            }
        }
        for (String bad : List.of("", "{not json", "[]", "{\"format\":2,\"record\":\"x\"}", "{\"format\":1}")) {
            IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                    () -> TournamentTask.Result.decode(bad), bad);
            assertTrue(e.getMessage().startsWith("tournament result: "), e.getMessage());
        }
    }

    /** What both farming tests start from: the local tournament's result, and a farmed one's plan, port and log. */
    private static final class Farmed {
        final TournamentResult expected;
        final ClusterSettings settings = ClusterRuns.settings(ClusterRuns.freePort());
        final Path dir;
        final String id;
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        final PrintStream out = new PrintStream(log, true, StandardCharsets.UTF_8);
        final TournamentPlan plan;

        Farmed(Path tmp) throws Exception {
            expected = local(tmp.resolve("local"));
            dir = tmp.resolve("farmed");
            id = ClusterGameFarm.tournamentId(dir);
            plan = Tournament.prepare(AGENTS, config(), dir);
        }
    }

    private static ClusterSettings.HostPort join(ClusterSettings s) {
        return new ClusterSettings.HostPort(s.bind(), s.port());
    }
}
