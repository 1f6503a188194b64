package org.owarelab.evaluation.stats;

/**
 * One pairing of a head-to-head table: the games of {@code player} against {@code opponent},
 * counted from {@code player}'s side, with the score's 95% interval and the Elo difference it
 * implies on the logistic scale ({@link ScoreInterval#elo}; infinite for a perfect score).
 *
 * @param player the player the counts are from
 * @param opponent the other player
 * @param wdl wins, draws and losses of {@code player}
 */
public record HeadToHead(String player, String opponent, WinDrawLoss wdl) {
    /** The score with its 95% interval. */
    public ScoreInterval interval() {
        return wdl.interval();
    }

    /** The Elo difference of the score, player minus opponent. */
    public double elo() {
        return ScoreInterval.elo(wdl.score());
    }

    /** The Elo of the interval's lower bound. */
    public double eloLo() {
        return interval().eloLo();
    }

    /** The Elo of the interval's upper bound. */
    public double eloHi() {
        return interval().eloHi();
    }
}
