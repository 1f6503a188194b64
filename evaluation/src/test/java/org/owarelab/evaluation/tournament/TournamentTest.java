package org.owarelab.evaluation.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.TestAgents;
import org.owarelab.evaluation.report.RatingsCsv;
import org.owarelab.evaluation.report.Report;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.rules.RuleSet;

class TournamentTest {
    private static final List<String> PLAYERS = List.of("random", "greedy", "mcts:sims=8");

    @TempDir
    Path tmp;

    private static TournamentConfig config(List<String> players, int gamesPerPair, int threads, long seed) {
        return new TournamentConfig(players, null, gamesPerPair, threads, ArenaSettings.of(RuleSet.DEFAULT, seed), null);
    }

    /** The games without their timings (which vary from run to run). */
    static List<String> content(List<MatchRecord> games) {
        List<String> list = new ArrayList<>();
        for (MatchRecord g : games) {
            list.add(g.toJson().replaceAll(",\"moveMicros\":\\[[0-9,]*\\]", ""));
        }
        return list;
    }

    private static List<MatchRecord> saved(Path dir) throws IOException {
        return MatchRecords.read(dir.resolve(MatchRecords.FILE));
    }

    /** A stand-in for a kill: the listener throws after {@code n} games. */
    private static final class Kill extends RuntimeException {
        private static final long serialVersionUID = 1L;
    }

    private static TournamentListener killAfter(int n) {
        return (r, done, total) -> {
            if (done == n) {
                throw new Kill();
            }
        };
    }

    @Test
    void anInterruptedTournamentResumesToTheSameGamesAsAnUninterruptedOne() throws Exception {
        TournamentConfig c = config(PLAYERS, 6, 2, 7);
        Path straight = tmp.resolve("straight");
        TournamentResult whole = Tournament.prepare(TestAgents.AGENTS, c, straight).play(TournamentListener.NONE);
        assertEquals(18, whole.games().size());

        Path cut = tmp.resolve("cut");
        TournamentPlan first = Tournament.prepare(TestAgents.AGENTS, config(PLAYERS, 6, 1, 7), cut);
        assertThrows(Kill.class, () -> first.play(killAfter(7)));
        assertEquals(7, saved(cut).size(), "every finished game was saved as it ended");
        // The kill also cut a line short.
        Files.writeString(cut.resolve(MatchRecords.FILE), "{\"format\":1,\"game\":7,\"pai", java.nio.file.StandardOpenOption.APPEND);

        TournamentPlan resumed = Tournament.prepare(TestAgents.AGENTS, c, cut);
        assertEquals(List.of(cut.resolve(MatchRecords.FILE) + ":8: skipped the last line, cut short by an interrupted "
                + "write; its game is played again"), resumed.warnings(), "the skipped line is said, not silent");
        assertEquals(7, resumed.kept().size());
        assertEquals(11, resumed.toPlay().size());
        int[] played = {0};
        TournamentResult rest = resumed.play((r, done, total) -> played[0]++);
        assertEquals(11, played[0]);
        assertEquals(content(whole.games()), content(rest.games()));
        assertEquals(content(whole.games()), content(saved(cut)));

        // Resuming a finished tournament plays nothing.
        assertTrue(Tournament.prepare(TestAgents.AGENTS, c, cut).toPlay().isEmpty());
    }

    /** A damaged line in the middle: skipped with a warning naming file and line, kept aside, its game replayed. */
    @Test
    void aGarbageLineInTheMiddleIsSkippedWithAWarningAndKeptAside() throws Exception {
        TournamentConfig c = config(PLAYERS, 2, 1, 5);
        Path straight = tmp.resolve("straight");
        TournamentResult whole = Tournament.prepare(TestAgents.AGENTS, c, straight).play(TournamentListener.NONE);

        Path dir = tmp.resolve("damaged");
        Files.createDirectories(dir);
        Files.copy(straight.resolve(TournamentFile.FILE), dir.resolve(TournamentFile.FILE));
        List<String> lines = new ArrayList<>(Files.readAllLines(straight.resolve(MatchRecords.FILE)));
        lines.set(2, "garbage \u0000 here");
        Files.write(dir.resolve(MatchRecords.FILE), lines);

        TournamentPlan plan = Tournament.prepare(TestAgents.AGENTS, c, dir);
        assertEquals(1, plan.warnings().size(), plan.warnings().toString());
        String w = plan.warnings().get(0);
        assertTrue(w.startsWith(dir.resolve(MatchRecords.FILE) + ":3: skipped a line that is not a game record (not JSON"), w);
        assertTrue(w.endsWith("its game is played again (the line is kept in " + Tournament.SKIPPED + ")"), w);
        assertFalse(w.chars().anyMatch(Character::isISOControl), w);
        assertEquals(List.of("garbage \u0000 here"), Files.readAllLines(dir.resolve(Tournament.SKIPPED)));
        assertEquals(1, plan.toPlay().size());
        assertEquals(content(whole.games()), content(plan.play(TournamentListener.NONE).games()));
        assertTrue(Tournament.prepare(TestAgents.AGENTS, c, dir).warnings().isEmpty(), "the rewritten file is clean");

        // A strict reader (a report of the file as it was) names the exact line to mend.
        Files.write(dir.resolve(MatchRecords.FILE), lines);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MatchRecords.read(dir.resolve(MatchRecords.FILE)));
        assertTrue(e.getMessage().startsWith(dir.resolve(MatchRecords.FILE) + ":3: not JSON"), e.getMessage());
    }

    @Test
    void sameSeedSameGamesAndRatingsWhateverTheThreads() throws Exception {
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        Tournament.prepare(TestAgents.AGENTS, config(PLAYERS, 4, 1, 3), a).play(TournamentListener.NONE);
        Tournament.prepare(TestAgents.AGENTS, config(PLAYERS, 4, 2, 3), b).play(TournamentListener.NONE);
        assertEquals(content(saved(a)), content(saved(b)));
        Report.render(a, EloOptions.defaults());
        Report.render(b, EloOptions.defaults());
        assertEquals(Files.readString(a.resolve(RatingsCsv.FILE)), Files.readString(b.resolve(RatingsCsv.FILE)));
        Path c = tmp.resolve("c");
        Tournament.prepare(TestAgents.AGENTS, config(PLAYERS, 4, 1, 4), c).play(TournamentListener.NONE);
        assertFalse(content(saved(a)).equals(content(saved(c))), "another seed, other games");
    }

    @Test
    void aGrownTournamentPlaysOnlyTheNewGames() throws Exception {
        Path dir = tmp.resolve("grow");
        Tournament.prepare(TestAgents.AGENTS, config(List.of("random", "greedy"), 4, 1, 5), dir).play(TournamentListener.NONE);
        List<String> before = content(saved(dir));
        TournamentPlan grown = Tournament.prepare(TestAgents.AGENTS, config(PLAYERS, 6, 1, 5), dir);
        assertEquals(4, grown.kept().size());
        assertEquals(18 - 4, grown.toPlay().size());
        TournamentResult r = grown.play(TournamentListener.NONE);
        assertEquals(18, r.games().size());
        // The old games are there, renumbered into the grown schedule; the grown tournament equals a fresh one.
        Path fresh = tmp.resolve("fresh");
        List<MatchRecord> all = Tournament.prepare(TestAgents.AGENTS, config(PLAYERS, 6, 2, 5), fresh).play(TournamentListener.NONE).games();
        assertEquals(content(all), content(r.games()));
        List<String> renumbered = content(saved(dir));
        for (String old : before) {
            String body = old.substring(old.indexOf(",\"pair\""));
            assertTrue(renumbered.stream().anyMatch(g -> g.endsWith(body)), old);
        }
        // Dropping a player keeps its games (played under the same settings) after the schedule.
        TournamentPlan shrunk = Tournament.prepare(TestAgents.AGENTS, config(List.of("random", "greedy"), 4, 1, 5), dir);
        assertEquals(4, shrunk.kept().size());
        assertEquals(14, shrunk.foreign().size());
        assertTrue(shrunk.toPlay().isEmpty());
        assertEquals(18, saved(dir).size());
    }

    @Test
    void resumingUnderOtherSettingsIsRefused() throws Exception {
        Path dir = tmp.resolve("t");
        Tournament.prepare(TestAgents.AGENTS, config(List.of("random", "greedy"), 2, 1, 5), dir).play(TournamentListener.NONE);
        TournamentConfig other = new TournamentConfig(List.of("random", "greedy"), null, 2, 1,
                ArenaSettings.of(RuleSet.DEFAULT, 6).withOpeningPlies(2), null);
        TournamentMismatchException e = assertThrows(TournamentMismatchException.class,
                () -> Tournament.prepare(TestAgents.AGENTS, other, dir));
        assertTrue(e.getMessage().contains("seed 5 (now 6), opening plies 4 (now 2)"), e.getMessage());
        Path loose = tmp.resolve("loose");
        Files.createDirectories(loose);
        Files.writeString(loose.resolve(MatchRecords.FILE), "");
        e = assertThrows(TournamentMismatchException.class,
                () -> Tournament.prepare(TestAgents.AGENTS, config(List.of("random", "greedy"), 2, 1, 5), loose));
        assertTrue(e.getMessage().contains("no tournament.json"), e.getMessage());
    }

    @Test
    void aFailingParticipantLosesOnlyItsOwnGames() throws Exception {
        Path dir = tmp.resolve("bad");
        List<String> players = List.of("random", "greedy", "nosuch:x=1", "faulty:fail=illegal,after=3");
        TournamentPlan plan = Tournament.prepare(TestAgents.AGENTS, config(players, 2, 2, 9), dir);
        assertEquals(List.of("nosuch:x=1"), List.copyOf(plan.problems().keySet()));
        assertTrue(plan.problems().get("nosuch:x=1").contains("unknown agent 'nosuch'"), plan.problems().toString());
        TournamentResult r = plan.play(TournamentListener.NONE);
        assertEquals(12, r.games().size());
        for (MatchRecord g : r.games()) {
            boolean involvesBad = players.subList(2, 4).contains(g.south()) || players.subList(2, 4).contains(g.north());
            assertEquals(involvesBad, g.isError(), g.toJson());
            if (g.isError()) {
                String culprit = g.spec(g.errorSide());
                assertTrue(culprit.equals("nosuch:x=1") || culprit.equals("faulty:fail=illegal,after=3"), g.toJson());
            }
        }
        assertEquals(10, r.failedGames());
        assertEquals(java.util.Map.of("nosuch:x=1", 6, "faulty:fail=illegal,after=3", 4),
                Report.failuresByPlayer(r.games()));
        // The healthy pair is rated; failed games are played again on resume.
        Report.render(dir, EloOptions.defaults());
        assertEquals(2, RatingsCsv.read(dir.resolve(RatingsCsv.FILE)).size());
        TournamentPlan again = Tournament.prepare(TestAgents.AGENTS, config(players, 2, 1, 9), dir);
        assertEquals(10, again.failedBefore());
        assertEquals(10, again.toPlay().size());
    }

    @Test
    void settingsFileRoundTrips() throws Exception {
        TournamentConfig c = new TournamentConfig(List.of("greedy", "mcts:sims=8"), "random", 4, 3,
                ArenaSettings.of(RuleSet.parse("houses=4,seeds=3"), 11).withBalance(
                        new org.owarelab.evaluation.Balance("alphabeta:depth=2", 0.25)), "greedy");
        TournamentFile.write(tmp, c);
        TournamentConfig ladder = new TournamentConfig(List.of("random", "greedy", "mcts:sims=8"), null, 2, 1,
                ArenaSettings.of(RuleSet.DEFAULT, 3), null, 1);
        Path ladderDir = Files.createDirectories(tmp.resolve("ladder"));
        TournamentFile.write(ladderDir, ladder);
        assertEquals(1, TournamentFile.read(ladderDir).neighbours());
        TournamentConfig back = TournamentFile.read(tmp);
        assertEquals(c.settings(), back.settings());
        assertEquals(c.players(), back.players());
        assertEquals(c.gauntlet(), back.gauntlet());
        assertEquals(c.gamesPerPair(), back.gamesPerPair());
        assertEquals("greedy", back.anchor());
    }
}
