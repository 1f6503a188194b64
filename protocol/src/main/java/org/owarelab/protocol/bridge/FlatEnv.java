package org.owarelab.protocol.bridge;

import org.owarelab.env.EnvConfig;
import org.owarelab.env.OwareEnv;
import org.owarelab.env.StepInfo;
import org.owarelab.env.TimeStep;
import org.owarelab.rules.Board;
import org.owarelab.rules.BoardDiagram;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * One {@link OwareEnv} whose {@link #reset(long)} and {@link #step(int)} answer a single
 * {@code float[FIELDS + observationSize + 2n]}: the numbers of the {@link TimeStep} at the indices
 * below, the observation at {@link #FIELDS}, then the seeds of the board's {@code 2n} houses in house
 * order (with the stores and the side to move, the position text's numbers, so a caller need not
 * ask for the text each step). Every number is a small integer or a reward, exact in a
 * float. The array is reused (overwritten by the next call).
 *
 * <p>An illegal action is refused with the rules' reason ({@link Moves#parse}), the same message
 * {@code oware jsonl --env} gives, so the Python backends agree. Not thread-safe.
 */
public final class FlatEnv {
    /** Index of South's reward for the step. */
    public static final int SOUTH_REWARD = 0;
    /** Index of North's reward. */
    public static final int NORTH_REWARD = 1;
    /** Index of the legal mask (bit {@code a} = action {@code a}). */
    public static final int MASK = 2;
    /** Index of the side to move (0 South, 1 North). */
    public static final int TO_MOVE = 3;
    /** Index of terminated (1 or 0). */
    public static final int TERMINATED = 4;
    /** Index of truncated (1 or 0). */
    public static final int TRUNCATED = 5;
    /** Index of the ply (for a vector env: the ended episode's length where it ended). */
    public static final int PLY = 6;
    /** Index of South's store. */
    public static final int SOUTH_STORE = 7;
    /** Index of North's store. */
    public static final int NORTH_STORE = 8;
    /** Index of South's score. */
    public static final int SOUTH_SCORE = 9;
    /** Index of North's score. */
    public static final int NORTH_SCORE = 10;
    /** Index of the seeds the step's move captured. */
    public static final int CAPTURED = 11;
    /** Index of the end reason's ordinal in {@link EndReason#values()}, -1 when none. */
    public static final int END_REASON = 12;
    /** Numbers before the observation. */
    public static final int FIELDS = 13;

    private final OwareEnv env;
    private final float[] out;

    /**
     * @param rules rule variants as {@link RuleSet#parse} reads them ("" for the default)
     * @param options environment options as {@link EnvConfig#parse} reads them ("" for the defaults)
     */
    public FlatEnv(String rules, String options) {
        this.env = new OwareEnv(EnvConfig.parse(options, RuleSet.parse(rules)));
        this.out = new float[FIELDS + env.observationSize() + 2 * env.config().rules().houses()];
    }

    /** Starts an episode as {@link OwareEnv#reset(long)} does. */
    public float[] reset(long seed) {
        return write(env.reset(seed));
    }

    /** Starts an episode from a position text ({@code 4-4-...-0-0-S}) as {@link OwareEnv#reset(Position, long)} does. */
    public float[] reset(String position, long seed) {
        return write(env.reset(Position.parse(position, env.config().rules()), seed));
    }

    /**
     * Plays {@code action} for the side to move.
     *
     * @throws org.owarelab.rules.RulesException with the rules' reason when it is not legal
     * @throws IllegalStateException before the first reset and after the episode ended
     */
    public float[] step(int action) {
        if (!env.isDone()) {
            Board b = env.board();
            if (action >= 0 && action < env.actionCount()) {
                Moves.parse(b, Moves.letter(b.toMove(), action)); // throws the rules' reason
            }
        }
        return write(env.step(action));
    }

    private float[] write(TimeStep t) {
        fields(out, 0, t.southReward(), t.northReward(), t.legalMask(), t.toMove(), t.terminated(), t.truncated(),
                t.info());
        System.arraycopy(t.observation(), 0, out, FIELDS, t.observation().length);
        Board b = env.board();
        int at = FIELDS + t.observation().length;
        for (int h = 0; h < 2 * b.housesPerSide(); h++) {
            out[at + h] = b.count(h);
        }
        return out;
    }

    static void fields(float[] a, int at, float south, float north, int mask, int toMove, boolean terminated,
            boolean truncated, StepInfo i) {
        a[at + SOUTH_REWARD] = south;
        a[at + NORTH_REWARD] = north;
        a[at + MASK] = mask;
        a[at + TO_MOVE] = toMove;
        a[at + TERMINATED] = terminated ? 1 : 0;
        a[at + TRUNCATED] = truncated ? 1 : 0;
        a[at + PLY] = i.ply();
        a[at + SOUTH_STORE] = i.southStore();
        a[at + NORTH_STORE] = i.northStore();
        a[at + SOUTH_SCORE] = i.southScore();
        a[at + NORTH_SCORE] = i.northScore();
        a[at + CAPTURED] = i.captured();
        a[at + END_REASON] = i.endReason() == null ? -1 : i.endReason().ordinal();
    }

    /** The live game (read it; never leave it changed): what an agent is asked to move on. */
    public Board board() {
        return env.board();
    }

    /** The position text of the live game. */
    public String position() {
        return env.board().text();
    }

    /** The board drawn from South's seat, as {@code oware jsonl --env}'s {@code render}. */
    public String render() {
        return BoardDiagram.draw(env.board());
    }

    /** The underlying environment. */
    public OwareEnv env() {
        return env;
    }

    /** {@link EndReason} texts in ordinal order, to decode {@link #END_REASON}. */
    public static String[] endReasons() {
        EndReason[] v = EndReason.values();
        String[] s = new String[v.length];
        for (int k = 0; k < v.length; k++) {
            s[k] = v[k].text();
        }
        return s;
    }
}
