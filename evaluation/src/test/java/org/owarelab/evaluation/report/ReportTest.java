package org.owarelab.evaluation.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.TestGames;
import org.owarelab.evaluation.GameTables;
import org.owarelab.evaluation.stats.BradleyTerry;
import org.owarelab.evaluation.stats.EloOptions;
import org.owarelab.evaluation.stats.EloRatings;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.rules.Side;

class ReportTest {
    private static final String[] PLAYERS = {"random", "greedy", "alphabeta:depth=2", "uci:cmd=\"java -jar e.jar, x\"",
        "ckpt-1", "ckpt-2", "ckpt-3"};
    private static final double[] ELO = {0, 150, 400, 500, 250, 350, 450};
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    /** One tournament directory, rendered once for the tests that only read the output. */
    @TempDir
    static Path rendered;
    private static List<MatchRecord> games;
    private static List<Path> written;

    @TempDir
    Path dir;

    @BeforeAll
    static void renderOnce() throws IOException {
        games = tournament(rendered);
        written = Report.render(rendered);
    }

    static List<MatchRecord> tournament(Path dir) throws IOException {
        List<MatchRecord> games = new ArrayList<>(SyntheticTournament.games(PLAYERS, ELO, 15, 0.2, 42));
        games.add(TestGames.failed(games.size(), -1, "greedy", "broken", Side.NORTH, "broken: process exited with code 1"));
        MatchRecords.write(dir.resolve(MatchRecords.FILE), games);
        TrainingPoint.write(dir.resolve(TrainingPoint.FILE), List.of(new TrainingPoint("ckpt-1", "run-a", 1000, 600),
                new TrainingPoint("ckpt-2", "run-a", 2000, 1300), new TrainingPoint("ckpt-3", "run-a", 3000, 1900)));
        return games;
    }

    @Test
    void rendersEveryFileFromSavedGames() throws IOException {
        Path dir = rendered;
        for (String f : List.of(RatingsCsv.FILE, Report.REPORT_MD, Report.RATINGS_PNG, Report.MATRIX_PNG,
                Report.STEPS_PNG, Report.TIME_PNG)) {
            assertTrue(written.contains(dir.resolve(f)), f);
            assertTrue(Files.size(dir.resolve(f)) > 0, f);
        }
        for (String png : List.of(Report.RATINGS_PNG, Report.MATRIX_PNG, Report.STEPS_PNG, Report.TIME_PNG)) {
            assertValidPng(dir.resolve(png));
        }
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().endsWith(".tmp")));
        }
    }

    private static void assertValidPng(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        assertArrayEquals(PNG_SIGNATURE, Arrays.copyOf(bytes, 8), file + " signature");
        assertTrue(bytes.length > 10_000, file + " is only " + bytes.length + " bytes");
        BufferedImage image = ImageIO.read(file.toFile());
        assertTrue(image.getWidth() >= 500 && image.getHeight() >= 300, file + " " + image.getWidth() + "x"
                + image.getHeight());
    }

    @Test
    void ratingsCsvReadsBackToTheFittedNumbers() throws IOException {
        Path dir = rendered;
        EloRatings fit = BradleyTerry.fit(GameTables.crosstable(games), EloOptions.defaults());
        List<Rating> read = RatingsCsv.read(dir.resolve(RatingsCsv.FILE));
        assertEquals(PLAYERS.length, read.size());
        for (Rating r : read) {
            assertEquals(fit.rating(r.player()), r, r.player());
        }
        assertEquals(RatingsCsv.HEADER, Files.readAllLines(dir.resolve(RatingsCsv.FILE)).get(0));
        // Highest first; the anchor at exactly 0; the quoted spec survives.
        assertTrue(read.get(0).elo() >= read.get(1).elo());
        assertEquals(0, fit.rating("random").elo(), 0);
        assertTrue(Files.readString(dir.resolve(RatingsCsv.FILE)).contains("\"uci:cmd=\"\"java -jar e.jar, x\"\"\""));
    }

    @Test
    void markdownHasTheTablesAndNotes() throws IOException {
        String md = Files.readString(rendered.resolve(Report.REPORT_MD));
        assertTrue(md.contains("| # | Player | Elo | Interval | Games | Score |"), md);
        assertTrue(md.contains("## Head to head"));
        assertTrue(md.contains("## Paired games (pentanomial)"));
        assertTrue(md.contains("| `random` | 0 | [0, 0] | 180 |"), md);
        assertTrue(md.contains("Elo of 'random' fixed at 0"), md);
        assertTrue(md.contains("1 game(s) ended by an agent's failure (a forfeit), not rated"), md);
        assertTrue(md.contains("`broken` failed 1 game(s), first game 630: broken: process exited with code 1"), md);
        assertTrue(md.contains("Not rated (no rated game): `broken`."), md);
        for (String f : List.of(Report.RATINGS_PNG, Report.MATRIX_PNG, Report.STEPS_PNG, Report.TIME_PNG)) {
            assertTrue(md.contains("](" + f + ")"), f);
        }
        // 6 x 7 / 2 pairings in the head-to-head table and in the paired table, each from the stronger side.
        long rows = md.lines().filter(l -> l.startsWith("| `")).count();
        assertEquals(2 * 21, rows);
    }

    @Test
    void rendersFromRatingsAloneWithoutGames() throws IOException {
        List<Rating> ratings = List.of(new Rating("b", 120.5, 80.25, 160.75, 40, 0.625),
                new Rating("a", 0, 0, 0, 40, 0.375));
        RatingsCsv.write(dir.resolve(RatingsCsv.FILE), ratings);
        Report.render(dir);
        assertEquals(ratings, RatingsCsv.read(dir.resolve(RatingsCsv.FILE)));
        String md = Files.readString(dir.resolve(Report.REPORT_MD));
        assertTrue(md.contains("| 1 | `b` | 121 | [80, 161] | 40 | 62.5% |"), md);
        assertFalse(md.contains("Head to head"));
        assertValidPng(dir.resolve(Report.RATINGS_PNG));
        assertFalse(Files.exists(dir.resolve(Report.MATRIX_PNG)));
    }

    @Test
    void anchorFallsBackToAlphaBetaThenTheMean() throws IOException {
        String[] players = {"alphabeta:depth=1", "x", "y"};
        MatchRecords.write(dir.resolve(MatchRecords.FILE), SyntheticTournament.games(players, new double[] {0, 50, 100},
                10, 0.1, 3));
        ReportData d = Report.load(dir, EloOptions.defaults(), true);
        assertEquals("alphabeta:depth=1", d.anchor());
        assertEquals(0, d.ratings().stream().filter(r -> r.player().equals("alphabeta:depth=1")).findFirst()
                .orElseThrow().elo(), 0);
        String[] others = {"p", "q"};
        MatchRecords.write(dir.resolve(MatchRecords.FILE), SyntheticTournament.games(others, new double[] {0, 50}, 10, 0.1, 4));
        ReportData m = Report.load(dir, EloOptions.defaults(), true);
        assertEquals(null, m.anchor());
        assertEquals(0, m.ratings().get(0).elo() + m.ratings().get(1).elo(), 1e-9);
        // Asked for by name, a missing anchor is an error.
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Report.render(dir, EloOptions.defaults()));
        assertTrue(e.getMessage().contains("anchor 'random' is not among the players"), e.getMessage());
    }

    @Test
    void missingOrBadInputIsReported() throws IOException {
        IllegalArgumentException none = assertThrows(IllegalArgumentException.class, () -> Report.render(dir));
        assertTrue(none.getMessage().contains("no games.jsonl and no ratings.csv"), none.getMessage());
        Files.writeString(dir.resolve(RatingsCsv.FILE), "name,elo\nx,1\n");
        IllegalArgumentException header = assertThrows(IllegalArgumentException.class, () -> Report.render(dir));
        assertTrue(header.getMessage().contains("ratings.csv:1: expected the header player,elo,lo,hi,games,score"),
                header.getMessage());
        Files.writeString(dir.resolve(RatingsCsv.FILE), RatingsCsv.HEADER + "\nx,1,0,2,ten,0.5\n");
        IllegalArgumentException row = assertThrows(IllegalArgumentException.class, () -> Report.render(dir));
        assertTrue(row.getMessage().contains("ratings.csv:2:"), row.getMessage());
    }

    @Test
    void tournamentWhoseGamesAllFailedStillReports() throws IOException {
        MatchRecords.write(dir.resolve(MatchRecords.FILE), List.of(TestGames.failed(0, -1, "a", "b", Side.SOUTH,
                "south agent failed: unknown agent 'a'")));
        Report.render(dir);
        String md = Files.readString(dir.resolve(Report.REPORT_MD));
        assertTrue(md.contains("0 rated players, 0 rated games."), md);
        assertTrue(md.contains("Not rated (no rated game): `a`, `b`."), md);
        assertTrue(md.contains("`a` failed 1 game(s), first game 0: south agent failed: unknown agent 'a'"), md);
        assertEquals(List.of(), RatingsCsv.read(dir.resolve(RatingsCsv.FILE)));
    }
}
