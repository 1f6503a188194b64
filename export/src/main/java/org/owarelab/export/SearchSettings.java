package org.owarelab.export;

import org.owarelab.agents.puct.SearchOption;

/**
 * The search an exported player runs when the GUI's {@code go} sets no limit that PUCT reads
 * (a bare {@code go}, or {@code go depth N}: PUCT has no depth): a number of simulations, or a
 * time per move. A {@code go} with {@code movetime}, a clock ({@code wtime/btime/winc/binc}),
 * {@code nodes} (read as simulations) or {@code infinite} is honoured as given.
 *
 * @param simulations simulations per move, 0 when {@code movetimeMillis} is set
 * @param movetimeMillis milliseconds per move, 0 when {@code simulations} is set
 */
public record SearchSettings(int simulations, long movetimeMillis) {
    /** PUCT's own default ({@code puct} agents' {@code simulations}, {@link SearchOption#SIMULATIONS}). */
    public static final int DEFAULT_SIMULATIONS = SearchOption.DEFAULT_SIMULATIONS;
    /** The most a {@code puct} spec takes ({@link SearchOption#SIMULATIONS}' maximum). */
    public static final int MAX_SIMULATIONS = (int) SearchOption.SIMULATIONS.max();
    public static final long MAX_MOVETIME = 3_600_000;

    /** Exactly one of the two is set, each within its range. */
    public SearchSettings {
        if ((simulations > 0) == (movetimeMillis > 0)) {
            throw new ExportException("search settings: give either simulations or a move time, not "
                    + (simulations > 0 ? "both" : "neither"));
        }
        if (simulations < 0 || simulations > MAX_SIMULATIONS) {
            throw new ExportException("--sims " + simulations + ": expected 1.." + MAX_SIMULATIONS);
        }
        if (movetimeMillis < 0 || movetimeMillis > MAX_MOVETIME) {
            throw new ExportException("--movetime " + movetimeMillis + ": expected 1.." + MAX_MOVETIME + " ms");
        }
    }

    /** From the command line's options (null when not given); {@value #DEFAULT_SIMULATIONS} simulations when neither is. */
    public static SearchSettings of(Integer sims, Long movetime) {
        if (sims != null && movetime != null) {
            throw new ExportException("--sims and --movetime exclude each other: give one");
        }
        if (movetime != null) {
            if (movetime < 1) {
                throw new ExportException("--movetime " + movetime + ": expected 1.." + MAX_MOVETIME + " ms");
            }
            return new SearchSettings(0, movetime);
        }
        int s = sims == null ? DEFAULT_SIMULATIONS : sims;
        if (s < 1) {
            throw new ExportException("--sims " + s + ": expected 1.." + MAX_SIMULATIONS);
        }
        return new SearchSettings(s, 0);
    }
}
