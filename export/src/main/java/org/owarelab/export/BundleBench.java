package org.owarelab.export;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.Decision;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.ModelRef;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The figures of an exported bundle ({@code oware bench bundle}): its size, its engine's start-up
 * (launch to {@code uciok}, {@code go} to the first {@code bestmove}), the simulations per second
 * of the ONNX Runtime engine next to the libtorch (DJL) one on the same checkpoint in this one
 * process, and how often the two play the same move at a fixed simulation count. Both sides run
 * the same PUCT search with the evaluator the engines use (one thread, batch as the search asks);
 * only the runtime differs. Prints figures; asserts nothing (the tests check behaviour).
 */
public final class BundleBench {
    /** A disagreement is a near-tie when the two moves' visits differ by at most this many in both searches. */
    static final int NEAR_TIE_VISITS = 2;

    private BundleBench() {
    }

    /**
     * The agreement of the ONNX and DJL searches.
     *
     * @param positions positions searched
     * @param same positions where both chose the same move
     * @param nearTies disagreements where the two moves' visits differ by at most {@value #NEAR_TIE_VISITS}
     *     in both searches (float rounding turned a near-tie)
     */
    public record Agreement(int positions, int same, int nearTies) {
        /** The share of positions with the same move. */
        public double rate() {
            return positions == 0 ? 1 : (double) same / positions;
        }
    }

    /** Bytes of every file under {@code dir}. */
    public static long size(Path dir) throws IOException {
        long bytes = 0;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                bytes += Files.size(p);
            }
        }
        return bytes;
    }

    /**
     * Plays {@code positions} seeded random positions with both runtimes at {@code sims}
     * simulations (no noise, most-visited move) and counts the same moves.
     */
    public static Agreement agreement(Path bundle, int positions, int sims, long seed) {
        ModelRef ref = ModelRef.of(bundle.resolve(BundleWriter.CHECKPOINT));
        RuleSet rules = ref.rules();
        List<Board> boards = RandomPositions.sample(rules, positions, seed);
        int same = 0;
        int nearTies = 0;
        try (AgentRegistry agents = registry(bundle, ref, sims);
             Agent djl = agents.create("djl", rules, seed);
             Agent onnx = agents.create("onnx", rules, seed)) {
            for (Board b : boards) {
                djl.reset(seed);
                onnx.reset(seed);
                Decision d = djl.decide(b.copy());
                Decision o = onnx.decide(b.copy());
                if (d.move() == o.move()) {
                    same++;
                } else if (close(d, o.move(), d.move(), sims) && close(o, o.move(), d.move(), sims)) {
                    nearTies++;
                }
            }
        }
        return new Agreement(boards.size(), same, nearTies);
    }

    private static boolean close(Decision d, int a, int b, int sims) {
        return Math.abs(d.policy()[a] - d.policy()[b]) * sims <= NEAR_TIE_VISITS + 1e-3;
    }

    /**
     * Simulations per second of each runtime at {@code movetime} ms a move over {@code positions}
     * seeded positions, alternating the runtimes position by position so that a change in the
     * machine's load falls on both; returns {@code {onnx, djl}}.
     */
    public static double[] simulationsPerSecond(Path bundle, int positions, long movetime, long seed) {
        ModelRef ref = ModelRef.of(bundle.resolve(BundleWriter.CHECKPOINT));
        RuleSet rules = ref.rules();
        List<Board> boards = RandomPositions.sample(rules, positions, seed);
        long[] nodes = new long[2];
        long[] nanos = new long[2];
        try (AgentRegistry agents = registry(bundle, ref, 1);
             Agent onnx = agents.create("onnx:movetime=" + movetime, rules, seed);
             Agent djl = agents.create("djl:movetime=" + movetime, rules, seed)) {
            onnx.decide(new Board(rules)); // first calls load the natives and plan the buffers
            djl.decide(new Board(rules));
            for (Board b : boards) {
                int k = 0;
                for (Agent a : new Agent[] {onnx, djl}) {
                    a.reset(seed);
                    Decision d = a.decide(b.copy());
                    nodes[k] += d.nodes();
                    nanos[k] += d.timeNanos();
                    k++;
                }
            }
        }
        return new double[] {nodes[0] * 1e9 / Math.max(1, nanos[0]), nodes[1] * 1e9 / Math.max(1, nanos[1])};
    }

    /**
     * Starts {@code DIR/engine} and returns milliseconds from launch to {@code uciok}, and from
     * sending {@code go movetime MS} (the start position) to its {@code bestmove}.
     */
    public static long[] startup(Path bundle, long movetime) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process p = new ProcessBuilder(bundle.resolve(BundleWriter.LAUNCHER).toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (PrintWriter in = new PrintWriter(p.getOutputStream(), true, StandardCharsets.UTF_8);
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.println("uci");
            long uciok = waitFor(out, "uciok", start);
            in.println("isready");
            waitFor(out, "readyok", start);
            in.println("position startpos");
            long go = System.nanoTime();
            in.println("go movetime " + movetime);
            long best = waitFor(out, "bestmove", go);
            in.println("quit");
            return new long[] {uciok, best};
        } finally {
            if (!p.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
    }

    private static long waitFor(BufferedReader out, String prefix, long since) throws IOException {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            if (line.startsWith(prefix)) {
                return (System.nanoTime() - since) / 1_000_000;
            }
        }
        throw new IOException("the engine ended before '" + prefix + "'");
    }

    /** Prints every figure for {@code bundle}. */
    public static void run(Path bundle, int positions, long movetime, int agreementPositions, int sims, PrintStream out)
            throws IOException, InterruptedException {
        out.printf("bundle %s: %.1f MB (lib/onnxruntime jar %.1f MB)%n", bundle, size(bundle) / 1e6,
                Files.size(bundle.resolve("lib").resolve(onnxJar(bundle))) / 1e6);
        long[] s = startup(bundle, movetime);
        out.printf("engine: launch to uciok %d ms; go movetime %d to bestmove %d ms (loads ONNX Runtime)%n", s[0],
                movetime, s[1]);
        double[] sps = simulationsPerSecond(bundle, positions, movetime, 1);
        out.printf("simulations/s at movetime %d ms over %d positions: onnxruntime %.0f, libtorch (DJL) %.0f, ratio %.2f%n",
                movetime, positions, sps[0], sps[1], sps[0] / sps[1]);
        Agreement a = agreement(bundle, agreementPositions, sims, 2);
        out.printf("move agreement at %d sims over %d positions: %d same (%.1f%%), %d differ, of which %d near-ties "
                + "(visits within %d)%n", sims, a.positions(), a.same(), 100 * a.rate(), a.positions() - a.same(),
                a.nearTies(), NEAR_TIE_VISITS);
    }

    private static String onnxJar(Path bundle) throws IOException {
        try (Stream<Path> s = Files.list(bundle.resolve("lib"))) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("onnxruntime-")).findFirst()
                    .orElseThrow(() -> new ExportException(bundle + ": no ONNX Runtime jar in lib/ (not a bundle?)"));
        }
    }

    /** {@code djl} and {@code onnx}: PUCT at {@code sims} over the bundle's checkpoint and its model.onnx. */
    private static AgentRegistry registry(Path bundle, ModelRef ref, int sims) {
        if (!Files.isRegularFile(bundle.resolve(BundleWriter.ONNX))) {
            throw new ExportException(bundle + ": no " + BundleWriter.ONNX + " (not an exported bundle?)");
        }
        OnnxModel onnx = OnnxModel.of(bundle.resolve(BundleWriter.ONNX), ref.encoder(), OnnxSettings.defaults());
        return BuiltInAgents.registry().with(PuctAgent.factory("onnx", onnx, sims))
                .with(PuctAgent.factory("djl", new Djl(ref), sims));
    }

    /** The libtorch engine's evaluators as the bundle had them: one DJL evaluator on one libtorch thread each. */
    private static final class Djl implements EvaluatorSource {
        private final ModelRef ref;
        private final PolicyValueNet net;

        Djl(ModelRef ref) {
            this.ref = ref;
            this.net = ref.load(DeviceChoice.CPU);
        }

        @Override
        public Evaluator open(String ignored, RuleSet rules) {
            return new DjlEvaluator(net, ref.encoder(), 32, 1);
        }

        @Override
        public void close() {
            net.close();
        }
    }
}
