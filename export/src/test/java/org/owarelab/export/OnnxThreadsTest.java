package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorContract;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The exported engine's search threads (the UCI option {@code Threads}, the key {@code threads}):
 * its model gives each thread of one search an evaluator of its own on the one shared session,
 * which runs each forward pass on the calling thread (one intra-op thread unless
 * {@value OnnxSettings#THREADS_PROPERTY} says otherwise), so the threads' passes run at once;
 * evaluators called from two threads at the same moment give the outputs each gives alone; and a
 * PUCT agent over the model searches on two threads by the clock. Speed is the bench's business
 * ({@code oware bench puct}, docs/agents.md), not this test's.
 */
class OnnxThreadsTest {
    private static final RuleSet RULES = RuleSet.DEFAULT;
    private static final ObservationEncoder COMPACT = Encoders.create("compact", RULES);

    @Test
    void eachSearchThreadGetsAnEvaluatorOfItsOwnOnOneIntraOpThread() throws Exception {
        if (System.getProperty(OnnxSettings.THREADS_PROPERTY) == null) {
            assertEquals(1, OnnxSettings.defaults().intraOpThreads(), "one intra-op thread per search thread by default");
        }
        List<Board> boards = EvaluatorContract.positions(RULES, 64, 5);
        Board[] batch = boards.toArray(new Board[0]);
        int n = RULES.houses();
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.parse("mlp:hidden=32x16,value=tanh,aux=true"), COMPACT,
                7, DeviceChoice.CPU);
                OnnxModel onnx = OnnxModel.of(OnnxWriter.toBytes(net, "mlp"), COMPACT, OnnxSettings.defaults());
                Evaluator first = onnx.open(null, RULES);
                Evaluator a = onnx.openForThread(null, RULES);
                Evaluator b = onnx.openForThread(null, RULES)) {
            assertNotSame(a, b);
            float[] priors = new float[batch.length * n];
            float[] values = new float[batch.length];
            first.evaluate(batch, batch.length, priors, values);
            // Both threads call at the same moment, many times over: each gets the outputs of one call alone.
            CyclicBarrier start = new CyclicBarrier(2);
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                List<Future<Boolean>> same = pool.invokeAll(List.of(() -> agrees(a, batch, priors, values, start),
                        () -> agrees(b, batch, priors, values, start)));
                for (Future<Boolean> f : same) {
                    assertTrue(f.get(), "concurrent calls gave the outputs of a call alone");
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    private static boolean agrees(Evaluator e, Board[] batch, float[] priors, float[] values, CyclicBarrier start)
            throws Exception {
        float[] p = new float[priors.length];
        float[] v = new float[values.length];
        start.await();
        for (int round = 0; round < 200; round++) {
            e.evaluate(batch, batch.length, p, v);
            assertArrayEquals(priors, p);
            assertArrayEquals(values, v);
        }
        return true;
    }

    @Test
    void aPuctAgentOverTheModelSearchesOnTwoThreadsByTheClock() {
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.parse("mlp:hidden=32x16,value=tanh,aux=true"), COMPACT,
                7, DeviceChoice.CPU)) {
            OnnxModel onnx = OnnxModel.of(OnnxWriter.toBytes(net, "mlp"), COMPACT, OnnxSettings.defaults());
            // The session is made before the clock starts (an engine makes it at isready), so the
            // moves' time goes to the search, not to loading ONNX Runtime.
            onnx.open(null, RULES).close();
            try (AgentFactory f = PuctAgent.factory("engine", onnx, 100);
                    Agent agent = f.create(AgentSpec.parse("engine:threads=2"), RULES, 1)) {
                Board board = new Board(RULES);
                for (int ply = 0; ply < 4; ply++) {
                    Decision d = agent.decide(board, SearchLimit.movetime(200), SearchMonitor.NONE);
                    assertTrue((board.legalMask() >>> d.move() & 1) != 0, "a legal move at ply " + ply);
                    assertTrue(d.nodes() > 1, "the search ran");
                    board.play(d.move());
                    agent.played(board, d.move());
                }
            }
        }
    }
}
