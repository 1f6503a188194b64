package org.owarelab.training.selfplay;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One finished self-play game: a line of the run's {@code selfplay.jsonl}.
 *
 * <p>JSON form ({@link #jsonLine()}), format {@value #FORMAT}: {@code format, id, seed, rules,
 * moves, winner, end, stores [south, north], would_resign, would_resign_ply, positions,
 * simulations}. Lines written before the format field existed have none and are format 1.
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
    /** Format version of {@link #jsonLine()} (lines without the field are format 1 too). */
    public static final int FORMAT = 1;

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Whether a played-through game shows a resignation that would have been wrong (no loss for that side). */
    public boolean falsePositive() {
        return wouldResign >= 0 && winner != 1 - wouldResign;
    }

    /** One JSON object on one line (for a {@code selfplay.jsonl} file), through Jackson. */
    public String jsonLine() {
        ObjectNode o = JSON.createObjectNode();
        o.put("format", FORMAT);
        o.put("id", gameId);
        o.put("seed", seed);
        o.put("rules", rules);
        o.put("moves", moves);
        o.put("winner", winner);
        o.put("end", end);
        o.putArray("stores").add(southStore).add(northStore);
        o.put("would_resign", wouldResign);
        o.put("would_resign_ply", wouldResignPly);
        o.put("positions", positions);
        o.put("simulations", simulations);
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a JSON tree of strings and numbers did not serialise", e);
        }
    }
}
