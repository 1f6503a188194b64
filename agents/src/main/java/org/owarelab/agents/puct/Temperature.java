package org.owarelab.agents.puct;

/**
 * The move-choice temperature by game ply: {@code initial} for plies {@code 0 .. plies-1}, then
 * {@code after}. A temperature {@code t > 0} samples a move with probability proportional to
 * {@code N(a)^(1/t)} (visit counts); {@code 0} plays the most visited move. Plies count from the
 * position the game started at ({@code Board.ply()}).
 *
 * @param initial temperature of the opening plies (1 in AlphaZero self-play)
 * @param plies how many plies use {@code initial}
 * @param after temperature afterwards (0 = greedy)
 */
public record Temperature(double initial, int plies, double after) {
    /** Always greedy: the most visited move. */
    public static final Temperature GREEDY = new Temperature(0, 0, 0);

    public Temperature {
        SearchOption.TEMPERATURE.check("temperature", initial);
        SearchOption.TEMPERATURE_AFTER.check("temperature after", after);
        if (plies < 0) {
            throw new IllegalArgumentException("temperature plies=" + plies + ": expected >= 0");
        }
    }

    /** The temperature at game ply {@code ply}. */
    public double at(int ply) {
        return ply < plies ? initial : after;
    }
}
