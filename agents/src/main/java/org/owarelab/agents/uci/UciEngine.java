package org.owarelab.agents.uci;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.ScheduledExecutorService;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;
import org.owarelab.util.LineReader;

/**
 * The engine side of the UCI dialect for Oware ({@code shared/protocol/UCI-OWARE.md}): serves one
 * of the lab's agents to a GUI or match driver, one command per input line.
 *
 * <p>Commands: {@code uci}, {@code isready}, {@code ucinewgame}, {@code setoption},
 * {@code position startpos|fen F [moves M]} and {@code position moves M}, {@code go} (depth,
 * nodes, movetime, wtime/btime/winc/binc/movestogo, infinite, ponder; see {@link GoParams}),
 * {@code stop}, {@code ponderhit}, {@code quit}; also {@code debug} and {@code register} (ignored)
 * and {@code d} (not UCI: prints the current game as an {@code info string}). Scores follow
 * {@link UciScore}.
 *
 * <p>Options ({@link UciOptions}): {@code Seed} (spin; game {@code k}, counting {@code ucinewgame}
 * since the seed was set, seeds the agent with {@code Seed + k * 0x9E3779B97F4A7C15}, so a client
 * that sets the seed before each {@code ucinewgame} gets reproducible games and a GUI gets
 * different ones), {@code Agent} (string: the agent spec, e.g. {@code alphabeta:depth=8}; rebuilt
 * lazily), {@code Threads} (spin, 0..256: PUCT's search threads, given as {@code threads=N}; 0, the
 * default, leaves the spec's own: every core in a timed search, one for a fixed count) and {@code TimeManagement} (check: PUCT's {@code timeman} under a
 * game clock). Agents without those keys ignore the last two. A spec set through {@code Agent}
 * comes from the input, not the command line: one that starts a program or reads a file is
 * refused unless {@link #agentOption(AgentAccess)} allows it (see {@link AgentAccess}), and an
 * engine serving one fixed player offers no {@code Agent} option at all ({@link #fixedAgent()}).
 * The options GUIs send to other engines ({@code OwnBook}, {@code EngineTurn}, {@code Ponder},
 * {@code NoiseLevel}) are ignored silently, other unknown names with an {@code info string}.
 *
 * <p>Robustness: nothing is loaded before {@code uciok} (a {@link #startup} check may run beside it); the agent is built at the first
 * {@code isready}, {@code ucinewgame} or {@code go}. A line that cannot be acted on prints
 * {@code info string error: ...} (or {@code info string unknown command ...}) and changes
 * nothing; no stack trace is ever written to the output (only to the optional diagnostics
 * writer). {@code go} on a finished game answers {@code bestmove 0000}.
 *
 * <p>Threads: {@link #run()} is the reader thread and the only one that touches the game, the
 * options and the {@code agent} field. Each {@code go} runs the agent on an {@link EngineSearch}
 * thread; while that search is unfinished the reader never touches the agent ({@code go},
 * {@code ucinewgame} and {@code setoption} wait for a stopping search and are refused during a
 * running one), and the search's own lock hands the agent back (see {@link EngineSearch}).
 * Output lines are serialised by {@link UciOutput}. An instance runs once.
 */
public final class UciEngine {
    /** Builds agents; the registry's {@link AgentRegistry#create} by default (tests plug in their own). */
    @FunctionalInterface
    public interface AgentMaker {
        Agent make(String spec, RuleSet rules, long seed);
    }

    static final long SEED_MAX = UciOptions.SEED_MAX;
    private static final long GAME_SEED_STEP = 0x9E3779B97F4A7C15L;

    private final RuleSet rules;
    private final LineReader in;
    private final UciOutput out;
    private AgentMaker maker;
    private PrintWriter diagnostics;
    private String version = "dev";
    /** The engine's name in {@code id name}; null: {@code OwareLab} and the agent spec. */
    private String name;
    private long graceMillis = EngineSearch.DEFAULT_GRACE_MILLIS;
    /** The check of the command line's agent still running when serving began (see {@link #startup}); null once joined. */
    private java.util.concurrent.Future<?> startup;
    /** Why the command line's agent cannot be built (ends the engine); null while it can. */
    private RuntimeException startupFailure;
    private final UciOptions options;
    private long gamesSinceSeed;
    private Agent agent;
    private UciPosition game;
    /** The game as the agent last saw it (at its last go), for {@link Agent#played} calls; null after a new game. */
    private Board agentBoard;
    private EngineSearch search;
    private ScheduledExecutorService watchdog;

    /**
     * @param agents the registry the agent is built from (owned by the caller)
     * @param agentSpec the agent to serve, e.g. {@code alphabeta:depth=8} (built lazily)
     * @param rules the rules of every position (peers speak only the default rules)
     * @param seed the initial {@code Seed} option, 0..2147483647
     * @param in the GUI's commands
     * @param out protocol lines only
     */
    public UciEngine(AgentRegistry agents, String agentSpec, RuleSet rules, long seed, BufferedReader in,
                     PrintWriter out) {
        this.options = new UciOptions(agents, agentSpec, seed);
        this.maker = agents::create;
        this.rules = rules;
        this.in = new LineReader(in, LineReader.DEFAULT_MAX);
        this.out = new UciOutput(out);
        this.game = UciPosition.start(rules);
    }

    /** Replaces how agents are built (for tests). Call before {@link #run()}. */
    public UciEngine agentMaker(AgentMaker m) {
        this.maker = m;
        return this;
    }

    /**
     * Offers the {@code Agent} option, whose specs may reach what {@code access} allows (by
     * default {@link AgentAccess#NONE}: no program started, no file named by the input read).
     */
    public UciEngine agentOption(AgentAccess access) {
        options.agentAccess(java.util.Objects.requireNonNull(access));
        return this;
    }

    /** Serves only the agent given at construction: no {@code Agent} option (an exported player). */
    public UciEngine fixedAgent() {
        options.agentAccess(null);
        return this;
    }

    /**
     * The check of the command line's agent ({@code AgentRegistry.checkAll}) running in the
     * background, so that loading a checkpoint does not delay {@code uciok}: the first command
     * that needs the agent ({@code isready}, {@code ucinewgame}, {@code go}) waits for it, and a
     * failed check ends the engine ({@link #startupFailure()}) instead of playing without it.
     */
    public UciEngine startup(java.util.concurrent.Future<?> check) {
        this.startup = check;
        return this;
    }

    /** Why the command line's agent could not be built, once {@link #run()} ended for it; else null. */
    public RuntimeException startupFailure() {
        return startupFailure;
    }

    /** Where agents' stack traces go (e.g. stderr); none by default. Never the protocol output. */
    public UciEngine diagnostics(PrintWriter w) {
        this.diagnostics = w;
        return this;
    }

    /** How long an agent may overrun a stop or its time before it is abandoned (tests shorten it). */
    UciEngine graceMillis(long millis) {
        this.graceMillis = millis;
        return this;
    }

    /** The version shown in {@code id name}. */
    public UciEngine version(String v) {
        this.version = v;
        return this;
    }

    /** The name shown in {@code id name} (e.g. an exported player's); by default {@code OwareLab SPEC}. */
    public UciEngine name(String n) {
        this.name = n;
        return this;
    }

    /**
     * Reads and answers commands until {@code quit} or the end of the input, then stops any
     * search and closes the agent. Blocks.
     *
     * @return the exit status: 0
     */
    public int run() {
        try {
            for (LineReader.Line line = in.next(); line != null; line = in.next()) {
                if (line.tooLong()) {
                    out.error("a line over " + in.max() + " characters ignored");
                } else if (!handle(line.text())) {
                    break;
                }
            }
        } catch (IOException e) {
            if (diagnostics != null) {
                diagnostics.println("uci: input failed: " + e.getMessage());
                diagnostics.flush();
            }
        } finally {
            shutdown();
        }
        return 0;
    }

    /** Handles one line; false at {@code quit}. Never throws. */
    boolean handle(String line) {
        String[] w = line.trim().split("\\s+");
        if (w[0].isEmpty()) {
            return true;
        }
        try {
            switch (w[0].toLowerCase(Locale.ROOT)) {
                case "uci" -> identify();
                case "isready" -> isReady();
                case "ucinewgame" -> newGame();
                case "setoption" -> setOption(line);
                case "position" -> game = UciPosition.parse(w, rules);
                case "go" -> go(w);
                case "stop" -> {
                    if (search != null) {
                        search.stop();
                    }
                }
                case "ponderhit" -> {
                    if (search != null) {
                        search.ponderhit();
                    }
                }
                case "quit" -> {
                    return false;
                }
                case "debug", "register" -> {
                    // standard UCI commands with nothing to do here
                }
                case "d" -> out.info("position " + game.base().text() + " moves " + (game.moves().isEmpty() ? "-" : game.moves())
                        + " now " + game.board().text() + (game.board().isOver() ? " over " + game.board().endReason() : ""));
                default -> out.info("unknown command " + abbreviate(line.trim()));
            }
        } catch (StartupFailed e) {
            return false;
        } catch (UciInputException e) {
            out.error(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (RuntimeException | LinkageError | AssertionError e) { // a bug of ours or the agent's: one line, keep serving
            out.error("'" + abbreviate(line.trim()) + "' failed: " + EngineSearch.describe(e));
            if (diagnostics != null) {
                e.printStackTrace(diagnostics);
                diagnostics.flush();
            }
        }
        return true;
    }

    private void identify() {
        out.line("id name " + (name != null ? name : "OwareLab " + options.agentSpec()) + " " + version);
        out.line("id author the Oware RL lab contributors");
        options.describe(out);
        out.line("uciok");
    }

    private void isReady() throws InterruptedException {
        if (!busy()) {
            ensureAgent();
        }
        out.line("readyok");
    }

    private void newGame() throws UciInputException, InterruptedException {
        requireIdle("ucinewgame");
        gamesSinceSeed++;
        agentBoard = null;
        Agent a = ensureAgent();
        if (a != null) {
            a.reset(gameSeed());
        }
    }

    private void setOption(String line) throws UciInputException, InterruptedException {
        UciOptions.Setting setting = options.parse(line, out);
        if (setting == null) {
            return;
        }
        requireIdle("setoption");
        if (options.apply(setting)) {
            closeAgent();
        }
        if (setting.option().equals("seed")) {
            gamesSinceSeed = 0;
        }
    }

    private void go(String[] w) throws UciInputException, InterruptedException {
        requireIdle("go");
        GoParams params = GoParams.parse(w, 1);
        if (!params.ignored().isEmpty()) {
            out.info("go: ignored " + abbreviate(String.join(" ", params.ignored())));
        }
        Board board = game.board();
        if (board.isOver()) {
            out.line("bestmove 0000");
            return;
        }
        Agent a = ensureAgent();
        if (a == null) {
            out.line("bestmove " + board.letter(Integer.numberOfTrailingZeros(board.legalMask())));
            return;
        }
        game.tellPlayed(agentBoard, a); // the moves since the agent's last search
        agentBoard = board.copy();
        search = new EngineSearch(out, diagnostics, watchdog(), a, options.agentSpec(), board, params, graceMillis);
        search.start();
    }

    /** The agent, built on first use; null (after an error line) if it cannot be built. */
    private Agent ensureAgent() {
        if (search != null && search.finished() && search.abandoned()) {
            agent = null; // its thread may still run it: leave it alone
            search = null;
        }
        if (startup != null) {
            java.util.concurrent.Future<?> check = startup;
            startup = null;
            try {
                check.get();
            } catch (java.util.concurrent.ExecutionException e) {
                startupFailure = e.getCause() instanceof RuntimeException r ? r
                        : new IllegalArgumentException(EngineSearch.describe(e.getCause()), e.getCause());
                throw new StartupFailed();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new StartupFailed();
            }
        }
        if (agent == null) {
            try {
                agent = maker.make(options.spec(), rules, gameSeed());
            } catch (RuntimeException | LinkageError e) { // LinkageError: e.g. a native library that does not load
                out.error("cannot build agent '" + options.agentSpec() + "': " + EngineSearch.describe(e));
                return null;
            }
        }
        return agent;
    }

    /** Ends {@link #run()}: the command line's agent cannot be built (see {@link #startupFailure}). */
    private static final class StartupFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StartupFailed() {
            super(null, null, false, false);
        }
    }

    private long gameSeed() {
        return options.seed() + gamesSinceSeed * GAME_SEED_STEP;
    }

    private boolean busy() {
        return search != null && !search.finished();
    }

    /** Waits for a stopping search to print its bestmove; refuses {@code what} during a running one. */
    private void requireIdle(String what) throws UciInputException, InterruptedException {
        if (busy()) {
            if (!search.stopping()) {
                throw new UciInputException(what + " ignored: a search is running (send stop first)");
            }
            if (!search.awaitFinished(graceMillis * 2)) {
                throw new UciInputException(what + " ignored: the stopped search has not ended yet");
            }
        }
    }

    private ScheduledExecutorService watchdog() {
        if (watchdog == null) {
            watchdog = EngineSearch.newWatchdog();
        }
        return watchdog;
    }

    private void closeAgent() {
        Agent a = agent;
        agent = null;
        agentBoard = null;
        if (a != null && !(search != null && search.abandoned())) {
            try {
                a.close();
            } catch (RuntimeException e) {
                out.error("closing agent '" + options.agentSpec() + "': " + EngineSearch.describe(e));
            }
        }
    }

    private void shutdown() {
        if (search != null && !search.finished()) {
            search.stop();
            try {
                search.awaitFinished(graceMillis * 2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (search == null || search.finished()) {
            closeAgent();
        }
        if (watchdog != null) {
            watchdog.shutdownNow();
        }
    }

    private static String abbreviate(String s) {
        return UciOptions.abbreviate(s);
    }
}
