package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.alphabeta.tuning.EvalFit;

class EvalFitGamesTest {
    @TempDir
    Path dir;

    private static String game(String moves, int winner) {
        return new SelfPlayRecord(0, 0, "", moves, winner, "threshold", 0, 0, -1, -1, 0, 0).jsonLine();
    }

    private String message(String... lines) throws Exception {
        Path f = dir.resolve("bad.jsonl");
        Files.write(f, List.of(lines), StandardCharsets.UTF_8);
        return assertThrows(IllegalArgumentException.class, () -> new EvalFitGames(0, 0, 1).read(f)).getMessage();
    }

    @Test
    void eachFileAddsItsGamesAndBlankLinesAreSkipped() throws Exception {
        Path a = dir.resolve("a.jsonl");
        Files.write(a, List.of(game("DaBd", 0), "", game("FfAa", 1)), StandardCharsets.UTF_8);
        EvalFitGames games = new EvalFitGames(0, 0, 1);
        assertEquals(2, games.read(a));
        assertEquals(2, games.read(a));
        assertEquals(4, games.games());
        assertEquals(20, games.fit().positions(), "five positions a game, none skipped, none held out");
        assertEquals(0, games.fit().validationPositions());

        EvalFitGames skipping = new EvalFitGames(2, 0, 1);
        skipping.read(a);
        assertEquals(6, skipping.fit().positions(), "each game's first two positions skipped");
    }

    @Test
    void badFilesAndLinesAreNamedWithTheirLine() throws Exception {
        String good = game("DaBd", 0);
        assertTrue(message(good, "not json").contains("bad.jsonl:2: not JSON"));
        assertTrue(message(good, game("DaXd", 1)).contains("bad.jsonl:2: move 3 'X'"));
        assertEquals(dir.resolve("none.jsonl") + ": no such file; expected game records (RUN/selfplay.jsonl or "
                + "'oware match --out' games)", assertThrows(IllegalArgumentException.class,
                        () -> new EvalFitGames(0, 0, 1).read(dir.resolve("none.jsonl"))).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new EvalFitGames(0, 0, 1).read(dir))
                .getMessage().startsWith(dir + ": a directory"));
    }

    @Test
    void theResultLineHasTheCountsTheWeightsAndBothLosses() throws Exception {
        Path a = dir.resolve("a.jsonl");
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            text.append(game(i % 2 == 0 ? "DaBd" : "FfAa", i % 2)).append('\n');
        }
        Files.writeString(a, text);
        EvalFitGames games = new EvalFitGames(0, 0.5, 3);
        games.read(a);
        EvalFit.Result r = games.fit().fit();
        String json = EvalFitGames.json(games.games(), r);
        assertTrue(json.startsWith("{\"games\":30,\"positions\":" + r.positions() + ",\"heldOut\":"
                + r.validationPositions() + ",\"weights\":\"" + r.spec() + "\",\"defaultWeights\":\"159/51/-12/134/-1\","
                + "\"fitted\":{\"k\":"), json);
        assertTrue(r.validationPositions() > 0 && json.contains("\"heldOutLogLoss\""), json);
    }
}
