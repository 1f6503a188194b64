package org.owarelab.protocol.bridge;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.owarelab.env.EnvConfig;
import org.owarelab.env.OwareEnv;
import org.owarelab.env.TimeStep;
import org.owarelab.env.VectorEnv;
import org.owarelab.rules.RulesException;

/** The flat buffers hold exactly what the environments answer. */
class FlatEnvTest {
    @Test
    void flatEnvCopiesEveryTimeStepOfAGame() {
        FlatEnv flat = new FlatEnv("", "ply-cap=60");
        OwareEnv ref = new OwareEnv(EnvConfig.parse("ply-cap=60", org.owarelab.rules.RuleSet.DEFAULT));
        float[] f = flat.reset(3);
        TimeStep t = ref.reset(3);
        while (true) {
            assertEquals(t.legalMask(), (int) f[FlatEnv.MASK]);
            assertEquals(t.toMove(), (int) f[FlatEnv.TO_MOVE]);
            assertEquals(t.southReward(), f[FlatEnv.SOUTH_REWARD]);
            assertEquals(t.northReward(), f[FlatEnv.NORTH_REWARD]);
            assertEquals(t.info().ply(), (int) f[FlatEnv.PLY]);
            assertEquals(t.info().southStore(), (int) f[FlatEnv.SOUTH_STORE]);
            assertEquals(t.truncated() ? 1 : 0, (int) f[FlatEnv.TRUNCATED]);
            assertEquals(t.terminated() ? 1 : 0, (int) f[FlatEnv.TERMINATED]);
            assertArrayEquals(t.observation(), Arrays.copyOfRange(f, FlatEnv.FIELDS, FlatEnv.FIELDS + 14));
            assertEquals(ref.board().count(0), (int) f[FlatEnv.FIELDS + 14], "house 0 after the observation");
            if (t.done()) {
                break;
            }
            int m = t.legalMask();
            int a = Integer.numberOfTrailingZeros((m >>> 2 << 2) != 0 ? m >>> 2 << 2 : m); // varied, legal
            f = flat.step(a);
            t = ref.step(a);
        }
    }

    @Test
    void anIllegalActionGetsTheRulesReason() {
        FlatEnv flat = new FlatEnv("", "");
        flat.reset("0-0-0-0-1-4-0-0-0-0-0-0-20-23-S", 0);
        RulesException e = assertThrows(RulesException.class, () -> flat.step(4));
        assertEquals(true, e.getMessage().startsWith("illegal move 'E' at ply 0: it does not feed"), e.getMessage());
    }

    @Test
    void flatVectorEnvRowsMatchTheVectorEnvsBuffers() {
        FlatVectorEnv flat = new FlatVectorEnv("", "ply-cap=5", 3);
        VectorEnv ref = new VectorEnv(EnvConfig.parse("ply-cap=5", org.owarelab.rules.RuleSet.DEFAULT), 3);
        float[] f = flat.reset(7);
        ref.reset(7);
        int row = FlatEnv.FIELDS + ref.observationSize();
        for (int k = 0; k < 6; k++) {
            int[] actions = new int[3];
            for (int i = 0; i < 3; i++) {
                assertEquals(ref.masks()[i], (int) f[i * row + FlatEnv.MASK]);
                assertArrayEquals(Arrays.copyOfRange(ref.observations(), i * 14, i * 14 + 14),
                        Arrays.copyOfRange(f, i * row + FlatEnv.FIELDS, (i + 1) * row));
                actions[i] = Integer.numberOfTrailingZeros(ref.masks()[i]);
            }
            f = flat.step(actions);
            ref.step(actions);
            for (int i = 0; i < 3; i++) {
                assertEquals(ref.truncated()[i] ? 1 : 0, (int) f[i * row + FlatEnv.TRUNCATED]);
                assertEquals(ref.rewards()[2 * i], f[i * row + FlatEnv.SOUTH_REWARD]);
            }
        }
        assertEquals(1, (int) f[FlatEnv.PLY], "truncated at ply 5, auto-reset, one ply played since");
    }
}
