package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.agents.puct.PuctConfig;
import org.owarelab.agents.puct.Temperature;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

class SelfPlayWorkerTest {
    static final RuleSet RULES = RuleSet.DEFAULT;

    /** Exploring config with every random ingredient on: noise, temperature, forced playouts, playout cap, resignation. */
    static final SelfPlayConfig CFG = SelfPlayConfig.DEFAULT.withSimulations(24)
            .withTemperature(new Temperature(1.0, 20, 0.0))
            .withSearch(PuctConfig.DEFAULT.withNoise(new PuctConfig.RootNoise(1.0, 0.25)).withForcedPlayouts(2))
            .withPlayoutCap(new SelfPlayConfig.PlayoutCap(0.75, 8))
            .withResign(new SelfPlayConfig.Resign(true, -0.3, 2, 0.5));

    record Played(List<SelfPlayRecord> games, List<PositionRecord> positions, SelfPlayStats stats) {
    }

    static Played play(SelfPlayConfig cfg, Evaluator ev, long seed, long first, int count) {
        List<SelfPlayRecord> games = new ArrayList<>();
        List<PositionRecord> positions = new ArrayList<>();
        SelfPlayWorker w = new SelfPlayWorker(cfg, RULES, ev, new TinyEncoder(RULES), seed);
        w.play(first, count, (g, p) -> {
            games.add(g);
            positions.addAll(p);
        });
        games.sort(Comparator.comparingLong(SelfPlayRecord::gameId));
        positions.sort(Comparator.comparingLong(PositionRecord::gameId).thenComparingInt(PositionRecord::ply));
        return new Played(games, positions, w.stats());
    }

    static void assertSame(Played a, Played b) {
        assertEquals(a.games(), b.games());
        assertEquals(a.positions().size(), b.positions().size());
        for (int i = 0; i < a.positions().size(); i++) {
            PositionRecord x = a.positions().get(i);
            PositionRecord y = b.positions().get(i);
            assertEquals(x.gameId(), y.gameId());
            assertEquals(x.ply(), y.ply());
            assertArrayEquals(x.observation(), y.observation());
            assertArrayEquals(x.policy(), y.policy());
            assertEquals(x.result(), y.result());
            assertEquals(x.margin(), y.margin());
            assertEquals(x.rootValue(), y.rootValue());
            assertEquals(x.flags(), y.flags());
        }
    }

    @Test
    void sameSeedSameGamesWhateverTheBatching() {
        List<Supplier<Evaluator>> evaluators = List.of(() -> new UniformEvaluator(6), () -> new SyntheticEvaluator(6, 42));
        for (Supplier<Evaluator> ev : evaluators) {
            Played reference = play(CFG.withGames(1, 1), ev.get(), 7, 100, 6);
            assertSame(reference, play(CFG.withGames(4, 1), ev.get(), 7, 100, 6));
            assertSame(reference, play(CFG.withGames(6, 1), ev.get(), 7, 100, 6));
            // The games of a range are the same games inside a larger range.
            Played wider = play(CFG.withGames(3, 1), ev.get(), 7, 98, 10);
            assertEquals(reference.games(), wider.games().subList(2, 8));
            Played otherSeed = play(CFG.withGames(4, 1), ev.get(), 8, 100, 6);
            assertNotEquals(reference.games().get(0).moves(), otherSeed.games().get(0).moves());
        }
    }

    @Test
    void continuousPlayKeepsGamesInFlightAndPlaysTheSameGames() {
        SelfPlayConfig cfg = CFG.withGames(4, 1);
        List<SelfPlayRecord> continuous = new ArrayList<>();
        SelfPlayWorker w = new SelfPlayWorker(cfg, RULES, new SyntheticEvaluator(6, 42), new TinyEncoder(RULES), 7);
        w.setGameIds(100, 2);
        for (int call = 0; call < 3; call++) {
            int before = continuous.size();
            w.playContinuous(3, (g, p) -> continuous.add(g));
            assertEquals(before + 3, continuous.size());
            assertEquals(4, w.inFlight(), "every slot stays busy between calls");
        }
        assertEquals(4, w.abandonInFlight());
        assertEquals(0, w.inFlight());
        // Each game depends on its id only: batch play of the same ids gives the same games.
        for (SelfPlayRecord g : continuous) {
            assertEquals(0, (g.gameId() - 100) % 2);
            Played alone = play(cfg.withGames(1, 1), new SyntheticEvaluator(6, 42), 7, g.gameId(), 1);
            assertEquals(alone.games().get(0), g);
        }
    }

    @Test
    void withTheSolverTheSameSeedPlaysTheSameGamesWhateverTheBatching() {
        SelfPlayConfig on = CFG.withSolver(true).withResign(SelfPlayConfig.Resign.OFF);
        Played reference = play(on.withGames(1, 1), new SyntheticEvaluator(6, 42), 7, 100, 6);
        assertSame(reference, play(on.withGames(4, 1), new SyntheticEvaluator(6, 42), 7, 100, 6));
        assertEquals(6, reference.games().size());
        for (PositionRecord x : reference.positions()) {
            double sum = 0;
            for (float v : x.policy()) {
                assertTrue(v >= 0, "policy entry " + v);
                sum += v;
            }
            assertEquals(1.0, sum, 1e-4, "policy of game " + x.gameId() + " ply " + x.ply());
        }
    }

    @Test
    void recordsMatchAReplayOfTheGame() {
        Played p = play(CFG.withGames(5, 2), new SyntheticEvaluator(6, 3), 11, 0, 10);
        assertEquals(10, p.games().size());
        TinyEncoder enc = new TinyEncoder(RULES);
        int i = 0;
        for (SelfPlayRecord g : p.games()) {
            Board b = new Board(RULES);
            List<Integer> sides = new ArrayList<>();
            List<float[]> observations = new ArrayList<>();
            List<Integer> masks = new ArrayList<>();
            for (char c : g.moves().toCharArray()) {
                sides.add(b.toMove());
                float[] obs = new float[enc.size()];
                enc.encode(b, obs, 0);
                observations.add(obs);
                masks.add(b.legalMask());
                b.play(Moves.parse(b, c));
            }
            // A resignation records the position it happens in, where no move follows.
            sides.add(b.toMove());
            float[] last = new float[enc.size()];
            enc.encode(b, last, 0);
            observations.add(last);
            masks.add(b.legalMask());
            switch (g.end()) {
                case "resigned" -> assertTrue(!b.isOver() && g.winner() == 1 - b.toMove(), "the side to move resigned");
                case "ply-cap" -> assertEquals(CFG.plyCap(), b.ply());
                default -> {
                    assertTrue(b.isOver());
                    assertEquals(b.endReason().text(), g.end());
                    assertEquals(b.winner(), g.winner());
                    assertEquals(b.finalStore(0), g.southStore());
                    assertEquals(b.finalStore(1), g.northStore());
                }
            }
            int recorded = 0;
            for (; i < p.positions().size() && p.positions().get(i).gameId() == g.gameId(); i++, recorded++) {
                PositionRecord r = p.positions().get(i);
                int side = sides.get(r.ply());
                assertArrayEquals(observations.get(r.ply()), r.observation());
                assertEquals((int) masks.get(r.ply()), r.legalMask());
                assertEquals(g.winner() < 0 ? 0 : g.winner() == side ? 1 : -1, r.result());
                assertEquals(side == 0 ? g.southStore() - g.northStore() : g.northStore() - g.southStore(), r.margin());
                double sum = 0;
                for (int m = 0; m < 6; m++) {
                    sum += r.policy()[m];
                    assertTrue(r.policy()[m] == 0 || (r.legalMask() >>> m & 1) != 0);
                }
                assertEquals(1.0, sum, 1e-5);
                assertTrue(r.rootValue() >= -1 && r.rootValue() <= 1);
            }
            assertEquals(g.positions(), recorded);
            assertTrue(recorded < g.moves().length() || g.moves().isEmpty(), "the playout cap leaves fast searches unrecorded");
        }
        assertEquals(p.positions().size(), i);
    }

    @Test
    void resignationAndItsFalsePositivesAreCounted() {
        Played p = play(CFG.withGames(8, 1), new SyntheticEvaluator(6, 5), 3, 0, 40);
        long resigned = p.games().stream().filter(g -> g.end().equals("resigned")).count();
        long through = p.games().stream().filter(g -> g.wouldResign() >= 0).count();
        long fp = p.games().stream().filter(SelfPlayRecord::falsePositive).count();
        assertTrue(resigned > 0 && through > 0, "resigned " + resigned + ", played through " + through);
        assertEquals(resigned, p.stats().resigned());
        assertEquals(through, p.stats().playedThrough());
        assertEquals(fp, p.stats().falsePositives());
        for (SelfPlayRecord g : p.games()) {
            assertTrue(g.wouldResign() < 0 || !g.end().equals("resigned"));
        }
    }

    @Test
    void thePlyCapEndsGamesAsDraws() {
        Played p = play(CFG.withPlyCap(10).withResign(SelfPlayConfig.Resign.OFF), new UniformEvaluator(6), 1, 0, 4);
        for (SelfPlayRecord g : p.games()) {
            assertEquals("ply-cap", g.end());
            assertEquals(-1, g.winner());
            assertEquals(10, g.moves().length());
        }
        assertTrue(p.positions().stream().allMatch(r -> r.result() == 0 && r.flags() == PositionRecord.PLY_CAPPED));
    }

    @Test
    void statsAddUp() {
        SelfPlayConfig cfg = CFG.withPlayoutCap(SelfPlayConfig.PlayoutCap.OFF).withResign(SelfPlayConfig.Resign.OFF)
                .withGames(8, 1);
        Played p = play(cfg, new SyntheticEvaluator(6, 9), 1, 0, 8);
        long moves = p.games().stream().mapToLong(g -> g.moves().length()).sum();
        assertEquals(moves, p.stats().moves());
        assertEquals(moves, p.stats().positions(), "every move recorded without a playout cap");
        assertEquals(moves * 24, p.stats().simulations());
        assertTrue(p.stats().evaluated() <= p.stats().simulations());
        assertTrue(p.stats().meanBatch() > 4, "batches of about 8 expected, got " + p.stats().meanBatch());
    }

    @Test
    void mismatchedEncoderOrEvaluatorIsRefused() {
        RuleSet small = RuleSet.parse("houses=4,seeds=2");
        assertThrows(IllegalArgumentException.class,
                () -> new SelfPlayWorker(CFG, RULES, new UniformEvaluator(6), new TinyEncoder(small), 1));
        assertThrows(IllegalArgumentException.class,
                () -> new SelfPlayWorker(CFG, RULES, new UniformEvaluator(4), new TinyEncoder(RULES), 1));
    }
}
