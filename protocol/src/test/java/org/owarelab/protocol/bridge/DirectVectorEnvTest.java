package org.owarelab.protocol.bridge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;
import org.owarelab.env.IllegalActionException;

/** The direct block holds what {@link FlatVectorEnv}'s rows hold, step by step, auto-resets included. */
class DirectVectorEnvTest {
    @Test
    void theBlockMatchesFlatVectorEnvsRowsThroughAutoResets() {
        int n = 3;
        DirectVectorEnv direct = new DirectVectorEnv("", "ply-cap=5", n);
        FlatVectorEnv flat = new FlatVectorEnv("", "ply-cap=5", n);
        ByteBuffer b = ByteBuffer.allocateDirect(direct.bytes()).order(ByteOrder.nativeOrder());
        direct.attach(b);
        direct.reset(7);
        float[] rows = flat.reset(7);
        int size = flat.vector().observationSize();
        int row = FlatEnv.FIELDS + size;
        int ended = 0;
        for (int k = 0; k < 12; k++) {
            int[] actions = new int[n];
            for (int i = 0; i < n; i++) {
                int mask = (int) rows[i * row + FlatEnv.MASK];
                int toMove = (int) rows[i * row + FlatEnv.TO_MOVE];
                for (int a = 0; a < 6; a++) {
                    assertEquals(mask >>> a & 1, b.get(direct.offset(DirectVectorEnv.MASKS) + 6 * i + a), "mask");
                }
                assertEquals(toMove, b.get(direct.offset(DirectVectorEnv.TO_MOVE) + i));
                for (int j = 0; j < size; j++) {
                    assertEquals(rows[i * row + FlatEnv.FIELDS + j],
                            b.getFloat(direct.offset(DirectVectorEnv.OBSERVATIONS) + 4 * (i * size + j)));
                }
                actions[i] = 31 - Integer.numberOfLeadingZeros(mask); // the highest legal house
                b.putLong(direct.offset(DirectVectorEnv.ACTIONS) + 8 * i, actions[i]);
            }
            int[] movers = new int[n];
            for (int i = 0; i < n; i++) {
                movers[i] = (int) rows[i * row + FlatEnv.TO_MOVE];
            }
            direct.step();
            rows = flat.step(actions);
            float[] finals = flat.finalObservations();
            for (int i = 0; i < n; i++) {
                float south = rows[i * row + FlatEnv.SOUTH_REWARD];
                float north = rows[i * row + FlatEnv.NORTH_REWARD];
                assertEquals(south, b.getFloat(direct.offset(DirectVectorEnv.REWARDS) + 8 * i));
                assertEquals(north, b.getFloat(direct.offset(DirectVectorEnv.REWARDS) + 8 * i + 4));
                assertEquals(movers[i] == 0 ? south : north, b.getFloat(direct.offset(DirectVectorEnv.MOVER_REWARDS) + 4 * i));
                boolean term = rows[i * row + FlatEnv.TERMINATED] != 0;
                boolean trunc = rows[i * row + FlatEnv.TRUNCATED] != 0;
                assertEquals(term ? 1 : 0, b.get(direct.offset(DirectVectorEnv.TERMINATED) + i));
                assertEquals(trunc ? 1 : 0, b.get(direct.offset(DirectVectorEnv.TRUNCATED) + i));
                assertEquals((int) rows[i * row + FlatEnv.CAPTURED], b.getInt(direct.offset(DirectVectorEnv.CAPTURED) + 4 * i));
                if (term || trunc) {
                    ended++;
                    assertEquals((int) rows[i * row + FlatEnv.PLY], b.getInt(direct.offset(DirectVectorEnv.EPISODE_LENGTHS) + 4 * i));
                    assertEquals((int) rows[i * row + FlatEnv.SOUTH_SCORE], b.getInt(direct.offset(DirectVectorEnv.FINAL_SCORES) + 8 * i));
                    assertEquals((int) rows[i * row + FlatEnv.NORTH_SCORE], b.getInt(direct.offset(DirectVectorEnv.FINAL_SCORES) + 8 * i + 4));
                    assertEquals((int) rows[i * row + FlatEnv.END_REASON], b.getInt(direct.offset(DirectVectorEnv.END_REASONS) + 4 * i));
                    for (int j = 0; j < size; j++) {
                        assertEquals(finals[i * size + j],
                                b.getFloat(direct.offset(DirectVectorEnv.FINAL_OBSERVATIONS) + 4 * (i * size + j)));
                    }
                } else {
                    // also where the row ended at the step before (every row does here, at ply 5)
                    assertEquals(0, b.getInt(direct.offset(DirectVectorEnv.EPISODE_LENGTHS) + 4 * i));
                    assertEquals(0, b.getInt(direct.offset(DirectVectorEnv.FINAL_SCORES) + 8 * i));
                    assertEquals(0, b.getInt(direct.offset(DirectVectorEnv.FINAL_SCORES) + 8 * i + 4));
                    assertEquals(-1, b.getInt(direct.offset(DirectVectorEnv.END_REASONS) + 4 * i));
                }
            }
        }
        assertTrue(ended >= 2 * n, "every sub-env was truncated at ply 5 at least twice: " + ended);
    }

    @Test
    void theMaskPartHoldsEachLegalMasksBitsForOtherHouseCounts() {
        for (String rules : new String[] {"houses=4,seeds=3", "houses=8,seeds=2"}) {
            int n = 5;
            DirectVectorEnv direct = new DirectVectorEnv(rules, "", n);
            int houses = direct.vector().config().rules().houses();
            ByteBuffer b = ByteBuffer.allocateDirect(direct.bytes()).order(ByteOrder.nativeOrder());
            direct.attach(b);
            direct.reset(3);
            for (int k = 0; k < 40; k++) {
                int[] masks = direct.vector().masks();
                for (int i = 0; i < n; i++) {
                    for (int a = 0; a < houses; a++) {
                        assertEquals(masks[i] >>> a & 1, b.get(direct.offset(DirectVectorEnv.MASKS) + houses * i + a),
                                rules + ": mask of sub-env " + i + ", house " + a);
                    }
                    b.putLong(direct.offset(DirectVectorEnv.ACTIONS) + 8 * i, Integer.numberOfTrailingZeros(masks[i]));
                }
                direct.step();
            }
        }
    }

    @Test
    void anIllegalActionIsRefusedAndABadBufferNamed() {
        DirectVectorEnv direct = new DirectVectorEnv("", "", 2);
        assertThrows(IllegalStateException.class, () -> direct.reset(0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> direct.attach(ByteBuffer.allocate(direct.bytes())));
        assertTrue(e.getMessage().contains("a direct buffer of at least " + direct.bytes() + " bytes"), e.getMessage());
        ByteBuffer b = ByteBuffer.allocateDirect(direct.bytes()).order(ByteOrder.nativeOrder());
        direct.attach(b);
        direct.reset(0);
        b.putLong(direct.offset(DirectVectorEnv.ACTIONS) + 8, 6);
        IllegalActionException x = assertThrows(IllegalActionException.class, direct::step);
        assertTrue(x.getMessage().startsWith("sub-env 1: "), x.getMessage());
        b.putLong(direct.offset(DirectVectorEnv.ACTIONS) + 8, (1L << 32) + 1); // not read as action 1
        IllegalArgumentException w = assertThrows(IllegalArgumentException.class, direct::step);
        assertEquals("vector env: sub-env 1: action 4294967297: expected an int 0..5", w.getMessage());
    }
}
