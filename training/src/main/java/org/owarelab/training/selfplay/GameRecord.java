package org.owarelab.training.selfplay;

import java.util.Locale;

/**
 * One finished self-play game.
 *
 * @param gameId the game's id
 * @param seed the game's seed (derived from the run seed and the id)
 * @param rules the rule set's text form (empty for the default rules)
 * @param moves the moves as letters from the start position, e.g. {@code FfBe}
 * @param winner {@code 0} South, {@code 1} North, {@code -1} a draw
 * @param end {@code threshold}, {@code no-moves}, {@code repetition} (the board's end reasons),
 *     {@code resigned} or {@code ply-cap}
 * @param southStore South's final store (after the end-of-game sharing for natural ends)
 * @param northStore North's final store
 * @param wouldResign in a played-through game the side that met the resignation condition first
 *     ({@code -1} none or not applicable)
 * @param wouldResignPly the ply where it did, {@code -1} if none
 * @param positions positions recorded (full searches)
 * @param simulations simulations run for the game's moves
 */
public record GameRecord(long gameId, long seed, String rules, String moves, int winner, String end, int southStore,
        int northStore, int wouldResign, int wouldResignPly, int positions, long simulations) {

    /** Whether a played-through game shows a resignation that would have been wrong (no loss for that side). */
    public boolean falsePositive() {
        return wouldResign >= 0 && winner != 1 - wouldResign;
    }

    /** One JSON object on one line (for a {@code selfplay.jsonl} file). */
    public String jsonLine() {
        return String.format(Locale.ROOT, "{\"id\":%d,\"seed\":%d,\"rules\":\"%s\",\"moves\":\"%s\",\"winner\":%d,"
                + "\"end\":\"%s\",\"stores\":[%d,%d],\"would_resign\":%d,\"would_resign_ply\":%d,\"positions\":%d,"
                + "\"simulations\":%d}", gameId, seed, rules, moves, winner, end, southStore, northStore, wouldResign,
                wouldResignPly, positions, simulations);
    }
}
