package org.owarelab.training.selfplay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import org.owarelab.evaluation.MatchRecord;
import org.owarelab.evaluation.MatchRecords;
import org.owarelab.formats.Mappers;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * What a game's replay needs of a recorded game, whichever file it comes from: a self-play record
 * ({@code RUN/selfplay.jsonl}, {@link SelfPlayRecord}) or a match record ({@code oware match --out},
 * evaluation's {@code MatchRecords}; it has a {@code result}). Each line is read by its format's own
 * reader, so both formats keep one home. Used by {@code oware tune-eval}.
 *
 * @param rules the rule-set spec, empty for the default rules
 * @param position the start position's text, null for the rules' start
 * @param moves the moves as letters
 * @param winner 0 South, 1 North, -1 a draw
 */
public record RecordedGame(String rules, String position, String moves, int winner) {
    private static final ObjectMapper JSON = Mappers.json(); // a duplicated key is an error

    /**
     * The game of one line; null for a match game that an agent forfeited (it has no result to learn).
     *
     * @throws IllegalArgumentException saying what is wrong: not JSON, or neither kind of record
     */
    public static RecordedGame parse(String text) {
        JsonNode o;
        try {
            o = JSON.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException("not JSON; expected one game record per line");
        }
        try {
            if (o != null && o.isObject() && o.has("result")) {
                MatchRecord g = MatchRecords.parse(text);
                return g.isError() ? null : new RecordedGame(g.rules(), g.position(), g.moves(), g.winner());
            }
            SelfPlayRecord g = SelfPlayRecord.fromJson(o);
            return new RecordedGame(g.rules(), null, g.moves(), g.winner());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a game record (" + e.getMessage() + "); expected a self-play "
                    + "record (RUN/selfplay.jsonl) or a match record ('oware match --out')");
        }
    }

    /**
     * A board at the game's start.
     *
     * @throws IllegalArgumentException for rules or a position that do not parse
     */
    public Board start() {
        RuleSet ruleSet = rules.isEmpty() ? RuleSet.DEFAULT : RuleSet.parse(rules);
        return position != null ? new Board(Position.parse(position, ruleSet)) : new Board(ruleSet);
    }
}
