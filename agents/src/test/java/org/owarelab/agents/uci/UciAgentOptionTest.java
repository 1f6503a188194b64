package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;

/**
 * The {@code Agent} option: a spec from the GUI's input starts a program or reads a file only when
 * the engine's command line allowed it, and an engine serving a fixed player offers no such option.
 */
class UciAgentOptionTest {
    /** Runs the engine over {@code lines} (then quit) and returns its output lines. */
    private static List<String> run(java.util.function.UnaryOperator<UciEngine> setup, String... lines) {
        StringWriter out = new StringWriter();
        try (AgentRegistry agents = BuiltInAgents.registry()) {
            UciEngine e = new UciEngine(agents, "random", RuleSet.DEFAULT, 0,
                    new BufferedReader(new StringReader(String.join("\n", lines) + "\nquit\n")), new PrintWriter(out));
            setup.apply(e).run();
        }
        return out.toString().lines().toList();
    }

    private static String touch(Path file) {
        return "setoption name Agent value uci:cmd=\"touch " + file + "\",startup=5000";
    }

    @Test
    void aSpecThatStartsAProgramIsRefusedByDefault(@TempDir Path dir) {
        Path file = dir.resolve("FILE");
        List<String> out = run(e -> e, touch(file), "isready");
        assertFalse(Files.exists(file), "the option ran the command: " + out);
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string error: setoption Agent: agent spec 'uci:cmd=")
                && l.contains("--allow-engines")), out.toString());
        assertTrue(out.contains("readyok"), out.toString());
    }

    @Test
    void aSpecThatReadsAFileIsRefusedWithoutAllowFiles() {
        List<String> out = run(e -> e.agentOption(new AgentAccess(true, false)),
                "setoption name Agent value alphabeta:tables=/etc/passwd", "isready");
        assertTrue(out.stream().anyMatch(l -> l.startsWith("info string error: setoption Agent: agent spec "
                + "'alphabeta:tables=/etc/passwd' refused") && l.contains("--allow-files")), out.toString());
    }

    @Test
    void theCommandLineCanAllowPrograms(@TempDir Path dir) {
        Path file = dir.resolve("FILE");
        run(e -> e.agentOption(AgentAccess.ALL), touch(file), "isready");
        assertTrue(Files.exists(file), "--allow-engines let the option start the program");
    }

    @Test
    void aFixedPlayerOffersNoAgentOption(@TempDir Path dir) {
        Path file = dir.resolve("FILE");
        List<String> out = run(UciEngine::fixedAgent, "uci", touch(file), "isready");
        assertFalse(Files.exists(file));
        assertTrue(out.stream().noneMatch(l -> l.startsWith("option name Agent")), out.toString());
        assertTrue(out.contains("info string unknown option 'Agent' ignored (options: Seed, Threads, TimeManagement)"), out.toString());
    }
}
