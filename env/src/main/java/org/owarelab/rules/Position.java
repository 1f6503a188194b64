package org.owarelab.rules;

import java.util.Arrays;

/**
 * An immutable position: house counts, both stores and the side to move, under a rule set.
 * This is the value used at the edges (text form, environment resets, the protocol, records);
 * search and self-play use the mutable {@link Board}.
 *
 * <p>Text form: the {@code 2n} house counts in house order, South's store, North's store and
 * the side to move, joined by {@code -}: {@code 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S} is the start.
 */
public final class Position {
    private final RuleSet rules;
    private final int[] houses;
    private final int southStore;
    private final int northStore;
    private final int toMove;

    /**
     * @param houses the {@code 2 * rules.houses()} house counts in house order (copied)
     * @throws RulesException if a count is negative or the counts do not add up to the rule set's seeds
     */
    public Position(RuleSet rules, int[] houses, int southStore, int northStore, int toMove) {
        this.rules = rules;
        this.houses = houses.clone();
        this.southStore = southStore;
        this.northStore = northStore;
        this.toMove = toMove;
        String problem = check();
        if (problem != null) {
            throw new RulesException("position '" + text() + "': " + problem);
        }
    }

    private String check() {
        int n2 = 2 * rules.houses();
        if (houses.length != n2) {
            return houses.length + " houses, expected " + n2 + " for rules " + rules;
        }
        if (toMove != Side.SOUTH && toMove != Side.NORTH) {
            return "side to move " + toMove + ", expected 0 (south) or 1 (north)";
        }
        int sum = southStore + northStore;
        if (southStore < 0 || northStore < 0) {
            return (southStore < 0 ? "South's store holds " + southStore : "North's store holds " + northStore)
                    + " seeds, expected a count >= 0";
        }
        for (int i = 0; i < n2; i++) {
            if (houses[i] < 0) {
                return "house " + i + " holds " + houses[i] + " seeds, expected a count >= 0";
            }
            sum += houses[i];
        }
        if (sum != rules.totalSeeds()) {
            return "counts add up to " + sum + ", expected " + rules.totalSeeds() + " for rules " + rules;
        }
        return null;
    }

    /** The start position of a rule set: every house holds {@code rules.seeds()}, South to move. */
    public static Position start(RuleSet rules) {
        int[] h = new int[2 * rules.houses()];
        Arrays.fill(h, rules.seeds());
        return new Position(rules, h, 0, 0, Side.SOUTH);
    }

    /**
     * Parses the text form under a rule set.
     *
     * @throws RulesException naming the text, the field and what was expected
     */
    public static Position parse(String text, RuleSet rules) {
        if (text == null) {
            throw new RulesException("position: missing (expected e.g. " + start(rules).text() + ")");
        }
        String t = text.trim();
        int n2 = 2 * rules.houses();
        String[] f = t.split("-", -1);
        if (f.length != n2 + 3) {
            // '-' is the separator, so a negative count shows up as an empty field and an extra one.
            String negative = t.startsWith("-") || t.contains("--") ? "; a count looks negative, counts must be >= 0" : "";
            throw new RulesException("position '" + text + "': " + f.length + " fields, expected " + (n2 + 3)
                    + " (" + n2 + " houses, 2 stores, side to move) separated by '-' for rules " + rules + negative);
        }
        int[] counts = new int[n2 + 2];
        for (int i = 0; i < n2 + 2; i++) {
            counts[i] = parseCount(text, i, f[i]);
        }
        String side = f[n2 + 2].trim();
        int toMove;
        if (side.equalsIgnoreCase("S")) {
            toMove = Side.SOUTH;
        } else if (side.equalsIgnoreCase("N")) {
            toMove = Side.NORTH;
        } else {
            throw new RulesException("position '" + text + "': field " + (n2 + 3) + " '" + side
                    + "' is not a side to move (expected S or N)");
        }
        return new Position(rules, Arrays.copyOf(counts, n2), counts[n2], counts[n2 + 1], toMove);
    }

    private static int parseCount(String text, int index, String field) {
        String s = field.trim();
        if (s.isEmpty()) {
            throw new RulesException("position '" + text + "': field " + (index + 1)
                    + " is empty (expected a count >= 0; negative counts are not allowed)");
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) < '0' || s.charAt(i) > '9') {
                throw new RulesException("position '" + text + "': field " + (index + 1) + " '" + s
                        + "' is not a count (expected a whole number >= 0)");
            }
        }
        if (s.length() > 4) {
            throw new RulesException("position '" + text + "': field " + (index + 1) + " '" + s
                    + "' is too large (expected a count up to the rule set's seeds)");
        }
        return Integer.parseInt(s);
    }

    public RuleSet rules() {
        return rules;
    }

    /** Seeds in house {@code h} (0..2n-1, house order). */
    public int house(int h) {
        return houses[h];
    }

    /** A copy of the house counts in house order. */
    public int[] houses() {
        return houses.clone();
    }

    /** The store of {@link Side#SOUTH} or {@link Side#NORTH}. */
    public int store(int side) {
        return side == Side.SOUTH ? southStore : northStore;
    }

    /** {@link Side#SOUTH} or {@link Side#NORTH}. */
    public int toMove() {
        return toMove;
    }

    /** The text form, e.g. {@code 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S}. */
    public String text() {
        StringBuilder sb = new StringBuilder(48);
        for (int c : houses) {
            sb.append(c).append('-');
        }
        return sb.append(southStore).append('-').append(northStore).append('-').append(Side.letter(toMove)).toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Position p && rules.equals(p.rules) && Arrays.equals(houses, p.houses)
                && southStore == p.southStore && northStore == p.northStore && toMove == p.toMove;
    }

    @Override
    public int hashCode() {
        return ((Arrays.hashCode(houses) * 31 + southStore) * 31 + northStore) * 31 + toMove;
    }

    @Override
    public String toString() {
        return text();
    }
}
