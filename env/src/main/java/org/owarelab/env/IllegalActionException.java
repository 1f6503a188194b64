package org.owarelab.env;

import org.owarelab.rules.Moves;

/**
 * An action that is not legal in the current state of an environment. The message names the
 * action (index and move letter), the ply, the legal mask in binary and the legal actions.
 */
public final class IllegalActionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final int action;
    private final int legalMask;

    /**
     * @param where a prefix naming the environment, e.g. {@code "sub-env 3: "}, or empty
     * @param side the side to move
     * @param houses houses per side (the number of actions)
     */
    IllegalActionException(String where, int action, int legalMask, int side, int houses, int ply) {
        super(where + "action " + action + describe(action, side, houses) + " is not legal at ply " + ply
                + ": legal mask 0b" + Integer.toBinaryString(legalMask) + " = actions " + actions(legalMask)
                + " (" + Moves.letters(side, legalMask) + ")");
        this.action = action;
        this.legalMask = legalMask;
    }

    private static String describe(int action, int side, int houses) {
        if (action < 0 || action >= houses) {
            return " (out of range: actions are 0.." + (houses - 1) + ", the mover's houses from its left)";
        }
        return " (" + Moves.letter(side, action) + ")";
    }

    private static String actions(int mask) {
        StringBuilder sb = new StringBuilder("[");
        for (int m = mask; m != 0; m &= m - 1) {
            if (sb.length() > 1) {
                sb.append(", ");
            }
            sb.append(Integer.numberOfTrailingZeros(m));
        }
        return sb.append(']').toString();
    }

    /** The action that was refused. */
    public int action() {
        return action;
    }

    /** The legal mask at the time: bit {@code a} set for each legal action {@code a}. */
    public int legalMask() {
        return legalMask;
    }
}
