package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;

/**
 * The command line's agent checked beside the handshake: {@code uci} is answered at once, the first
 * command that needs the agent waits for the check, and a failed check ends the engine instead of
 * answering {@code go} with a move nobody searched.
 */
class UciStartupTest {
    private static UciEngine engine(StringWriter out, String input) {
        return new UciEngine(BuiltInAgents.registry(), "random", RuleSet.DEFAULT, 0,
                new BufferedReader(new StringReader(input)), new PrintWriter(out));
    }

    @Test
    void aFailedCheckEndsTheEngineAtTheFirstCommandThatNeedsTheAgent() {
        StringWriter out = new StringWriter();
        AgentSpecException bad = new AgentSpecException("agent spec 'x': bad");
        CompletableFuture<Void> check = new CompletableFuture<>();
        check.completeExceptionally(bad);
        UciEngine e = engine(out, "uci\nisready\nposition startpos\ngo depth 1\nquit\n").startup(check);
        e.run();
        List<String> lines = out.toString().lines().toList();
        assertEquals("uciok", lines.get(lines.size() - 1), "nothing after the handshake: " + lines);
        assertSame(bad, e.startupFailure());
    }

    @Test
    void aPassedCheckServesAsUsual() {
        StringWriter out = new StringWriter();
        UciEngine e = engine(out, "isready\nquit\n").startup(CompletableFuture.completedFuture(null));
        e.run();
        assertEquals(List.of("readyok"), out.toString().lines().toList());
        assertNull(e.startupFailure());
    }
}
