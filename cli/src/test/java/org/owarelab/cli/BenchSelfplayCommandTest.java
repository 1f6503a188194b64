package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code oware bench selfplay} measures in rounds and prints the median efficiency. */
class BenchSelfplayCommandTest {
    private static String run(int expectedExit, String... args) {
        Cli r = Cli.run(args);
        assertEquals(expectedExit, r.code(), r.err());
        return r.out() + r.err();
    }

    private static double percent(String s) {
        return Double.parseDouble(s.substring(0, s.indexOf('%')));
    }

    @Test
    void printsEachRoundAndTheirMedian() {
        String out = run(0, "bench", "selfplay", "--evaluator", "uniform", "--workers", "1", "--games", "4", "--sims",
                "8", "--total-games", "2", "--rounds", "3");
        List<String> rounds = out.lines().filter(l -> l.startsWith("round ")).toList();
        assertEquals(3, rounds.size(), out);
        double[] eff = rounds.stream().mapToDouble(l -> percent(l.substring(l.indexOf("efficiency ") + 11))).sorted()
                .toArray();
        String last = out.lines().filter(l -> l.startsWith("efficiency: ")).findFirst().orElseThrow();
        // Each round prints its efficiency rounded to 0.1; the median is the middle one.
        assertEquals(eff[1], percent(last.substring("efficiency: ".length())), 0.051, out);
        assertTrue(last.contains("(median of 3 rounds; "), out);
        // Every round finished its games: 2 games a round, 3 rounds.
        assertTrue(out.contains("games: 6, "), out);
    }

    @Test
    void oneRoundPrintsThePlainFigure() {
        String out = run(0, "bench", "selfplay", "--evaluator", "uniform", "--workers", "1", "--games", "4", "--sims",
                "8", "--total-games", "1", "--rounds", "1");
        assertTrue(out.lines().anyMatch(l -> l.matches("efficiency: [0-9.]+%")), out);
    }

    @Test
    void theOnnxEvaluatorRunsTheSameNetworkOnOnnxRuntime() {
        String out = run(0, "bench", "selfplay", "--evaluator", "onnx", "--network", "mlp:hidden=16", "--workers", "2",
                "--games", "4", "--sims", "8", "--total-games", "2", "--rounds", "1");
        assertTrue(out.contains("evaluator: ONNX Runtime mlp:hidden=16"), out);
        assertTrue(counts(out)[1] > 0, "its games were played and recorded: " + out);
        assertTrue(run(2, "bench", "selfplay", "--evaluator", "tpu").contains("expected mlp, onnx, uniform or synthetic"));
    }

    @Test
    void playoutCapRecordsOnlyTheFullSearches() {
        String[] base = {"bench", "selfplay", "--evaluator", "uniform", "--workers", "1", "--games", "4", "--sims", "8",
            "--total-games", "4", "--rounds", "1"};
        String plain = run(0, base);
        long[] p = counts(plain);
        String[] capped = java.util.Arrays.copyOf(base, base.length + 2);
        capped[base.length] = "--playout-cap";
        capped[base.length + 1] = "0.25,2";
        String out = run(0, capped);
        assertTrue(out.contains("simulations per move: 8 (a full search with probability 0.25, else 2)"), out);
        long[] c = counts(out);
        // Moves count the games in flight too; positions only finished games' full searches. About a
        // quarter of the moves are full searches: under half the plain run's positions per move.
        assertTrue(c[1] > 0 && (double) c[1] / c[0] < 0.5 * p[1] / p[0], plain + out);
    }

    /** Moves and positions of the "games: G, moves: M, positions: P in S s" line. */
    private static long[] counts(String out) {
        String line = out.lines().filter(l -> l.startsWith("games: ")).findFirst().orElseThrow();
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("moves: (\\d+), positions: (\\d+)").matcher(line);
        assertTrue(m.find(), line);
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))};
    }

    @Test
    void rejectsAMalformedPlayoutCap() {
        assertTrue(run(2, "bench", "selfplay", "--playout-cap", "0.25").contains("expected P,FAST"));
        assertTrue(run(2, "bench", "selfplay", "--playout-cap", "0.25,400").contains("at most --sims (200)"));
        assertTrue(run(2, "bench", "selfplay", "--playout-cap", "1.5,40").contains("playoutCap.fullProbability=1.5"));
    }

    @Test
    void rejectsZeroRounds() {
        String out = run(2, "bench", "selfplay", "--rounds", "0");
        assertTrue(out.contains("--rounds >= 1"), out);
    }
}
