package org.owarelab.env;

import java.util.Locale;
import org.owarelab.rules.Board;
import org.owarelab.rules.Side;

/**
 * A single-agent view of the two-player game, for single-agent algorithms: the agent plays one
 * side, a {@link Policy} plays the other inside {@link #step(int)} and {@link #reset(long)}.
 *
 * <p>Every returned {@link TimeStep} is at the agent's turn unless the episode is over. Its rewards
 * add up everything paid since the agent's previous decision: the agent's move and the opponent's
 * replies (so a capture by the opponent shows as a negative reward for the agent); read the
 * agent's with {@code step.reward(env.agentSide())}. Its info is that of the last move played. A
 * terminal observation is encoded, like all, from the side to move at the end, which may be the
 * opponent: algorithms do not bootstrap from terminal states.
 *
 * <p>The opponent is reset each episode with a seed derived from the episode seed, so the same
 * seed and agent actions give the same episode. Not thread-safe.
 */
public final class OpponentEnv {
    /** Which side the agent plays. */
    public enum Seat {
        SOUTH, NORTH,
        /** South or North with equal chance, drawn from each episode's seed. */
        RANDOM;

        /** Parses {@code south}, {@code north} or {@code random}. */
        public static Seat parse(String text) {
            try {
                return valueOf(text.trim().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new EnvConfigException("seat=" + text + ": expected south, north or random");
            }
        }
    }

    private static final long OPPONENT_SEED = 1;
    private static final long SEAT_SEED = 2;

    private final OwareEnv env;
    private final Policy opponent;
    private final Seat seat;
    private int agentSide = Side.SOUTH;

    public OpponentEnv(OwareEnv env, Policy opponent, Seat seat) {
        this.env = env;
        this.opponent = opponent;
        this.seat = seat;
    }

    public OpponentEnv(EnvConfig config, Policy opponent, Seat seat) {
        this(new OwareEnv(config), opponent, seat);
    }

    /** Starts an episode ({@link OwareEnv#reset(long)}) and lets the opponent move until it is the agent's turn. */
    public TimeStep reset(long seed) {
        agentSide = switch (seat) {
            case SOUTH -> Side.SOUTH;
            case NORTH -> Side.NORTH;
            case RANDOM -> (int) (SeedStream.child(seed, SEAT_SEED) & 1);
        };
        opponent.reset(SeedStream.child(seed, OPPONENT_SEED));
        return opponentMoves(env.reset(seed), 0f);
    }

    /**
     * Plays the agent's {@code action}, then the opponent's replies until the agent's turn or the end.
     *
     * @throws IllegalActionException naming the action and the legal mask when it is not legal
     * @throws IllegalStateException before the first reset and after the episode ended
     */
    public TimeStep step(int action) {
        TimeStep t = env.step(action);
        return opponentMoves(t, t.southReward());
    }

    private TimeStep opponentMoves(TimeStep t, float southSoFar) {
        float south = southSoFar;
        while (!t.done() && t.toMove() != agentSide) {
            Board board = env.board();
            long hash = board.hash();
            int ply = board.ply();
            int a = opponent.act(board);
            if (board.hash() != hash || board.ply() != ply) {
                throw new IllegalStateException("opponent " + opponent + " changed the board it was given (ply " + ply
                        + " -> " + board.ply() + "): a policy must leave the board as it found it");
            }
            if (!board.isLegal(a)) {
                throw new IllegalStateException("opponent " + opponent + " returned illegal action " + a + " at ply "
                        + ply + " (legal: " + board.legalLetters() + ")");
            }
            t = env.step(a);
            south += t.southReward();
        }
        if (south == t.southReward()) {
            return t;
        }
        return new TimeStep(t.observation(), t.legalMask(), t.toMove(), south, 0f - south, t.terminated(),
                t.truncated(), t.info());
    }

    /** {@link Side#SOUTH} or {@link Side#NORTH}: the agent's side in the current episode. */
    public int agentSide() {
        return agentSide;
    }

    /** The underlying two-player environment (its board is the live game). */
    public OwareEnv env() {
        return env;
    }

    public Policy opponent() {
        return opponent;
    }

    public Seat seat() {
        return seat;
    }
}
