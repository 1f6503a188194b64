package org.owarelab.training.nn;

import java.util.List;
import java.util.SplittableRandom;
import org.owarelab.agents.inference.EvaluatorContract;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;
import org.owarelab.training.replay.Minibatch;
import org.owarelab.training.replay.RecordLayout;

/** Seeded learner minibatches for tests: random positions, random target policies over the legal moves, random results. */
final class Samples {
    private Samples() {
    }

    static Minibatch batch(ObservationEncoder encoder, int count, long seed) {
        int n = encoder.rules().houses();
        int size = encoder.size();
        Minibatch batch = new Minibatch(RecordLayout.of(encoder), count);
        SplittableRandom random = new SplittableRandom(seed);
        List<Board> boards = EvaluatorContract.positions(encoder.rules(), count, seed);
        for (int i = 0; i < count; i++) {
            Board b = boards.get(i);
            encoder.encode(b, batch.observations, i * size);
            int mask = b.legalMask();
            float[] policy = new float[n];
            float sum = 0;
            for (int m = 0; m < n; m++) {
                policy[m] = (mask >>> m & 1) != 0 ? (float) Math.pow(random.nextDouble(), 3) + 0.01f : 0f;
                sum += policy[m];
            }
            for (int m = 0; m < n; m++) {
                batch.policies[i * n + m] = policy[m] / sum;
            }
            batch.masks[i] = mask;
            batch.results[i] = random.nextInt(3) - 1;
            batch.margins[i] = (float) (random.nextDouble() * 2 - 1) * 0.5f;
        }
        return batch;
    }

    /** Mean entropy of the batch's target policies: the least policy cross-entropy possible. */
    static double targetEntropy(Minibatch batch) {
        double h = 0;
        int n = batch.layout.actions();
        for (int i = 0; i < batch.size; i++) {
            for (int m = 0; m < n; m++) {
                float p = batch.policies[i * n + m];
                h -= p > 0 ? p * Math.log(p) : 0;
            }
        }
        return h / batch.size;
    }
}
