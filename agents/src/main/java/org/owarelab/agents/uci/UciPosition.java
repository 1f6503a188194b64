package org.owarelab.agents.uci;

import org.owarelab.agents.Agent;
import org.owarelab.rules.Board;
import org.owarelab.rules.IllegalMoveException;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.RulesException;

/**
 * The game a {@code position} command sets: a base position, the moves since (one token of
 * letters), and the board with both applied, so that its history holds every position since the
 * base and the repetition rule sees them.
 *
 * @param base the base position
 * @param moves the moves from the base as letters, possibly empty
 * @param board {@code base} with {@code moves} played (history included)
 */
record UciPosition(Position base, String moves, Board board) {

    /** The start position of {@code rules} with no moves. */
    static UciPosition start(RuleSet rules) {
        Position p = Position.start(rules);
        return new UciPosition(p, "", new Board(p));
    }

    /**
     * Parses {@code position startpos|fen F [moves M]} or {@code position moves M} (from the start).
     *
     * @param words the command split on white space, {@code words[0]} being {@code position}
     * @throws UciInputException naming what is wrong; nothing is changed by a failed parse
     */
    static UciPosition parse(String[] words, RuleSet rules) throws UciInputException {
        int i = 1;
        Position base;
        if (i >= words.length) {
            throw new UciInputException("position: expected startpos, fen <position> or moves <letters>");
        }
        String kind = words[i].toLowerCase(java.util.Locale.ROOT);
        if (kind.equals("startpos")) {
            base = Position.start(rules);
            i++;
        } else if (kind.equals("fen")) {
            if (i + 1 >= words.length || words[i + 1].equalsIgnoreCase("moves")) {
                throw new UciInputException("position fen: the position text is missing (expected e.g. "
                        + Position.start(rules).text() + ")");
            }
            try {
                base = Position.parse(words[i + 1], rules);
            } catch (RulesException e) {
                throw new UciInputException("position fen: " + e.getMessage());
            }
            i += 2;
        } else if (kind.equals("moves")) {
            base = Position.start(rules);
        } else {
            throw new UciInputException("position: '" + words[i] + "' is not startpos, fen or moves");
        }
        String moves = "";
        if (i < words.length) {
            if (!words[i].equalsIgnoreCase("moves")) {
                throw new UciInputException("position: expected 'moves' after the base position, got '" + words[i] + "'");
            }
            int tokens = words.length - i - 1;
            if (tokens > 1) {
                StringBuilder given = new StringBuilder();
                for (int k = i + 1; k < words.length; k++) {
                    given.append(k > i + 1 ? " " : "").append(words[k]);
                }
                throw new UciInputException("position: the moves must be one token without spaces (e.g. FfBe), got "
                        + tokens + " tokens '" + given + "'");
            }
            moves = tokens == 1 ? words[i + 1] : "";
        }
        Board board = new Board(base);
        for (int k = 0; k < moves.length(); k++) {
            try {
                board.play(Moves.parse(board, moves.charAt(k)));
            } catch (IllegalMoveException e) {
                throw new UciInputException("position: move " + (k + 1) + " of '" + moves + "': " + e.getMessage());
            }
        }
        return new UciPosition(base, moves, board);
    }

    /**
     * Tells {@code agent} the moves played since it saw {@code seen}, when this game continues the
     * one it saw (whether the GUI sent the whole game or the position after the last capture);
     * nothing when {@code seen} is null, is this board, or is not on this game's way.
     */
    void tellPlayed(Board seen, Agent agent) {
        if (seen == null || seen.samePosition(board)) {
            return;
        }
        Board b = new Board(base);
        int k = 0;
        while (!b.samePosition(seen)) {
            if (k == moves.length()) {
                return; // a different game: nothing to tell
            }
            b.play(Moves.parse(b, moves.charAt(k++)));
        }
        for (; k < moves.length(); k++) {
            int m = Moves.parse(b, moves.charAt(k));
            b.play(m);
            agent.played(b.copy(), m);
        }
    }
}
