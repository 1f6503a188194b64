package org.owarelab.cli;

import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.uci.UciMain;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code oware uci}: serves an agent as an engine speaking the UCI dialect for Oware on
 * stdin/stdout (see {@code shared/protocol/UCI-OWARE.md} and
 * {@link org.owarelab.agents.uci.UciEngine}). Stdout carries protocol lines only: anything else
 * any library prints goes to stderr.
 */
@Command(name = "uci", mixinStandardHelpOptions = true,
        description = {"Serve an agent as an Oware engine over the UCI dialect on stdin/stdout.",
            "For the Aualé GUI and engine match drivers. Stdout carries only protocol lines; messages go to stderr.",
            "Scores: 100 cp per seed; a proven win or loss is +/-(10000 - plies); agents with only a value v in "
                + "[-1, 1] report 2500 * v. Options: Seed (game k after setting it uses Seed + k * 0x9E3779B97F4A7C15), "
                + "Agent (an agent spec; one that starts a program or reads a file only with --allow-engines or "
                + "--allow-files)."},
        footer = {"", "Examples:",
            "  oware uci --agent alphabeta:depth=8",
            "  printf 'uci\\nisready\\nposition startpos moves Ff\\ngo depth 4\\nquit\\n' | oware uci --agent greedy",
            "  oware match alphabeta:depth=6 'uci:cmd=\"./oware uci --agent mcts:sims=2000\"' --games 20"})
final class UciCommand implements Callable<Integer> {
    @Option(names = "--agent", required = true, paramLabel = "SPEC",
            description = "The agent to serve, e.g. alphabeta:depth=8, mcts:sims=2000, greedy, random "
                    + "(an unknown name lists the known ones).")
    String agent;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
            description = "Rule variants (default: the standard rules, the only ones GUIs and other engines speak).")
    String rules;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Initial value of the engine's Seed option, 0..2147483647 (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    AccessOptions access = new AccessOptions();

    @Override
    public Integer call() {
        RuleSet r = RuleSet.parse(rules);
        try (AgentRegistry agents = ModelAgents.registry()) {
            return UciMain.serve(agents, agent, r, seed, VersionProvider.version(), null,
                    access.access());
        }
    }
}
