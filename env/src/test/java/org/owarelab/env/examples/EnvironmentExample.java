package org.owarelab.env.examples;

import java.util.SplittableRandom;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.OpponentEnv;
import org.owarelab.env.OwareEnv;
import org.owarelab.env.RandomPolicy;
import org.owarelab.env.RewardMode;
import org.owarelab.env.TimeStep;
import org.owarelab.env.VectorEnv;
import org.owarelab.rules.Side;

/** The "Environment" example of docs/environment.md, kept compiling and running by {@code EnvironmentExampleTest}. */
public class EnvironmentExample {
    public static void main(String[] args) {
        SplittableRandom random = new SplittableRandom(7);

        // One game, both players acting through step(); rewards are per side (SOUTH = 0, NORTH = 1).
        EnvConfig config = EnvConfig.DEFAULT.withReward(RewardMode.MARGIN).withOpeningPlies(4);
        OwareEnv env = new OwareEnv(config);
        TimeStep t = env.reset(42);                       // 4 random opening plies drawn from seed 42
        float southReturn = 0;
        while (!t.done()) {
            int action = randomLegal(t.legalMask(), random); // houses 0..5 from the mover's left
            t = env.step(action);
            southReturn += t.reward(Side.SOUTH);
        }
        System.out.printf("game: %s after %d plies, %d:%d, South's return %.3f%n",
                t.terminated() ? t.info().endReason() : "truncated", t.info().ply(),
                t.info().southScore(), t.info().northScore(), southReturn);

        // Single-agent view: the agent plays North against a random policy.
        OpponentEnv solo = new OpponentEnv(EnvConfig.DEFAULT, new RandomPolicy(1), OpponentEnv.Seat.NORTH);
        TimeStep s = solo.reset(3);
        while (!s.done()) {
            s = solo.step(randomLegal(s.legalMask(), random)); // always North's turn here
        }
        System.out.printf("vs random: North's reward %+.0f%n", s.reward(solo.agentSide()));

        // 256 games at once into preallocated buffers; finished games restart by themselves.
        VectorEnv vec = new VectorEnv(EnvConfig.DEFAULT, 256);
        vec.reset(42);
        float[] observations = vec.observations();      // 256 x 14 floats, rewritten by every step
        int[] masks = vec.masks();
        int[] actions = new int[vec.count()];
        int finished = 0;
        for (int step = 0; step < 1000; step++) {
            for (int i = 0; i < actions.length; i++) {
                actions[i] = randomLegal(masks[i], random); // a policy would read observations here
            }
            vec.step(actions);
            for (int i = 0; i < actions.length; i++) {
                if (vec.terminated()[i] || vec.truncated()[i]) {
                    finished++;                           // vec.finalScores(), finalObservations() hold the end
                }
            }
        }
        System.out.printf("vector: %d games finished, %d floats per batch%n", finished, observations.length);
    }

    /** A uniformly random set bit of a non-empty mask. */
    static int randomLegal(int mask, SplittableRandom random) {
        int k = random.nextInt(Integer.bitCount(mask));
        for (int m = mask;; m &= m - 1) {
            if (k-- == 0) {
                return Integer.numberOfTrailingZeros(m);
            }
        }
    }
}
