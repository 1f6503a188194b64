package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class MatchResumeTest {
    @TempDir
    Path dir;

    private static MatchConfig config(long seed) {
        return new MatchConfig("random", "greedy", RuleSet.DEFAULT, Position.start(RuleSet.DEFAULT), 6, 4, seed, 1,
                300);
    }

    /** The first four games of the match, saved out of order as parallel games finish. */
    private Path savedOutOfOrder(String tail) throws Exception {
        List<MatchRecord> games = new ArrayList<>(Match.run(TestAgents.AGENTS, config(3), MatchListener.NONE).games()
                .subList(0, 4));
        Collections.reverse(games);
        Path file = dir.resolve(MatchRecords.FILE);
        MatchRecords.write(file, games);
        Files.writeString(file, Files.readString(file) + tail);
        return file;
    }

    @Test
    void savedGamesComeBackInGameOrderAndTheFileIsRewrittenWithThemAlone() throws Exception {
        Path file = savedOutOfOrder("{\"format\":1,\"game\":4,\"pa");
        MatchResume.Saved saved = MatchResume.read(file, config(3));
        assertTrue(saved.existed());
        assertEquals(List.of(0, 1, 2, 3), saved.games().stream().map(MatchRecord::game).toList());
        assertEquals(List.of(file + ":5: skipped the last line, cut short by an interrupted write"), saved.warnings());
        // The cut-short line is gone, so that new games append after whole lines.
        assertEquals(saved.games(), MatchRecords.read(file));
        assertTrue(Files.readString(file).endsWith("\n"));
        // The resumed match plays the two missing games only, and equals the uninterrupted one.
        MatchResult resumed = Match.run(TestAgents.AGENTS, config(3), MatchListener.NONE, () -> false, saved.games());
        MatchResult whole = Match.run(TestAgents.AGENTS, config(3), MatchListener.NONE);
        assertEquals(whole.tally().wins(), resumed.tally().wins());
        assertEquals(whole.games().size(), resumed.games().size());
        assertEquals(whole.games().get(5).moves(), resumed.games().get(5).moves());
    }

    @Test
    void aMissingFileStartsTheMatchAndStaysMissing() throws Exception {
        Path file = dir.resolve("none.jsonl");
        MatchResume.Saved saved = MatchResume.read(file, config(3));
        assertFalse(saved.existed());
        assertTrue(saved.games().isEmpty() && saved.warnings().isEmpty());
        assertFalse(Files.exists(file));
    }

    @Test
    void aGarbageLineIsRefusedWithItsNumberAndTheFileKept() throws Exception {
        Path file = savedOutOfOrder("garbage\n");
        String before = Files.readString(file);
        MatchResume.SavedGamesException e = assertThrows(MatchResume.SavedGamesException.class,
                () -> MatchResume.read(file, config(3)));
        assertFalse(e.misfit());
        assertTrue(e.getMessage().startsWith(file + ":5: not a game record ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("); delete or repair that line"), e.getMessage());
        assertEquals(before, Files.readString(file));
    }

    @Test
    void gamesOfAnotherMatchAreAMisfitNamingTheGame() throws Exception {
        Path file = savedOutOfOrder("");
        String before = Files.readString(file);
        MatchResume.SavedGamesException e = assertThrows(MatchResume.SavedGamesException.class,
                () -> MatchResume.read(file, config(4)));
        assertTrue(e.misfit());
        assertTrue(e.getMessage().startsWith(file + ": saved game 0: "), e.getMessage());
        assertEquals(before, Files.readString(file));
    }
}
