package org.owarelab.training.nn;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.replay.Minibatch;

/**
 * Raw speed of a network on this machine: batched forward passes through the evaluator's own
 * path (input copy, forward, output copy, masked softmax; no board encoding), and learner steps.
 * Inputs are seeded random floats. Figures are wall-clock on whatever else the machine runs:
 * report them as indicative. {@code oware bench selfplay} divides its evaluations/s by
 * {@link #forwardThroughput}'s positions/s at the same batch for its pipeline efficiency.
 */
public final class NetworkBench {
    private NetworkBench() {
    }

    /**
     * What a timed run measured.
     *
     * @param batch positions per call (forward) or per step (training)
     * @param calls forward calls or learner steps timed
     * @param seconds time they took
     */
    public record Result(NetworkSpec spec, int batch, long calls, double seconds, long parameters) {
        /** Positions (or training samples) per second. */
        public double positionsPerSecond() {
            return calls * (double) batch / seconds;
        }

        /** Microseconds per position (or sample). */
        public double microsPerPosition() {
            return seconds * 1e6 / (calls * (double) batch);
        }
    }

    /** Forward throughput of {@code spec} reading {@code encoder}'s observations, timed for about {@code seconds} after a warm-up. */
    public static Result forwardThroughput(NetworkSpec spec, ObservationEncoder encoder, int batch, double seconds,
                                           DeviceChoice device) {
        return forwardThroughput(spec, encoder.shape(), encoder.rules(), batch, seconds, device);
    }

    /** Forward throughput for an observation {@code shape} under {@code rules} (no encoder needed). */
    public static Result forwardThroughput(NetworkSpec spec, int[] shape, RuleSet rules, int batch, double seconds,
                                           DeviceChoice device) {
        check(batch, seconds);
        ObservationEncoder enc = new ShapeOnly(shape, rules);
        int n = rules.houses();
        float[] obs = random(batch * enc.size(), 1);
        int[] masks = new int[batch];
        Arrays.fill(masks, (1 << n) - 1);
        float[] priors = new float[batch * n];
        float[] values = new float[batch];
        try (PolicyValueNet net = PolicyValueNet.create(spec, enc, 1, device);
             DjlEvaluator e = new DjlEvaluator(net, enc, batch)) {
            long[] timed = time(seconds, () -> e.evaluateObservations(obs, masks, batch, priors, values));
            return new Result(spec, batch, timed[0], timed[1] / 1e9, net.parameterCount());
        }
    }

    /** Learner steps per second on one random batch (Adam, the config's defaults otherwise), as samples per second. */
    public static Result trainingThroughput(NetworkSpec spec, int[] shape, RuleSet rules, int batch, double seconds,
                                            DeviceChoice device) {
        check(batch, seconds);
        ObservationEncoder enc = new ShapeOnly(shape, rules);
        int n = rules.houses();
        float[] obs = random(enc.size(), 2);
        try (PolicyValueNet net = PolicyValueNet.create(spec, enc, 1, device);
             Learner learner = new Learner(net, LearnerConfig.adam(1e-4))) {
            Minibatch b = new Minibatch(learner.layout(), batch);
            Arrays.fill(b.policies, 1f / n);
            for (int i = 0; i < batch; i++) {
                System.arraycopy(obs, 0, b.observations, i * obs.length, obs.length);
                b.masks[i] = (1 << n) - 1;
                b.results[i] = i % 3 - 1;
            }
            long[] timed = time(seconds, () -> learner.step(b));
            return new Result(spec, batch, timed[0], timed[1] / 1e9, net.parameterCount());
        }
    }

    /** Runs {@code work} for ~{@code seconds / 5} untimed, then for ~{@code seconds}; returns {calls, nanos}. */
    private static long[] time(double seconds, Runnable work) {
        long warm = System.nanoTime() + (long) (seconds * 0.2e9);
        int calls = 0;
        while (calls < 3 || System.nanoTime() < warm) {
            work.run();
            calls++;
        }
        long t0 = System.nanoTime();
        long end = t0 + (long) (seconds * 1e9);
        long n = 0;
        long now;
        do {
            work.run();
            n++;
            now = System.nanoTime();
        } while (now < end);
        return new long[] {n, now - t0};
    }

    private static void check(int batch, double seconds) {
        if (batch < 1 || !(seconds > 0)) {
            throw new IllegalArgumentException("bench: expected batch >= 1 and seconds > 0, got " + batch + ", " + seconds);
        }
    }

    private static float[] random(int size, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        float[] out = new float[size];
        for (int i = 0; i < size; i++) {
            out[i] = (float) (r.nextDouble() * 0.2);
        }
        return out;
    }

    /** An encoder that only has a shape: benches feed observations directly. */
    private record ShapeOnly(int[] shape, RuleSet rules) implements ObservationEncoder {
        @Override
        public String id() {
            return "bench";
        }

        @Override
        public int version() {
            return 0;
        }

        @Override
        public int[] shape() {
            return shape.clone();
        }

        @Override
        public void encode(Board board, float[] out, int offset) {
            throw new UnsupportedOperationException("the bench encoder encodes nothing");
        }
    }
}
