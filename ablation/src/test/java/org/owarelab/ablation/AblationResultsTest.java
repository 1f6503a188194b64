package org.owarelab.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.evaluation.report.ReportData;
import org.owarelab.evaluation.stats.Crosstable;
import org.owarelab.evaluation.stats.Rating;
import org.owarelab.evaluation.stats.WinDrawLoss;
import org.owarelab.training.loop.TrainState;

/**
 * The result files from known ratings: two variants (network.aux true, false) x two seeds, rated
 * by hand, no training. The t-interval of two values {@code a, b}: mean +- t(0.975, 1) x sd / sqrt 2,
 * with t(0.975, 1) = 12.706.
 */
class AblationResultsTest {
    private static final String OPPONENT = "alphabeta:depth=2,movetime=5";

    @TempDir
    Path tmp;

    private AblationPlan plan;
    private List<AblationRun> runs;
    private AblationEvaluation.Result rated;

    @BeforeEach
    void rate() throws Exception {
        plan = AblationPlan.load(Tiny.write(tmp, "r.yaml", Tiny.head(1) + "grid:\n  network.aux: [true, false]\n"
                + "seeds: [1, 2]\n"));
        runs = AblationRun.of(plan, tmp.resolve("abl"));
        double[] elo = {100, 200, -50, -30};
        List<Rating> ratings = new java.util.ArrayList<>(List.of(new Rating("random", 0, -10, 10, 40, 0.5),
                new Rating(OPPONENT, 300, 250, 350, 40, 0.9)));
        Crosstable table = new Crosstable();
        Map<String, AblationEvaluation.Player> players = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            AblationRun r = runs.get(i);
            Files.createDirectories(r.dir());
            r.runDirectory().writeState(new TrainState(TrainState.FORMAT, 1, 5, 8, 100 + i, 12.5, "step-5", "r.bin",
                    null));
            String spec = "puct:model=" + r.dir().resolve("checkpoints/step-5") + ",sims=8";
            players.put(spec, new AblationEvaluation.Player(r, "step-5", 5, true));
            ratings.add(new Rating(spec, elo[i], elo[i] - 20, elo[i] + 20, 4, 0.5));
            table.add(spec, "random", new WinDrawLoss(i + 1, 0, 3 - i)); // scores 0.25, 0.5, 0.75, 1
            table.add(spec, OPPONENT, new WinDrawLoss(0, 1, 1));
        }
        rated = new AblationEvaluation.Result(new ReportData("pool", "random", ratings, table, List.of(), List.of(),
                List.of()), players, List.of("random", OPPONENT));
    }

    @Test
    void resultsCsvHasOneRowPerRunWithAxesAndScoresAndQuotesAHeaderWithACommaOnce() throws Exception {
        Path dir = tmp.resolve("abl");
        List<Path> files = AblationResults.write(plan, dir, runs, rated);
        assertEquals(List.of("results.csv", "curves.csv", "report.md", "elo-vs-time.png", "elo-vs-positions.png"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        List<String> results = Files.readAllLines(dir.resolve("results.csv"));
        assertEquals("variant,seed,elo,elo_lo,elo_hi,wall_s,positions,learner_steps,axis:network.aux,score:random,"
                + "\"score:alphabeta:depth=2,movetime=5\"", results.get(0));
        assertEquals(List.of("aux=true,1,100,80,120,12.5,100,5,true,0.25,0.25",
                "aux=true,2,200,180,220,12.5,101,5,true,0.5,0.25",
                "aux=false,1,-50,-70,-30,12.5,102,5,false,0.75,0.25",
                "aux=false,2,-30,-50,-10,12.5,103,5,false,1,0.25"), results.subList(1, results.size()));
        List<String> curves = Files.readAllLines(dir.resolve("curves.csv"));
        assertEquals("aux=false,2,1,12.5,103,5,-30,-50,-10", curves.get(4));
    }

    @Test
    void theReportGivesMeansOverSeedsWithTIntervalsAndWelchComparisons() {
        String md = AblationResults.report(plan, runs, rated);
        // true: 100, 200: mean 150, sd 70.7, half-width 12.706 x 50 = 635.3.
        assertTrue(md.contains("| true | 2 | 150 [-485, 785] | 71 | 0.38 | 0.25 | 13 | 101 | 5 |"), md);
        // false: -50, -30: mean -40, sd 14.1, half-width 12.706 x 10 = 127.1.
        assertTrue(md.contains("| false | 2 | -40 [-167, 87] | 14 | 0.88 | 0.25 |"), md);
        assertTrue(md.contains("- network.aux true vs false: difference +190 Elo, Welch p = "), md);
        assertTrue(md.contains("| aux=true | 2 | 200 [180, 220] | 13 | 101 | 5 |"), md);
        assertTrue(md.contains("Fixed opponents: random 0 [-10, 10]; " + OPPONENT + " 300 [250, 350]."), md);
    }

    @Test
    void aRunWithoutARatedCheckpointHasEmptyCellsNotZeros() throws Exception {
        var unrated = new AblationEvaluation.Result(rated.data(), Map.of(), rated.opponents());
        Path dir = tmp.resolve("none");
        Files.createDirectories(dir);
        AblationResults.write(plan, dir, runs.subList(0, 1), unrated);
        assertEquals("aux=true,1,,,,12.5,100,5,true,,", Files.readAllLines(dir.resolve("results.csv")).get(1));
        assertTrue(AblationResults.report(plan, runs.subList(0, 1), unrated).contains("| aux=true | 1 | - |"));
    }

    @Test
    void numbersAreWrittenShortAndNanIsEmpty() {
        assertEquals("3", AblationResults.num(3.0));
        assertEquals("0.125", AblationResults.num(0.125));
        assertEquals("0.3333", AblationResults.num(1.0 / 3));
        assertEquals("-12.5", AblationResults.num(-12.5));
        assertEquals("", AblationResults.num(Double.NaN));
    }
}
