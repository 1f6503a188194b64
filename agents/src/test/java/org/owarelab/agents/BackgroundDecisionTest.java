package org.owarelab.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/** {@link BackgroundDecision}: waited for in slices, stopped on request, the agent's failure passed on. */
class BackgroundDecisionTest {

    /** A search no test would see finish (10 minutes a move) ends soon after a stop with a legal move. */
    @Test
    @Timeout(60)
    void aStopEndsALongSearchWithALegalMoveAndTheBoardUnchanged() throws Exception {
        try (AgentRegistry registry = BuiltInAgents.registry();
             Agent agent = registry.create("alphabeta:movetime=600000", RuleSet.DEFAULT, 0)) {
            Board board = new Board();
            String before = board.text();
            BackgroundDecision job = BackgroundDecision.start(agent, board);
            assertNull(job.waitFor(10), "still searching");
            assertFalse(job.done());
            job.stop();
            Decision d = null;
            while (d == null) { // bounded by the test's timeout
                d = job.waitFor(100);
            }
            assertTrue(job.done());
            assertTrue(board.isLegal(d.move()));
            assertEquals(before, board.text());
        }
    }

    @Test
    @Timeout(60)
    void theAgentsExceptionIsRethrown() {
        Agent failing = new Agent() {
            @Override
            public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
                throw new IllegalStateException("no move here");
            }

            @Override
            public void reset(long seed) {
            }

            @Override
            public String spec() {
                return "failing";
            }
        };
        BackgroundDecision job = BackgroundDecision.start(failing, new Board());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> {
            while (job.waitFor(100) == null) {
                // bounded by the test's timeout
            }
        });
        assertEquals("no move here", e.getMessage());
    }
}
