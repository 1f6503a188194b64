package org.owarelab.training.loop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/**
 * {@code selfplay.tables}: the searches of self-play treat the positions a table decides as
 * terminal, which changes the games (not their rules); a bad table is refused before the run.
 */
class SelfPlayTablesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path table(String rules, int seeds) throws Exception {
        return TinyRuns.table(tmp, rules, seeds);
    }

    private List<String> games(String name, String... extra) throws Exception {
        Path dir = tmp.resolve(name);
        Trainer.start(TinyRuns.config(1, extra), dir, "test", TinyRuns.quietLog(new ByteArrayOutputStream()));
        return Files.readAllLines(new RunDirectory(dir).selfplay(), StandardCharsets.UTF_8);
    }

    @Test
    void tablesChangeTheSearchesAndTheGamesStillFollowTheRules() throws Exception {
        Path table = table("houses=3,seeds=3", 8);
        List<String> plain = games("plain");
        List<String> withTables = games("tables", "selfplay.tables=" + table);
        assertEquals(plain.size(), withTables.size(), "as many games");
        int differ = 0;
        RuleSet rules = RuleSet.parse("houses=3,seeds=3");
        for (int i = 0; i < plain.size(); i++) {
            JsonNode a = JSON.readTree(plain.get(i));
            JsonNode b = JSON.readTree(withTables.get(i));
            if (!a.get("moves").equals(b.get("moves"))) {
                differ++;
            }
            // Each game with tables is a legal game to its recorded end.
            Board board = new Board(rules);
            Moves.playAll(board, b.get("moves").asText());
            if (board.isOver()) {
                assertEquals(b.get("stores").get(0).asInt(), board.finalStore(0), b.toString());
                assertEquals(b.get("stores").get(1).asInt(), board.finalStore(1), b.toString());
            }
        }
        assertTrue(differ > 0, "tables in the searches change some of the " + plain.size() + " games");
        String config = Files.readString(new RunDirectory(tmp.resolve("tables")).config());
        assertTrue(config.contains(table.toString()), "the run's config names the table:\n" + config);
    }

    @Test
    void aMissingOrMismatchedTableIsOneLineBeforeTheRun() throws Exception {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "selfplay.tables=" + tmp.resolve("none.owtb")));
        assertTrue(missing.getMessage().contains("selfplay.tables") && missing.getMessage().contains("no such file"),
                missing.getMessage());
        Path otherRules = table("houses=4,seeds=3", 3);
        IllegalArgumentException mismatch = assertThrows(IllegalArgumentException.class,
                () -> TinyRuns.config(1, "selfplay.tables=" + otherRules));
        assertTrue(mismatch.getMessage().contains("selfplay.tables"), mismatch.getMessage());
        assertFalse(mismatch.getMessage().contains("\n"), mismatch.getMessage());
        assertNotEquals(null, TinyRuns.config(1, "selfplay.tables=" + table("houses=3,seeds=3", 4)).selfplay().tables());
        assertEquals(null, TinyRuns.config(1).selfplay().tables());
    }
}
