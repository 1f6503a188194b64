package org.owarelab.env;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.owarelab.rules.Board;
import org.owarelab.rules.Side;

/**
 * Checks an {@link OwareEnv} the way Gymnasium's {@code check_env} checks a Python one, by playing
 * random episodes (with random illegal attempts) beside a twin environment and the rules' own
 * {@link Board}:
 * <ul>
 *   <li>determinism: the twin, reset with the same seeds and given the same actions, returns
 *       identical time steps;</li>
 *   <li>observations: always {@code encoder.size()} finite floats; the encoder writes exactly its
 *       slot and {@code size()} is the product of {@code shape()};</li>
 *   <li>masks: equal to the rules' legal mask on a board given the same moves; empty once the
 *       episode is over; illegal actions are refused with {@link IllegalActionException} and leave
 *       the state unchanged; stepping a finished episode throws {@link IllegalStateException};</li>
 *   <li>ends: terminated exactly when the rules end the game, truncated exactly at the ply cap,
 *       never both; final scores as the rules (or the truncation rule) share the seeds;</li>
 *   <li>rewards: zero-sum at every step, in [-1, 1], and each side's sum over the episode equal to
 *       its return under the {@link RewardMode};</li>
 *   <li>info: stores, ply, captured seeds and end reason as the rules' board says.</li>
 * </ul>
 * The environment is used (reset and stepped) by the check.
 */
public final class EnvChecker {
    private static final int MAX_PROBLEMS = 20;

    private final OwareEnv env;
    private final OwareEnv twin;
    private final List<String> problems = new ArrayList<>();
    private String where = "";

    private EnvChecker(OwareEnv env) {
        this.env = env;
        this.twin = new OwareEnv(env.config(), env.encoder());
    }

    /**
     * Runs {@code episodes} random episodes seeded from {@code seed}.
     *
     * @throws IllegalStateException listing every problem found (up to 20)
     */
    public static void check(OwareEnv env, long seed, int episodes) {
        List<String> p = problems(env, seed, episodes);
        if (!p.isEmpty()) {
            throw new IllegalStateException("env check failed for " + describe(env) + ":\n  " + String.join("\n  ", p));
        }
    }

    /** The problems found in {@code episodes} random episodes seeded from {@code seed}; empty if none. */
    public static List<String> problems(OwareEnv env, long seed, int episodes) {
        EnvChecker c = new EnvChecker(env);
        c.checkEncoder();
        for (int e = 0; e < episodes && c.problems.size() < MAX_PROBLEMS; e++) {
            c.episode(SeedStream.child(seed, e), e);
        }
        return List.copyOf(c.problems);
    }

    private static String describe(OwareEnv env) {
        String spec = env.config().spec();
        return "rules " + env.config().rules() + ", env " + (spec.isEmpty() ? "default" : spec) + ", encoder "
                + env.encoder().tag();
    }

    private void fail(String what) {
        if (problems.size() < MAX_PROBLEMS) {
            problems.add(where + what);
        }
    }

    private void expect(boolean ok, String what) {
        if (!ok) {
            fail(what);
        }
    }

    private void checkEncoder() {
        ObservationEncoder enc = env.encoder();
        int product = 1;
        for (int d : enc.shape()) {
            product *= d;
        }
        expect(product == enc.size(), "encoder " + enc.tag() + ": size() " + enc.size() + " is not the product of shape() "
                + Arrays.toString(enc.shape()));
        float[] slot = new float[enc.size() + 6];
        Arrays.fill(slot, Float.NaN);
        enc.encode(new Board(env.config().rules()), slot, 3);
        boolean inside = true;
        for (int i = 3; i < 3 + enc.size(); i++) {
            inside &= Float.isFinite(slot[i]);
        }
        boolean outside = Float.isNaN(slot[0]) && Float.isNaN(slot[2]) && Float.isNaN(slot[enc.size() + 3])
                && Float.isNaN(slot[enc.size() + 5]);
        expect(inside && outside, "encoder " + enc.tag() + " does not write exactly its " + enc.size() + " floats at the offset");
    }

    private void episode(long seed, int index) {
        where = "episode " + index + " (seed " + seed + "), reset: ";
        EnvConfig config = env.config();
        TimeStep t = env.reset(seed);
        same(t, twin.reset(seed));
        Board ref = env.board().copy();
        state(t, ref, false);
        expect(!t.done() && t.southReward() == 0f && t.northReward() == 0f, "a reset must start an open episode with no reward");
        int marginAtReset = ref.store(Side.SOUTH) - ref.store(Side.NORTH);
        float southReturn = 0f;
        float northReturn = 0f;
        SeedStream random = new SeedStream(seed);
        int steps = 0;
        while (!t.done() && problems.size() < MAX_PROBLEMS) {
            where = "episode " + index + " (seed " + seed + "), at ply " + ref.ply() + ": ";
            if (random.nextInt(8) == 0) {
                illegalAttempt(t.legalMask(), random);
            }
            int action = random.pick(t.legalMask());
            where = "episode " + index + " (seed " + seed + "), action " + action + " at ply " + ref.ply() + ": ";
            t = env.step(action);
            same(t, twin.step(action));
            ref.play(action);
            steps++;
            state(t, ref, true);
            expect(t.southReward() + t.northReward() == 0f, "rewards not zero-sum: " + t.southReward() + " + " + t.northReward());
            expect(Math.abs(t.southReward()) <= 1f, "reward " + t.southReward() + " outside [-1, 1]");
            southReturn += t.southReward();
            northReturn += t.northReward();
        }
        if (!t.done()) {
            return; // stopped at the problem limit
        }
        if (steps > config.plyCap()) {
            fail(steps + " steps in an episode capped at " + config.plyCap() + " plies");
        }
        where = "episode " + index + " (seed " + seed + "), end at ply " + ref.ply() + ": ";
        end(t, ref, marginAtReset, southReturn, northReturn);
        try {
            env.step(0);
            fail("a step after the end did not throw");
        } catch (IllegalStateException expected) {
            // the contract
        }
    }

    private void illegalAttempt(int mask, SeedStream random) {
        int n = env.actionCount();
        int illegal = ~mask & ((1 << n) - 1);
        int bad = illegal != 0 && random.nextInt(4) != 0 ? random.pick(illegal) : random.nextInt(2) == 0 ? -1 : n;
        long hash = env.board().hash();
        try {
            env.step(bad);
            fail("illegal action " + bad + " (mask " + Integer.toBinaryString(mask) + ") was accepted");
        } catch (IllegalActionException expected) {
            expect(expected.action() == bad && expected.legalMask() == mask, "the exception names action "
                    + expected.action() + " and mask " + expected.legalMask() + ", expected " + bad + " and " + mask);
        }
        expect(env.board().hash() == hash && env.legalMask() == mask, "a refused action changed the state");
    }

    /** The time step agrees with the rules' board given the same moves. */
    private void state(TimeStep t, Board ref, boolean afterStep) {
        float[] obs = t.observation();
        expect(obs.length == env.observationSize(), "observation of " + obs.length + " floats, expected " + env.observationSize());
        for (float v : obs) {
            if (!Float.isFinite(v)) {
                fail("observation holds " + v);
                break;
            }
        }
        boolean over = ref.isOver();
        boolean capped = !over && ref.ply() >= env.config().plyCap();
        expect(t.terminated() == over, "terminated=" + t.terminated() + " but the rules say over=" + over);
        expect(t.truncated() == capped, "truncated=" + t.truncated() + " at ply " + ref.ply() + " with cap " + env.config().plyCap());
        expect(!(t.terminated() && t.truncated()), "both terminated and truncated");
        int mask = t.done() ? 0 : ref.legalMask();
        expect(t.legalMask() == mask, "mask " + Integer.toBinaryString(t.legalMask()) + ", the rules say " + Integer.toBinaryString(mask));
        expect(t.toMove() == ref.toMove(), "toMove " + t.toMove() + ", the rules say " + ref.toMove());
        StepInfo i = t.info();
        expect(i.southStore() == ref.store(Side.SOUTH) && i.northStore() == ref.store(Side.NORTH), "info stores differ from the rules'");
        expect(i.ply() == ref.ply(), "info ply " + i.ply() + ", the board is at " + ref.ply());
        expect(i.captured() == (afterStep ? ref.lastCaptured() : 0), "info captured " + i.captured() + ", the rules say " + ref.lastCaptured());
        expect(i.endReason() == ref.endReason(), "info end reason " + i.endReason() + ", the rules say " + ref.endReason());
    }

    private void end(TimeStep t, Board ref, int marginAtReset, float southReturn, float northReturn) {
        EnvConfig config = env.config();
        StepInfo i = t.info();
        int total = config.rules().totalSeeds();
        int expectS;
        int expectN;
        if (t.terminated()) {
            expectS = ref.finalStore(Side.SOUTH);
            expectN = ref.finalStore(Side.NORTH);
        } else {
            expectS = config.truncation().score(ref, Side.SOUTH);
            expectN = config.truncation().score(ref, Side.NORTH);
        }
        expect(i.southScore() == expectS && i.northScore() == expectN, "final scores " + i.southScore() + ":" + i.northScore()
                + ", expected " + expectS + ":" + expectN);
        boolean draw = t.truncated() && config.truncation() == TruncationRule.DRAW;
        float expected;
        if (config.reward() == RewardMode.RESULT) {
            expected = t.truncated() ? config.truncation().result(ref, Side.SOUTH) : Integer.signum(expectS - expectN);
            expect(!t.terminated() || expected == ref.result(Side.SOUTH), "result " + expected + ", the rules say "
                    + ref.result(Side.SOUTH));
        } else {
            expected = draw ? 0f : (float) (expectS - expectN - marginAtReset) / total;
        }
        expect(Math.abs(southReturn - expected) <= 1e-5f && Math.abs(northReturn + expected) <= 1e-5f, "returns "
                + southReturn + ":" + northReturn + ", expected " + expected + ":" + (-expected));
    }

    private void same(TimeStep a, TimeStep b) {
        boolean same = Arrays.equals(a.observation(), b.observation()) && a.legalMask() == b.legalMask()
                && a.toMove() == b.toMove() && a.southReward() == b.southReward() && a.northReward() == b.northReward()
                && a.terminated() == b.terminated() && a.truncated() == b.truncated() && a.info().equals(b.info());
        expect(same, "not deterministic: a twin with the same seed and actions returned a different time step");
    }
}
