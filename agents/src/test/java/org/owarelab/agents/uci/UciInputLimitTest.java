package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.LineReader;

/** The engine reads lines of bounded length: a longer one is one error line and the next is answered. */
class UciInputLimitTest {
    @Test
    void aLineOverTheLimitIsIgnoredWithOneErrorLine() {
        StringWriter out = new StringWriter();
        String huge = "position startpos moves " + "A".repeat(LineReader.DEFAULT_MAX);
        try (AgentRegistry agents = BuiltInAgents.registry()) {
            new UciEngine(agents, "random", RuleSet.DEFAULT, 0, new BufferedReader(new StringReader(huge + "\nisready\nquit\n")),
                    new PrintWriter(out)).run();
        }
        List<String> lines = out.toString().lines().toList();
        assertEquals(List.of("info string error: a line over " + LineReader.DEFAULT_MAX + " characters ignored", "readyok"),
                lines);
        assertTrue(lines.size() == 2);
    }
}
