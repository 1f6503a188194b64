package org.owarelab.agents.puct;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Levels of play of one PUCT player on an Elo scale the lab measured (as chess engines offer
 * {@code UCI_LimitStrength} / {@code UCI_Elo}): each level is a simulation count and a move-choice
 * temperature (the temperature of every ply: at one simulation the move is drawn from the
 * network's priors, {@code P^(1/t)}), with the Elo a calibration tournament gave it and that Elo's
 * 95% interval. The scale's anchor ({@code random} = 0 for the shipped player) and the tournament
 * that measured it are in the file the levels come from ({@code players/NAME/levels.json},
 * docs/levels.md).
 *
 * <p>A caller asks for an Elo ({@code strong:elo=N}, UCI {@code UCI_Elo}) and gets the nearest
 * level ({@link #nearest}): the levels are what was measured, so an Elo between two levels plays
 * one of them rather than an untested mix. An Elo outside the calibrated range, from the weakest
 * level's Elo to the strongest's, is refused ({@link #level}). Immutable.
 *
 * @param levels the levels, at least one, sorted here by Elo (weakest first), Elos distinct
 */
public record StrengthLevels(List<Level> levels) {
    /** The spec key that asks for a level by its Elo: {@code strong:elo=1200}. */
    public static final String SPEC_KEY = "elo";
    /** The UCI option that turns the levels on (a check, default false: full strength). */
    public static final String UCI_LIMIT = "UCI_LimitStrength";
    /** The UCI option that names the Elo of the level (a spin over the calibrated range). */
    public static final String UCI_ELO = "UCI_Elo";

    /**
     * One level: how the player plays and what it measured.
     *
     * @param elo the measured Elo (the scale's anchor at 0)
     * @param lo the lower end of its 95% interval
     * @param hi the upper end of its 95% interval
     * @param simulations PUCT simulations per move
     * @param temperature move-choice temperature at every ply (0: the most visited move)
     */
    public record Level(int elo, int lo, int hi, int simulations, double temperature) {
        /** Checks the fields. */
        public Level {
            if (lo > elo || hi < elo) {
                throw new IllegalArgumentException("level at Elo " + elo + ": its interval [" + lo + ", " + hi
                        + "] does not hold it");
            }
            if (simulations < SearchOption.SIMULATIONS.min() || simulations > SearchOption.SIMULATIONS.max()) {
                throw new IllegalArgumentException("level at Elo " + elo + ": simulations " + simulations
                        + ": expected " + (long) SearchOption.SIMULATIONS.min() + ".." + (long) SearchOption.SIMULATIONS.max());
            }
            if (!(temperature >= SearchOption.TEMPERATURE.min() && temperature <= SearchOption.TEMPERATURE.max())) {
                throw new IllegalArgumentException("level at Elo " + elo + ": temperature " + temperature
                        + ": expected " + SearchOption.format(SearchOption.TEMPERATURE.min()) + ".."
                        + SearchOption.format(SearchOption.TEMPERATURE.max()));
            }
        }

        /**
         * The search options of this level as spec text, {@code simulations=8,temp=0.5}: what a
         * {@code puct} spec of this player plays it with.
         */
        public String specOptions() {
            return SearchOption.SIMULATIONS.specKey() + "=" + simulations + "," + SearchOption.TEMPERATURE.specKey() + "="
                    + SearchOption.format(temperature);
        }

        /** One line for help texts and logs: {@code 612 [571, 655]: 8 simulations, temperature 0}. */
        public String describe() {
            return String.format(Locale.ROOT, "%d [%d, %d]: %d simulation%s, temperature %s", elo, lo, hi, simulations,
                    simulations == 1 ? "" : "s", SearchOption.format(temperature));
        }
    }

    /** Checks and sorts the levels. */
    public StrengthLevels {
        if (levels == null || levels.isEmpty()) {
            throw new IllegalArgumentException("strength levels: expected at least one level");
        }
        List<Level> sorted = new ArrayList<>(levels);
        sorted.sort(Comparator.comparingInt(Level::elo));
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).elo() == sorted.get(i - 1).elo()) {
                throw new IllegalArgumentException("strength levels: two levels at Elo " + sorted.get(i).elo());
            }
        }
        levels = List.copyOf(sorted);
    }

    /** The weakest level's Elo: the lowest Elo a caller may ask for. */
    public int minElo() {
        return levels.get(0).elo();
    }

    /** The strongest level's Elo: the highest Elo a caller may ask for. */
    public int maxElo() {
        return levels.get(levels.size() - 1).elo();
    }

    /**
     * The level nearest {@code elo} (the weaker of two equally near), for an Elo in the calibrated
     * range.
     *
     * @throws IllegalArgumentException for an Elo outside {@link #minElo()}..{@link #maxElo()}
     *     (not a number included), saying the range
     */
    public Level level(double elo) {
        if (!(elo >= minElo() && elo <= maxElo())) {
            throw new IllegalArgumentException("Elo " + SearchOption.format(elo) + " is outside the calibrated range: "
                    + "expected " + minElo() + ".." + maxElo());
        }
        return nearest(elo);
    }

    /** The level nearest {@code elo} (the weaker of two equally near); the end levels beyond the range. */
    public Level nearest(double elo) {
        Level best = levels.get(0);
        for (Level l : levels) {
            if (Math.abs(l.elo() - elo) < Math.abs(best.elo() - elo)) {
                best = l;
            }
        }
        return best;
    }

    /** The range and the levels in one line, for help texts: {@code 103..1012 (levels 103, 245, ...)}. */
    public String describe() {
        StringBuilder sb = new StringBuilder().append(minElo()).append("..").append(maxElo()).append(" (levels");
        String sep = " ";
        for (Level l : levels) {
            sb.append(sep).append(l.elo());
            sep = ", ";
        }
        return sb.append(')').toString();
    }
}
