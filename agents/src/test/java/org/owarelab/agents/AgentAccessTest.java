package org.owarelab.agents;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.RuleSet;

/** Specs from an input stream reach programs and files only where the command line allowed it. */
class AgentAccessTest {
    private final AgentRegistry agents = BuiltInAgents.registry();

    @Test
    void aSpecThatStartsAProgramNeedsAllowEngines() {
        AgentSpecException e = assertThrows(AgentSpecException.class,
                () -> agents.checkAccess("uci:cmd=\"touch x\"", AgentAccess.NONE));
        assertTrue(e.getMessage().contains("agent spec 'uci:cmd=\"touch x\"' refused: cmd= starts a program"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--allow-engines"), e.getMessage());
        assertThrows(AgentSpecException.class, () -> agents.checkAccess("uci:cmd=x", new AgentAccess(false, true)));
        assertDoesNotThrow(() -> agents.checkAccess("uci:cmd=x", new AgentAccess(true, false)));
    }

    @Test
    void specsThatNameFilesNeedAllowFiles() {
        for (String spec : new String[] {"alphabeta:tables=/etc/passwd", "puct:tables=/etc/passwd",
            "puct:model=/etc/passwd"}) {
            AgentSpecException e = assertThrows(AgentSpecException.class, () -> agents.checkAccess(spec,
                    new AgentAccess(true, false)), spec);
            assertTrue(e.getMessage().contains("reads a file") && e.getMessage().contains("--allow-files"),
                    e.getMessage());
            assertDoesNotThrow(() -> agents.checkAccess(spec, new AgentAccess(false, true)));
        }
    }

    @Test
    void specsThatReachNothingOutsideAreAlwaysAllowed() {
        for (String spec : new String[] {"random", "greedy", "alphabeta:depth=3", "alphabeta:tables=off",
            "alphabeta:tables=auto", "mcts:sims=10", "puct:sims=10"}) {
            assertDoesNotThrow(() -> agents.checkAccess(spec, AgentAccess.NONE), spec);
        }
    }

    @Test
    void aRestrictedViewRefusesWhatItDoesNotAllowAndItsCloseLeavesTheFactories() {
        AgentRegistry view = agents.restricted(AgentAccess.NONE);
        assertThrows(AgentSpecException.class, () -> view.create("uci:cmd=\"touch x\"", RuleSet.DEFAULT, 0));
        assertThrows(AgentSpecException.class, () -> view.validate("puct:model=x"));
        assertThrows(AgentSpecException.class, () -> view.resolve("alphabeta:tables=x", RuleSet.DEFAULT));
        view.close();
        try (Agent a = view.create("random", RuleSet.DEFAULT, 0)) {
            assertTrue(a.spec().startsWith("random"));
        }
    }
}
