package org.owarelab.agents;

/**
 * What an agent spec that did not come from the command line may reach outside this process's
 * memory. Specs that arrive on an input stream (UCI {@code setoption name Agent}, a JSON-lines
 * {@code agent} op, a cluster coordinator's tournament games) are written by whoever writes to
 * that stream: a GUI's saved settings, a script fed by another program, a machine on the network.
 * Such a spec may start a program ({@code uci:cmd=...}) or read a file the spec names
 * ({@code puct:model=PATH}, {@code tables=FILE}) only when the person who started the process
 * allowed it on the command line ({@link #ENGINES_FLAG}, {@link #FILES_FLAG}).
 * {@link AgentRegistry#checkAccess} is the one place that checks it; each factory says what its
 * specs reach ({@link AgentFactory#reaches}).
 *
 * @param engines whether such specs may start programs
 * @param files whether such specs may read files they name
 */
public record AgentAccess(boolean engines, boolean files) {
    /** The command-line flag that lets input streams start programs. */
    public static final String ENGINES_FLAG = "--allow-engines";
    /** The command-line flag that lets input streams name files to read. */
    public static final String FILES_FLAG = "--allow-files";
    /** Nothing outside the process: the default for every input stream. */
    public static final AgentAccess NONE = new AgentAccess(false, false);
    /** Everything: what the command line itself may name. */
    public static final AgentAccess ALL = new AgentAccess(true, true);

    /** What building an agent may reach outside the process. */
    public enum Reach {
        /** Starts a program (an external engine). */
        ENGINE("starts a program", ENGINES_FLAG),
        /** Reads a file the spec names (a checkpoint, an endgame table). */
        FILE("reads a file", FILES_FLAG);

        private final String what;
        private final String flag;

        Reach(String what, String flag) {
            this.what = what;
            this.flag = flag;
        }

        /** What it does, e.g. "starts a program". */
        public String what() {
            return what;
        }

        /** The command-line flag that allows it. */
        public String flag() {
            return flag;
        }
    }

    /** Whether {@code reach} is allowed. */
    public boolean allows(Reach reach) {
        return reach == Reach.ENGINE ? engines : files;
    }
}
