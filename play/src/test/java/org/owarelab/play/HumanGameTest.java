package org.owarelab.play;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

/** The game flow both the terminal game and the served page use: turns, undo, the agent's lifetime. */
class HumanGameTest {
    @Test
    void turnsUndoAndWhatEachMoveSowedAndCaptured() {
        try (AgentRegistry agents = BuiltInAgents.registry();
                HumanGame g = new HumanGame(new Board(), Side.SOUTH, () -> agents.create("greedy", RuleSet.DEFAULT, 1),
                        true, 1)) {
            assertTrue(g.humansTurn());
            assertFalse(g.canUndo());
            assertEquals(0, g.undo(), "nothing to undo before the person moves");
            assertThrows(IllegalStateException.class, () -> g.agentMove(SearchLimit.NONE));
            HumanGame.Turn t = g.humanMove(2);
            assertEquals(4, t.sown());
            assertEquals(Side.SOUTH, t.side());
            assertTrue(g.agentsTurn());
            assertThrows(IllegalStateException.class, () -> g.humanMove(0));
            HumanGame.Turn reply = g.agentMove(SearchLimit.NONE);
            assertTrue(reply.decision() != null && reply.side() == Side.NORTH);
            Board expected = new Board();
            Moves.playAll(expected, "C" + Moves.letter(Side.NORTH, reply.move()));
            assertEquals(expected.text(), g.board().text());
            g.board().play(0); // a copy: the game is not changed through it
            assertEquals(expected.text(), g.board().text());
            assertEquals(2, g.undo(), "the person's move and the reply");
            assertEquals(new Board().text(), g.board().text());
            assertTrue(g.turns().isEmpty());
        }
    }

    @Test
    void aCaptureNamesTheHousesTaken() {
        try (AgentRegistry agents = BuiltInAgents.registry();
                HumanGame g = new HumanGame(new Board(), Side.SOUTH, () -> agents.create("greedy", RuleSet.DEFAULT, 1),
                        true, 1)) {
            HumanGame.Turn capture = null;
            while (capture == null && !g.board().isOver()) {
                HumanGame.Turn t = g.humansTurn() ? g.humanMove(Integer.numberOfTrailingZeros(g.board().legalMask()))
                        : g.agentMove(SearchLimit.NONE);
                capture = t.captured() > 0 ? t : null;
            }
            assertTrue(capture != null, "the greedy agent captures in this line");
            assertFalse(capture.capturedHouses().isEmpty());
            for (int h : capture.capturedHouses()) {
                assertEquals(1 - capture.side(), h / 6, "a house of the opponent's: " + h);
                assertEquals(0, g.board().count(h), "captured house " + h + " is empty");
            }
        }
    }

    @Test
    void anOwnedAgentIsClosedAtTheEndAndABorrowedOneNever() {
        AtomicInteger closed = new AtomicInteger();
        try (AgentRegistry agents = BuiltInAgents.registry()) {
            for (boolean owns : new boolean[] {true, false}) {
                closed.set(0);
                Agent inner = agents.create("random", RuleSet.DEFAULT, 3);
                Agent counted = new Agent() {
                    @Override
                    public org.owarelab.agents.Decision decide(Board board, SearchLimit limit,
                            org.owarelab.agents.SearchMonitor monitor) {
                        return inner.decide(board, limit, monitor);
                    }

                    @Override
                    public void reset(long seed) {
                        inner.reset(seed);
                    }

                    @Override
                    public String spec() {
                        return "counted";
                    }

                    @Override
                    public void close() {
                        closed.incrementAndGet();
                    }
                };
                HumanGame g = new HumanGame(new Board(), Side.NORTH, () -> counted, owns, 3);
                while (!g.board().isOver()) {
                    if (g.agentsTurn()) {
                        g.agentMove(SearchLimit.NONE);
                    } else {
                        g.humanMove(Integer.numberOfTrailingZeros(g.board().legalMask()));
                    }
                }
                assertEquals(owns ? 1 : 0, closed.get(), "owns " + owns + ": closed at the end");
                g.close();
                assertEquals(owns ? 1 : 0, closed.get(), "owns " + owns + ": closed once, or never");
                inner.close();
            }
        }
    }
}
