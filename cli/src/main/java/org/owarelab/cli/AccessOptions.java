package org.owarelab.cli;

import org.owarelab.agents.AgentAccess;
import picocli.CommandLine.Option;

/**
 * {@code --allow-engines} and {@code --allow-files}: what agent specs arriving on an input stream
 * (UCI {@code setoption name Agent}, a JSON-lines {@code agent} op, a coordinator's games) may
 * reach ({@link AgentAccess}). Without them such a spec may neither start a program nor read a
 * file it names; specs given on the command line are not limited.
 */
final class AccessOptions {
    @Option(names = AgentAccess.ENGINES_FLAG, description = "Let agent specs from the input (not the command line) "
            + "start programs (uci:cmd=...). Off by default: whoever writes to the input could run any program.")
    boolean engines;

    @Option(names = AgentAccess.FILES_FLAG, description = "Let agent specs from the input (not the command line) "
            + "read files they name (puct:model=PATH, tables=FILE). Off by default.")
    boolean files;

    AgentAccess access() {
        return new AgentAccess(engines, files);
    }
}
