package org.owarelab.agents.builtin;

import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.uci.UciMain;
import org.owarelab.rules.RuleSet;

/**
 * A plain {@code main} that serves a built-in agent as a UCI engine, for subprocess tests and for
 * exported engines that should not need the CLI: {@code java -cp ... 
 * org.owarelab.agents.builtin.UciEngineMain --agent SPEC [--rules R] [--seed S] [--allow-engines] [--allow-files]}. {@code oware uci}
 * serves any agent, networks included, through {@link UciMain#serve}.
 *
 * <p>Exit status: 0 after {@code quit} or the end of the input; 2 for bad arguments (one line on
 * stderr).
 */
public final class UciEngineMain {
    private UciEngineMain() {
    }

    public static void main(String[] args) {
        try {
            UciMain.Args a = UciMain.Args.parse(args);
            try (AgentRegistry agents = BuiltInAgents.registry()) {
                System.exit(UciMain.serve(agents, a.agent(), RuleSet.parse(a.rules()), a.seed(), null, null,
                        a.access()));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("uci: " + e.getMessage());
            System.exit(2);
        }
    }
}
