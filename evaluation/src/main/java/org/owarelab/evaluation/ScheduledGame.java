package org.owarelab.evaluation;

import org.owarelab.rules.Side;

/**
 * One game to play: who plays which side, from which opening, with which seed. A match or a
 * tournament turns its settings into a list of these; {@link GameRunner} plays one, and the result
 * depends on nothing else (time-limited agents aside), so any thread may play it.
 *
 * @param game the game's number in its match or tournament, from 0
 * @param pair the pair number shared with its colour-swapped twin (see {@link MatchRecord#pair()})
 * @param opening the opening played first
 * @param agentA the spec of agent A, the first player of the pairing
 * @param agentB the spec of agent B
 * @param sideOfA {@link Side#SOUTH} or {@link Side#NORTH}: where A sits
 * @param seed the game's seed; South's agent is seeded with {@code MatchSeeds.derive(seed, 0)}, North's
 *     with {@code MatchSeeds.derive(seed, 1)}
 */
public record ScheduledGame(int game, int pair, Opening opening, String agentA, String agentB, int sideOfA,
        long seed) {

    /** Checks the fields. */
    public ScheduledGame {
        if (game < 0 || pair < -1 || opening == null) {
            throw new IllegalArgumentException("scheduled game: bad number " + game + ", pair " + pair
                    + " or no opening");
        }
        if (agentA == null || agentA.isBlank() || agentB == null || agentB.isBlank()) {
            throw new IllegalArgumentException("scheduled game " + game + ": two agent specs are needed");
        }
        if (sideOfA != Side.SOUTH && sideOfA != Side.NORTH) {
            throw new IllegalArgumentException("scheduled game " + game + ": side of A must be south or north");
        }
    }

    /** The spec of South's agent. */
    public String south() {
        return sideOfA == Side.SOUTH ? agentA : agentB;
    }

    /** The spec of North's agent. */
    public String north() {
        return sideOfA == Side.SOUTH ? agentB : agentA;
    }

    /** The spec playing {@code side}. */
    public String spec(int side) {
        return side == Side.SOUTH ? south() : north();
    }
}
