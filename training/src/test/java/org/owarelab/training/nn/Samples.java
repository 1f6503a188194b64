package org.owarelab.training.nn;

import java.util.List;
import java.util.SplittableRandom;
import org.owarelab.agents.eval.EvaluatorContract;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;

/** Seeded training batches for tests: random positions, random target policies over the legal moves, random results. */
final class Samples {
    private Samples() {
    }

    static TrainingBatch batch(ObservationEncoder encoder, int count, long seed) {
        int n = encoder.rules().houses();
        TrainingBatch batch = new TrainingBatch(count, encoder.size(), n);
        SplittableRandom random = new SplittableRandom(seed);
        List<Board> boards = EvaluatorContract.positions(encoder.rules(), count, seed);
        float[] obs = new float[encoder.size()];
        float[] policy = new float[n];
        for (Board b : boards) {
            encoder.encode(b, obs, 0);
            int mask = b.legalMask();
            float sum = 0;
            for (int m = 0; m < n; m++) {
                policy[m] = (mask >>> m & 1) != 0 ? (float) Math.pow(random.nextDouble(), 3) + 0.01f : 0f;
                sum += policy[m];
            }
            for (int m = 0; m < n; m++) {
                policy[m] /= sum;
            }
            float result = random.nextInt(3) - 1;
            float margin = (float) (random.nextDouble() * 2 - 1) * 0.5f;
            batch.add(obs, 0, mask, policy, 0, result, margin);
        }
        return batch;
    }

    /** Mean entropy of the batch's target policies: the least policy cross-entropy possible. */
    static double targetEntropy(TrainingBatch batch) {
        double h = 0;
        int n = batch.actions();
        for (int i = 0; i < batch.size(); i++) {
            for (int m = 0; m < n; m++) {
                float p = batch.policies()[i * n + m];
                h -= p > 0 ? p * Math.log(p) : 0;
            }
        }
        return h / batch.size();
    }
}
