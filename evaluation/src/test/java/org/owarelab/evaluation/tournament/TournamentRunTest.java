package org.owarelab.evaluation.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.GameFarm;
import org.owarelab.evaluation.GameRunner;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.ScheduledGame;
import org.owarelab.evaluation.TestAgents;
import org.owarelab.rules.RuleSet;

class TournamentRunTest {
    @TempDir
    Path tmp;

    private static TournamentConfig config(List<String> players, int gamesPerPair) {
        return new TournamentConfig(players, null, gamesPerPair, 1, ArenaSettings.of(RuleSet.DEFAULT, 7), null);
    }

    @Test
    void aPlayerThatCannotBeBuiltIsRefusedBeforeTheDirectoryIsTouched() {
        Path dir = tmp.resolve("t");
        assertThrows(IllegalArgumentException.class,
                () -> TournamentRun.plan(TestAgents.AGENTS, config(List.of("random", "nosuchagent"), 2), dir));
        assertFalse(Files.exists(dir));
    }

    @Test
    void theLinesSayTheScheduleTheDirectoryAndWhatResumes() throws Exception {
        Path dir = tmp.resolve("t");
        TournamentConfig c = config(List.of("random", "greedy"), 2);
        TournamentPlan fresh = TournamentRun.plan(TestAgents.AGENTS, c, dir);
        List<String> lines = TournamentRun.describe(fresh);
        assertEquals(2, lines.size(), lines.toString());
        assertTrue(lines.get(0).startsWith("tournament: 2 players, round robin: 1 pairing x 2 games = 2 games; "),
                lines.get(0));
        assertTrue(lines.get(0).endsWith("both colours; seed 7, 1 thread, rules default"), lines.get(0));
        assertEquals("directory: " + dir + " (stop any time; the same command resumes from the saved games)",
                lines.get(1));

        TournamentResult result = TournamentRun.play(fresh, TournamentListener.NONE, null, w -> { });
        assertEquals("played 2 games in 1.5 s", TournamentRun.played(result, 1.53));
        List<String> again = TournamentRun.describe(TournamentRun.plan(TestAgents.AGENTS, c, dir));
        assertEquals("resuming: 2 games saved, 0 to play", again.get(2));
    }

    /** A local farm that counts its closes and fails on the first. */
    private static final class ClosingFarm implements GameFarm, AutoCloseable {
        final List<String> closed = new ArrayList<>();

        @Override
        public MatchRecord[] play(GameRunner runner, List<ScheduledGame> games, Consumer<MatchRecord> finished)
                throws InterruptedException {
            return GameFarm.local(1).play(runner, games, finished);
        }

        @Override
        public void close() {
            closed.add("closed");
            throw new IllegalStateException("the cluster is gone");
        }
    }

    @Test
    void aClosableFarmIsClosedAfterTheGamesAndAFailureToCloseIsAWarning() throws Exception {
        ClosingFarm farm = new ClosingFarm();
        List<String> warnings = new ArrayList<>();
        TournamentPlan plan = TournamentRun.plan(TestAgents.AGENTS, config(List.of("random", "greedy"), 2), tmp);
        TournamentResult result = TournamentRun.play(plan, TournamentListener.NONE, farm, warnings::add);
        assertEquals(2, result.played().size());
        assertEquals(List.of("closed"), farm.closed);
        assertEquals(List.of("closing the cluster: the cluster is gone"), warnings);
    }
}
