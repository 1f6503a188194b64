package org.owarelab.model.rl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.Model;
import ai.djl.modality.rl.ActionSpace;
import ai.djl.modality.rl.agent.EpsilonGreedy;
import ai.djl.modality.rl.agent.QAgent;
import ai.djl.modality.rl.agent.RlAgent;
import ai.djl.modality.rl.env.RlEnv;
import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDArrays;
import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import ai.djl.nn.Activation;
import ai.djl.nn.LambdaBlock;
import ai.djl.nn.SequentialBlock;
import ai.djl.nn.core.Linear;
import ai.djl.training.DefaultTrainingConfig;
import ai.djl.training.Trainer;
import ai.djl.training.loss.Loss;
import ai.djl.training.optimizer.Optimizer;
import ai.djl.training.tracker.Tracker;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.IllegalActionException;
import org.owarelab.env.OpponentEnv;
import org.owarelab.env.RandomPolicy;

/** DJL's RL API on Oware, on the CPU engine. */
class DjlOwareEnvTest {
    private static OpponentEnv game(long seed) {
        return new OpponentEnv(EnvConfig.DEFAULT, new RandomPolicy(seed), OpponentEnv.Seat.RANDOM);
    }

    /** Picks uniformly from the action space, checking it is the legal moves as one-hots. */
    private static final class RandomAgent implements RlAgent {
        private final SplittableRandom random = new SplittableRandom(3);

        @Override
        public NDList chooseAction(RlEnv env, boolean training) {
            DjlOwareEnv e = (DjlOwareEnv) env;
            ActionSpace space = env.getActionSpace();
            int mask = e.env().env().legalMask();
            assertEquals(Integer.bitCount(mask), space.size(), "one action per legal move");
            for (NDList a : space) {
                float[] v = a.singletonOrThrow().toFloatArray();
                int hot = -1;
                for (int i = 0; i < v.length; i++) {
                    if (v[i] == 1f) {
                        hot = i;
                    }
                }
                assertTrue(hot >= 0 && (mask >>> hot & 1) != 0, "a one-hot of a legal move");
            }
            assertEquals(e.env().agentSide(), e.env().env().board().toMove(), "the agent is to move");
            return space.get(random.nextInt(space.size()));
        }

        @Override
        public void trainBatch(RlEnv.Step[] batchSteps) {
        }
    }

    @Test
    void runEnvironmentPlaysWholeGamesWithLegalMovesAndFreesItsArrays() {
        try (NDManager manager = NDManager.newBaseManager();
                DjlOwareEnv env = new DjlOwareEnv(manager, game(1), 4, 16, 7)) {
            RandomAgent agent = new RandomAgent();
            for (int episode = 0; episode < 5; episode++) {
                float total = env.runEnvironment(agent, false);
                assertTrue(total == 1f || total == 0f || total == -1f, "result rewards: " + total);
                assertEquals(env.env().env().board().result(env.env().agentSide()), (int) total, "the agent's result");
            }
            assertEquals(0, env.replaySize(), "nothing recorded outside training");
            int live = manager.getManagedArrays().size();
            for (int episode = 0; episode < 5; episode++) {
                env.runEnvironment(agent, true);
            }
            assertEquals(16, env.replaySize());
            // Only the current state's and the 16 recorded steps' arrays remain, however long the run.
            for (int episode = 0; episode < 5; episode++) {
                env.runEnvironment(agent, true);
            }
            assertTrue(manager.getManagedArrays().size() <= live + 16 * 3, "arrays: " + manager.getManagedArrays().size());
        }
    }

    @Test
    void stepsDecodeOneHotsAndIndicesAndRefuseIllegalMoves() {
        try (NDManager manager = NDManager.newBaseManager();
                DjlOwareEnv env = new DjlOwareEnv(manager, game(2), 4, 16, 8)) {
            int mask = env.env().env().legalMask();
            int legal = Integer.numberOfTrailingZeros(mask);
            int illegal = Integer.numberOfTrailingZeros(~mask);
            int ply = env.env().env().board().ply();
            RlEnv.Step s = env.step(new NDList(manager.create((float) legal)), true);
            assertEquals(legal, ((OwareStep) s).actionIndex());
            assertTrue(env.env().env().board().ply() > ply);
            assertEquals(new Shape(14), s.getPreObservation().singletonOrThrow().getShape());
            assertEquals(new Shape(6), s.getAction().singletonOrThrow().getShape());
            if (illegal < 6 && !s.isDone()) {
                NDArray bad = DjlOwareEnv.oneHot(manager, illegal, 6);
                assertThrows(IllegalActionException.class, () -> env.step(new NDList(bad), false));
            }
            assertThrows(IllegalArgumentException.class, () -> env.step(new NDList(manager.zeros(new Shape(3))), false));
        }
    }

    @Test
    void djlQAgentTrainsOnOware() {
        try (NDManager manager = NDManager.newBaseManager();
                DjlOwareEnv env = new DjlOwareEnv(manager, game(3), 8, 256, 9);
                Model model = Model.newInstance("oware-q")) {
            // Q(observation, one-hot action): the two inputs are concatenated, then a small MLP.
            SequentialBlock block = new SequentialBlock()
                    .add(new LambdaBlock(list -> new NDList(NDArrays.concat(list, 1))))
                    .add(Linear.builder().setUnits(32).build())
                    .add(Activation.reluBlock())
                    .add(Linear.builder().setUnits(1).build());
            model.setBlock(block);
            DefaultTrainingConfig config = new DefaultTrainingConfig(Loss.l2Loss())
                    .optOptimizer(Optimizer.adam().build());
            try (Trainer trainer = model.newTrainer(config)) {
                trainer.initialize(new Shape(1, 14), new Shape(1, 6));
                RlAgent agent = new EpsilonGreedy(new QAgent(trainer, 0.9f), Tracker.fixed(0.3f));
                int batches = 0;
                for (int episode = 0; episode < 3; episode++) {
                    float total = env.runEnvironment(agent, true);
                    assertTrue(Math.abs(total) <= 1f);
                    RlEnv.Step[] batch = env.getBatch();
                    assertEquals(8, batch.length);
                    agent.trainBatch(batch);
                    trainer.step();
                    batches++;
                }
                assertEquals(3, batches);
                assertTrue(env.replaySize() > 0);
            }
        }
    }
}
