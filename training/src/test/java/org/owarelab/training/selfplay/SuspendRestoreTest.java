package org.owarelab.training.selfplay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.inference.SyntheticEvaluator;

/**
 * Continuous self-play across network updates: games suspended at a generation's end (trees
 * dropped, streams reseeded) and taken in a snapshot play on, restored into a fresh worker, exactly
 * as they do in the worker that suspended them; games straddle the calls.
 */
class SuspendRestoreTest {
    static final SelfPlayConfig CFG = SelfPlayWorkerTest.CFG.withGames(5, 1);

    /** The games and positions of {@code calls} generations of {@code perCall} games each, suspending after each. */
    static List<String> generations(SelfPlayWorker w, int calls, int perCall) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < calls; c++) {
            w.useEvaluator(new SyntheticEvaluator(6, 42 + c)); // a new network each generation
            w.playContinuous(perCall, (g, p) -> {
                out.add(g.jsonLine());
                for (PositionRecord r : p) {
                    out.add(r.gameId() + "/" + r.ply() + " " + java.util.Arrays.toString(r.observation())
                            + java.util.Arrays.toString(r.policy()) + r.rootValue() + " " + r.result() + " " + r.margin());
                }
            });
            out.add("-- generation " + c + ": " + w.suspendInFlight() + " in flight");
        }
        return out;
    }

    static SelfPlayWorker worker() {
        SelfPlayWorker w = new SelfPlayWorker(CFG, SelfPlayWorkerTest.RULES, new SyntheticEvaluator(6, 1),
                new TinyEncoder(SelfPlayWorkerTest.RULES), 7);
        w.setGameIds(100, 3);
        return w;
    }

    @Test
    void aRestoredWorkerPlaysOnAsTheOneThatWasSuspended() {
        List<String> uninterrupted = generations(worker(), 4, 4);

        SelfPlayWorker first = worker();
        List<String> resumed = new ArrayList<>(generations(first, 1, 4));
        SelfPlayWorker.WorkerState saved = first.snapshot();
        assertTrue(saved.slots().stream().anyMatch(g -> g != null), "games in flight at the suspension");
        SelfPlayWorker second = new SelfPlayWorker(CFG, SelfPlayWorkerTest.RULES, new SyntheticEvaluator(6, 99),
                new TinyEncoder(SelfPlayWorkerTest.RULES), 7);
        second.restore(saved);
        assertEquals(saved, second.snapshot(), "a restored worker snapshots as the one it was taken from");
        // Generations 1..3 with the same evaluators as the uninterrupted worker's.
        for (int c = 1; c < 4; c++) {
            second.useEvaluator(new SyntheticEvaluator(6, 42 + c));
            List<String> one = new ArrayList<>();
            second.playContinuous(4, (g, p) -> {
                one.add(g.jsonLine());
                for (PositionRecord r : p) {
                    one.add(r.gameId() + "/" + r.ply() + " " + java.util.Arrays.toString(r.observation())
                            + java.util.Arrays.toString(r.policy()) + r.rootValue() + " " + r.result() + " " + r.margin());
                }
            });
            resumed.addAll(one);
            resumed.add("-- generation " + c + ": " + second.suspendInFlight() + " in flight");
        }
        assertEquals(uninterrupted, resumed);
    }

    @Test
    void gamesInFlightAtAGenerationsEndFinishInALaterOne() {
        SelfPlayWorker w = worker();
        w.playContinuous(4, (g, p) -> { });
        assertEquals(5, w.suspendInFlight(), "every slot still busy");
        Set<Long> inFlight = new HashSet<>();
        for (InFlightGame g : w.snapshot().slots()) {
            inFlight.add(g.gameId());
        }
        List<Long> next = new ArrayList<>();
        w.playContinuous(4, (g, p) -> next.add(g.gameId()));
        assertEquals(4, next.size(), "exactly the games asked for");
        assertTrue(next.stream().anyMatch(inFlight::contains), "a game started before the update finished after it: "
                + next + " of " + inFlight);
        // Game ids go on from where they were: base 100, stride 3.
        for (long id : next) {
            assertEquals(1, id % 3);
        }
    }

    @Test
    void aStateThatDoesNotFitIsRefusedByName() {
        SelfPlayWorker w = worker();
        w.playContinuous(2, (g, p) -> { });
        w.suspendInFlight();
        SelfPlayWorker.WorkerState saved = w.snapshot();
        SelfPlayWorker fewer = new SelfPlayWorker(CFG.withGames(4, 1), SelfPlayWorkerTest.RULES,
                new SyntheticEvaluator(6, 1), new TinyEncoder(SelfPlayWorkerTest.RULES), 7);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> fewer.restore(saved));
        assertTrue(e.getMessage().contains("5 slots saved, this worker has 4"), e.getMessage());

        List<InFlightGame> games = new ArrayList<>(saved.slots());
        InFlightGame g = games.get(2);
        games.set(2, new InFlightGame(g.gameId(), "AAAAAAAA", g.rngSeed(), g.fullSearch(), g.mayResign(),
                g.wouldResign(), g.wouldResignPly(), g.lowValues(), g.simulations(), new int[0], new int[0], new int[0]));
        SelfPlayWorker fresh = worker();
        e = assertThrows(IllegalArgumentException.class,
                () -> fresh.restore(new SelfPlayWorker.WorkerState(saved.nextGameId(), saved.idStride(), games)));
        assertTrue(e.getMessage().startsWith("slot 2: "), e.getMessage());
        assertEquals(0, fresh.inFlight(), "a refused restore leaves the worker idle");
        assertFalse(fresh.inFlight() > 0);
    }
}
