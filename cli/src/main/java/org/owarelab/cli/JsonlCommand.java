package org.owarelab.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.export.JsonLines;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code oware jsonl}: an agent answering one JSON request per line on stdin with one JSON reply
 * per line on stdout ({@link JsonLines}), for scripts; {@code oware uci} is for GUIs.
 */
@Command(name = "jsonl", mixinStandardHelpOptions = true,
        description = {"Answer move requests from scripts: one JSON object per line in, one per line out.",
            "Request: {\"position\": \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\", \"moves\": \"Ff\", \"movetime\": 100} "
                + "(all optional; also nodes, sims, depth, seed, id).",
            "Reply: {\"move\": \"C\", \"value\": 0.31, \"policy\": [...], \"pv\": \"CfA\", \"nodes\": N, \"depth\": D, "
                + "\"timeMs\": T}, values from the side to move's view; a bad line gets {\"error\": \"...\"} and the "
                + "process goes on."},
        footer = {"", "Examples:",
            "  echo '{\"moves\": \"Ff\", \"sims\": 200}' | oware jsonl --agent puct:model=runs/q1",
            "  printf '{\"id\": 1}\\n{\"position\": \"bad\"}\\n' | oware jsonl --agent alphabeta:depth=6"})
final class JsonlCommand implements Callable<Integer> {
    @Option(names = "--agent", required = true, paramLabel = "SPEC",
            description = "The agent answering, e.g. alphabeta:depth=8, puct:model=runs/q1,sims=400.")
    String agent;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
            description = "Rule variants (default: the standard rules).")
    String rules;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Seed of the requests that give none (default: ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws IOException {
        RuleSet r = RuleSet.parse(rules);
        try (AgentRegistry agents = ModelAgents.registry()) {
            return JsonLines.serve(agents, agent, r, seed);
        }
    }
}
