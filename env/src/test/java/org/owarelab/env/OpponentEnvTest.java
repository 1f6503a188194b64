package org.owarelab.env;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Side;

class OpponentEnvTest {
    @Test
    void theAgentAlwaysMovesAndItsRewardsSumToItsResult() {
        for (OpponentEnv.Seat seat : OpponentEnv.Seat.values()) {
            OpponentEnv env = new OpponentEnv(EnvConfig.DEFAULT, new RandomPolicy(0), seat);
            for (long seed = 0; seed < 20; seed++) {
                TimeStep t = env.reset(seed);
                int me = env.agentSide();
                if (seat != OpponentEnv.Seat.RANDOM) {
                    assertEquals(seat == OpponentEnv.Seat.SOUTH ? Side.SOUTH : Side.NORTH, me);
                }
                SeedStream random = new SeedStream(seed);
                float ret = t.reward(me);
                while (!t.done()) {
                    assertEquals(me, t.toMove(), "every returned step is the agent's turn");
                    t = env.step(random.pick(t.legalMask()));
                    assertEquals(0f, t.southReward() + t.northReward());
                    ret += t.reward(me);
                }
                int margin = t.info().score(me) - t.info().score(1 - me);
                assertEquals(Integer.signum(margin), ret, "the agent's return is its result");
            }
        }
    }

    @Test
    void marginRewardsIncludeTheOpponentsCaptures() {
        OpponentEnv env = new OpponentEnv(EnvConfig.DEFAULT.withReward(RewardMode.MARGIN), new RandomPolicy(1),
                OpponentEnv.Seat.SOUTH);
        boolean sawNegative = false;
        for (long seed = 0; seed < 10; seed++) {
            TimeStep t = env.reset(seed);
            SeedStream random = new SeedStream(seed + 100);
            float ret = 0;
            while (!t.done()) {
                t = env.step(random.pick(t.legalMask()));
                ret += t.reward(Side.SOUTH);
                sawNegative |= t.reward(Side.SOUTH) < 0;
            }
            assertEquals((t.info().southScore() - t.info().northScore()) / 48f, ret, 1e-5);
        }
        assertTrue(sawNegative, "the opponent's captures cost the agent");
    }

    @Test
    void randomSeatsTakeBothSidesAndTheSameSeedTheSameGame() {
        Set<Integer> sides = new HashSet<>();
        OpponentEnv a = new OpponentEnv(EnvConfig.DEFAULT, new RandomPolicy(0), OpponentEnv.Seat.RANDOM);
        OpponentEnv b = new OpponentEnv(EnvConfig.DEFAULT, new RandomPolicy(12345), OpponentEnv.Seat.RANDOM);
        for (long seed = 0; seed < 16; seed++) {
            TimeStep x = a.reset(seed);
            TimeStep y = b.reset(seed); // the opponent is reseeded from the episode seed
            sides.add(a.agentSide());
            while (!x.done()) {
                int action = Integer.numberOfTrailingZeros(x.legalMask());
                x = a.step(action);
                y = b.step(action);
                assertArrayEquals(x.observation(), y.observation());
            }
        }
        assertEquals(Set.of(Side.SOUTH, Side.NORTH), sides);
    }

    @Test
    void misbehavingOpponentsAreNamed() {
        Policy illegal = board -> 6;
        OpponentEnv e1 = new OpponentEnv(EnvConfig.DEFAULT, illegal, OpponentEnv.Seat.NORTH);
        IllegalStateException x = assertThrows(IllegalStateException.class, () -> e1.reset(0));
        assertTrue(x.getMessage().contains("returned illegal action 6 at ply 0 (legal: ABCDEF)"), x.getMessage());
        Policy cheat = board -> {
            board.play(0);
            return 1;
        };
        OpponentEnv e2 = new OpponentEnv(EnvConfig.DEFAULT, cheat, OpponentEnv.Seat.NORTH);
        IllegalStateException y = assertThrows(IllegalStateException.class, () -> e2.reset(0));
        assertTrue(y.getMessage().contains("changed the board it was given"), y.getMessage());
        assertThrows(EnvConfigException.class, () -> OpponentEnv.Seat.parse("east"));
        assertEquals(OpponentEnv.Seat.NORTH, OpponentEnv.Seat.parse(" North"));
    }
}
