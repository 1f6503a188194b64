package org.owarelab.protocol.jsonl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

class BoardJsonTest {
    @Test
    void theBoardFormHasThePositionTheCountsAndTheStores() {
        Board b = new Board(Position.parse("0-0-0-0-1-2-1-1-0-0-0-0-20-23-S", RuleSet.DEFAULT));
        b.play(Moves.parse(b, 'F'));
        // F sows its 2 seeds into a and b: 2 and 2, a grand slam, which the default rules do not capture.
        assertEquals("{\"x\":1,\"position\":\"0-0-0-0-1-0-2-2-0-0-0-0-20-23-N\",\"counts\":[0,0,0,0,1,0,2,2,0,0,0,0],"
                + "\"stores\":[20,23]}", BoardJson.put(JsonNodeFactory.instance.objectNode().put("x", 1), b).toString());
    }

    @Test
    void countsFollowTheBoardsSize() {
        Board b = new Board(RuleSet.parse("houses=3,seeds=2"));
        assertEquals("[2,2,2,2,2,2]", BoardJson.counts(JsonNodeFactory.instance.arrayNode(), b).toString());
    }
}
