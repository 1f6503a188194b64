package org.owarelab.rules;

/**
 * The two sides as small ints, so that hot paths index arrays with them: South = 0 moves
 * first and owns houses {@code 0..n-1}; North = 1 owns houses {@code n..2n-1}.
 */
public final class Side {
    public static final int SOUTH = 0;
    public static final int NORTH = 1;

    private Side() {
    }

    /** {@code 'S'} or {@code 'N'}, as in the position text. */
    public static char letter(int side) {
        return side == SOUTH ? 'S' : 'N';
    }

    /** {@code "south"} or {@code "north"}. */
    public static String name(int side) {
        return side == SOUTH ? "south" : "north";
    }

    /** Parses {@code S}/{@code N} or {@code south}/{@code north}, case-insensitive. */
    public static int parse(String text) {
        switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "s":
            case "south":
                return SOUTH;
            case "n":
            case "north":
                return NORTH;
            default:
                throw new RulesException("side '" + text + "': expected S or N (south or north)");
        }
    }
}
