package org.owarelab.cli;

import java.io.IOException;
import java.util.concurrent.Callable;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.protocol.jsonl.AgentProtocol;
import org.owarelab.protocol.jsonl.EnvProtocol;
import org.owarelab.protocol.jsonl.JsonLines;
import org.owarelab.model.ModelAgents;
import org.owarelab.rules.RuleSet;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code oware jsonl}: an agent answering one JSON request per line on stdin with one JSON reply
 * per line on stdout ({@link AgentProtocol}), for scripts; {@code oware uci} is for GUIs. With
 * {@code --env}, the environment itself over the same transport ({@link EnvProtocol}, its agent
 * specs limited by {@link AccessOptions}).
 */
@Command(name = "jsonl", mixinStandardHelpOptions = true,
        description = {"Answer move requests from scripts: one JSON object per line in, one per line out.",
            "Request: {\"position\": \"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S\", \"moves\": \"Ff\", \"movetime\": 100} "
                + "(all optional; also nodes, sims, depth, seed, id).",
            "Reply: {\"move\": \"C\", \"value\": 0.31, \"policy\": [...], \"pv\": \"CfA\", \"nodes\": N, \"depth\": D, "
                + "\"timeMs\": T}, values from the side to move's view; a bad line gets {\"error\": \"...\"} and the "
                + "process goes on.",
            "With --env: the Gym-like environment instead, one {\"op\": ...} per line: reset (rules, env, seed, "
                + "position), step (action or move), legal, render, agent (agent, seed, sims, depth, nodes, movetime: "
                + "a move suggestion, not played; a spec that starts a program or reads a file only with --allow-engines or "
                + "--allow-files). Replies: a time step {\"observation\", \"legal\", \"toMove\", "
                + "\"reward\": {\"south\", \"north\"}, \"terminated\", \"truncated\", \"done\", \"info\", "
                + "\"position\"}, or {\"error\": \"...\"}."},
        footer = {"", "Examples:",
            "  echo '{\"moves\": \"Ff\", \"sims\": 200}' | oware jsonl --agent puct:model=runs/q1",
            "  printf '{\"id\": 1}\\n{\"position\": \"bad\"}\\n' | oware jsonl --agent alphabeta:depth=6",
            "  printf '{\"op\": \"reset\", \"seed\": 1}\\n{\"op\": \"step\", \"move\": \"C\"}\\n{\"op\": \"render\"}\\n' "
                + "| oware jsonl --env",
            "  echo '{\"op\": \"reset\", \"rules\": \"houses=3,seeds=3\", \"env\": \"reward=margin\"}' | oware jsonl --env"})
final class JsonlCommand implements Callable<Integer> {
    @Option(names = "--agent", paramLabel = "SPEC",
            description = "The agent answering, e.g. alphabeta:depth=8, puct:model=runs/q1,sims=400.")
    String agent;

    @Option(names = "--env", description = "Serve the environment (reset, step, legal, render, agent) instead of one "
            + "agent's moves.")
    boolean env;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
            description = "Rule variants (default: the standard rules; with --env, of a reset that names none).")
    String rules;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0",
            description = "Seed of the requests that give none (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    AccessOptions access = new AccessOptions();

    @Override
    public Integer call() throws IOException {
        if (env == (agent != null)) {
            throw new BadInputException("give exactly one of --agent SPEC (answer move requests) or --env (serve the "
                    + "environment)");
        }
        RuleSet r = RuleSet.parse(rules);
        try (AgentRegistry agents = ModelAgents.registry()) {
            if (!env) {
                return AgentProtocol.serve(agents, agent, r, seed);
            }
            return JsonLines.serve(new EnvProtocol(agents.restricted(access.access()), r, seed));
        }
    }
}
