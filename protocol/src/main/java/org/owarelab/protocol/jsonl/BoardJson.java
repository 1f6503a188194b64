package org.owarelab.protocol.jsonl;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.owarelab.rules.Board;
import org.owarelab.rules.Side;

/**
 * The lab's one JSON form of a board, written into the objects of {@code oware replay} (one per
 * ply) and of the play server's game state ({@code GET /api/games/ID}, see docs/protocols.md):
 * <pre>
 * "position": "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",   the position text (docs/rules.md)
 * "counts":   [4, 4, ..., 4],                    the seeds of houses 0..2n-1: South's A.., then North's a..
 * "stores":   [south, north]                     the stores as the last move left them
 * </pre>
 * {@code houses}, where an object has it, is the rules' houses per side (as in {@code /api/info}
 * and the rules' {@code houses=} key); replay's objects also keep their older {@code houses} array,
 * the same as {@code counts}, for the scripts that read it. Stateless and thread-safe.
 */
public final class BoardJson {
    private BoardJson() {
    }

    /** Puts {@code position}, {@code counts} and {@code stores} of {@code board} into {@code o}; returns {@code o}. */
    public static ObjectNode put(ObjectNode o, Board board) {
        o.put("position", board.text());
        counts(o.putArray("counts"), board);
        o.putArray("stores").add(board.store(Side.SOUTH)).add(board.store(Side.NORTH));
        return o;
    }

    /** Adds the seeds of houses 0..2n-1 to {@code a}; returns {@code a}. */
    public static ArrayNode counts(ArrayNode a, Board board) {
        for (int i = 0; i < 2 * board.housesPerSide(); i++) {
            a.add(board.count(i));
        }
        return a;
    }
}
