package org.owarelab.evaluation.stats;

/**
 * Wins, draws and losses of one player (or one side of a pairing), immutable. The score counts a
 * win 1, a draw 1/2 and a loss 0. Use {@link #plus(double)} to add games one by one, e.g. in a
 * gating loop that calls {@link Sprt#test(WinDrawLoss)} after every game.
 *
 * @param wins games won, at least 0
 * @param draws games drawn, at least 0
 * @param losses games lost, at least 0
 */
public record WinDrawLoss(long wins, long draws, long losses) {
    /** No games. */
    public static final WinDrawLoss NONE = new WinDrawLoss(0, 0, 0);

    /** Checks the counts. */
    public WinDrawLoss {
        if (wins < 0 || draws < 0 || losses < 0) {
            throw new IllegalArgumentException("negative game counts: " + wins + "/" + draws + "/" + losses);
        }
    }

    /** The number of games. */
    public long games() {
        return wins + draws + losses;
    }

    /** Points scored: wins + draws / 2. */
    public double points() {
        return wins + 0.5 * draws;
    }

    /** The mean score in [0, 1]; 1/2 with no games. */
    public double score() {
        long n = games();
        return n == 0 ? 0.5 : points() / n;
    }

    /** The score with its 95% interval (see {@link ScoreInterval}). */
    public ScoreInterval interval() {
        return ScoreInterval.of(wins, draws, losses);
    }

    /** The same games seen from the opponent's side. */
    public WinDrawLoss reversed() {
        return new WinDrawLoss(losses, draws, wins);
    }

    /** These games and {@code other}'s. */
    public WinDrawLoss plus(WinDrawLoss other) {
        return new WinDrawLoss(wins + other.wins, draws + other.draws, losses + other.losses);
    }

    /**
     * These games and one more scored {@code score}.
     *
     * @param score 1 (win), 0.5 (draw) or 0 (loss)
     * @throws IllegalArgumentException for any other score
     */
    public WinDrawLoss plus(double score) {
        if (score == 1) {
            return new WinDrawLoss(wins + 1, draws, losses);
        } else if (score == 0.5) {
            return new WinDrawLoss(wins, draws + 1, losses);
        } else if (score == 0) {
            return new WinDrawLoss(wins, draws, losses + 1);
        }
        throw new IllegalArgumentException("a game scores 0, 0.5 or 1, not " + score);
    }

    /** {@code W/D/L}, e.g. {@code 12/3/5}. */
    @Override
    public String toString() {
        return wins + "/" + draws + "/" + losses;
    }
}
