package org.owarelab.agents.uci;

import java.io.File;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentAccess;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchInfo;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.IllegalMoveException;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * The client side of the UCI dialect: an agent that plays through an external engine process.
 * Spec: {@code uci:cmd="java -jar engine.jar service"[,dir=D][,depth=N][,movetime=MS][,nodes=N]
 * [,options="Name=value;..."][,startup=MS][,margin=MS][,timeout=MS]}.
 *
 * <p>Life cycle: building the agent starts the process (the command is split like a shell's
 * words, see {@link CommandSplitter}; {@code dir} is its working directory), sends {@code uci}
 * and waits for {@code uciok} ({@code startup} ms, default 10000), sends each {@code options}
 * entry as {@code setoption}, then starts a game. {@link #reset} sends {@code setoption name Seed}
 * (if the engine offers a {@code Seed} option), {@code ucinewgame} and {@code isready}.
 * {@link #close} sends {@code quit} and kills the process if it does not exit within a second.
 *
 * <p>History: the agent keeps the game as a base position plus the moves since, from the start
 * position at {@link #reset} and from every {@link #played} call, rebased after each capture
 * (equivalent: a position before a capture cannot recur). Each decision sends
 * {@code position fen <base> moves <letters>} (one token), then {@code isready} (which also drops
 * stale output). If the board given to {@link #decide} is not the tracked one (a caller that
 * does not report moves), the agent sends that board alone and the engine cannot see earlier
 * repetitions.
 *
 * <p>Search: {@code go} with the limit's depth, movetime and nodes (simulations are sent as
 * nodes; an all-unset limit uses the spec's, and none at all sends a bare {@code go}); an
 * infinite limit sends {@code go infinite} and {@code stop} when the monitor asks. {@code info}
 * lines reach the monitor (scores read with {@link UciScore}). The reply must come within
 * {@code movetime + margin} (margin default 2000 ms) or, without a movetime, within
 * {@code timeout} (default 60000 ms); otherwise the agent sends {@code stop} and throws. The
 * {@code bestmove} must be one letter, legal here; anything else throws a {@link UciException}
 * naming the engine and its reply, as does the engine dying (exit code and last stderr lines).
 * After a failure that leaves the engine out of step (no reply, died) every later call throws.
 *
 * <p>Only the default rules: engines that speak the dialect know 6 houses and 48 seeds only.
 * Not thread-safe (one game, one thread), like every agent.
 */
public final class UciAgent implements Agent {
    /** The {@code uci} factory. */
    public static final AgentFactory FACTORY = new AgentFactory() {
        @Override
        public String name() {
            return "uci";
        }

        @Override
        public Set<String> keys() {
            return Set.of("cmd", "dir", "depth", "movetime", "nodes", "options", "startup", "margin", "timeout");
        }

        @Override
        public String help() {
            return "an external engine speaking the Oware UCI dialect: cmd=\"program args\" (required), dir=, depth=, "
                    + "movetime= (ms), nodes= (default: a bare go), options=\"Name=value;...\", startup=10000, "
                    + "margin=2000, timeout=60000 (ms)";
        }

        /** Every {@code uci} spec starts its {@code cmd}. */
        @Override
        public Map<String, AgentAccess.Reach> reaches(AgentSpec spec) {
            return Map.of("cmd", AgentAccess.Reach.ENGINE);
        }

        @Override
        public Agent create(AgentSpec spec, RuleSet rules, long seed) {
            return new UciAgent(spec, rules, seed);
        }
    };

    /** Poll interval while waiting for a reply: how often the monitor's stop flag is checked. */
    private static final long SLICE_MILLIS = 20;

    private final String spec;
    private final String name;
    private final SearchLimit defaults;
    private final long startupMillis;
    private final long marginMillis;
    private final long timeoutMillis;
    private final EngineProcess process;
    private boolean seedOption;
    /** Why the engine cannot be used any more, or null. */
    private String broken;

    private Position base;
    private final StringBuilder moves = new StringBuilder();
    private Board track;

    UciAgent(AgentSpec spec, RuleSet rules, long seed) {
        if (!rules.isDefault()) {
            throw new AgentSpecException("agent spec '" + spec + "': uci engines play only the default rules "
                    + "(6 houses, 4 seeds, grand-slam=no-capture, repetition=own-side), not '" + rules.spec() + "'");
        }
        if (!spec.has("cmd") || spec.string("cmd", "").isBlank()) {
            throw spec.nameError("uci needs a command (expected e.g. uci:cmd=\"java -jar engine.jar service\")");
        }
        this.spec = spec.text();
        List<String> command = CommandSplitter.split(spec.string("cmd", ""));
        this.defaults = new SearchLimit(spec.integer("depth", 0, 1, 1000), spec.integer("nodes", 0, 1, Integer.MAX_VALUE), 0,
                spec.integer("movetime", 0, 1, Integer.MAX_VALUE), false);
        this.startupMillis = spec.integer("startup", 10_000, 1, Integer.MAX_VALUE);
        this.marginMillis = spec.integer("margin", 2_000, 1, Integer.MAX_VALUE);
        this.timeoutMillis = spec.integer("timeout", 60_000, 1, Integer.MAX_VALUE);
        Map<String, String> options = options(spec);
        File dir = spec.has("dir") ? new File(spec.string("dir", ".")) : null;
        this.name = "'" + spec.string("cmd", "") + "'";
        this.process = new EngineProcess(command, dir, name);
        try {
            handshake();
            for (Map.Entry<String, String> o : options.entrySet()) {
                process.send("setoption name " + o.getKey() + " value " + o.getValue());
            }
            reset(seed);
        } catch (RuntimeException e) {
            process.quit(200);
            throw e;
        } catch (InterruptedException e) {
            process.quit(200);
            Thread.currentThread().interrupt();
            throw new UciException("uci engine " + name + ": interrupted during the handshake", e);
        }
    }

    private static Map<String, String> options(AgentSpec spec) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String entry : spec.string("options", "").split(";")) {
            if (entry.isBlank()) {
                continue;
            }
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw spec.valueError("options", "entry '" + entry.trim()
                        + "' is not Name=value (expected entries Name=value separated by ';')");
            }
            m.put(entry.substring(0, eq).trim(), entry.substring(eq + 1).trim());
        }
        return m;
    }

    private void handshake() throws InterruptedException {
        process.send("uci");
        long end = System.nanoTime() + startupMillis * 1_000_000;
        while (true) {
            String line = process.poll((end - System.nanoTime()) / 1_000_000, "before uciok");
            if (line == null) {
                broken = "no uciok";
                throw new UciException("uci engine " + name + ": no 'uciok' within " + startupMillis + " ms of 'uci' ("
                        + process.death() + ")");
            }
            String t = line.trim();
            if (t.equals("uciok")) {
                return;
            }
            String[] w = t.split("\\s+");
            if (w.length >= 3 && w[0].equals("option") && w[1].equals("name") && w[2].equalsIgnoreCase("seed")) {
                seedOption = true;
            }
        }
    }

    /** Sends isready and waits for readyok, dropping anything else (stale output). */
    private void sync(String after) throws InterruptedException {
        process.send("isready");
        long end = System.nanoTime() + startupMillis * 1_000_000;
        while (true) {
            String line = process.poll((end - System.nanoTime()) / 1_000_000, "after '" + after + "'");
            if (line == null) {
                broken = "no readyok after '" + after + "'";
                throw new UciException("uci engine " + name + ": no 'readyok' within " + startupMillis + " ms after '"
                        + after + "' (" + process.death() + ")");
            }
            if (line.trim().equals("readyok")) {
                return;
            }
        }
    }

    @Override
    public void reset(long seed) {
        usable();
        base = Position.start(RuleSet.DEFAULT);
        moves.setLength(0);
        track = new Board(base);
        try {
            if (seedOption) {
                process.send("setoption name Seed value " + seedOption(seed));
            }
            process.send("ucinewgame");
            sync("ucinewgame");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UciException("uci engine " + name + ": interrupted", e);
        } catch (UciException e) {
            broken = e.getMessage();
            throw e;
        }
    }

    /** The engine's Seed option value (0..2^31-1) for a seed: the seed itself when it fits. */
    static long seedOption(long seed) {
        if (seed >= 0 && seed <= UciEngine.SEED_MAX) {
            return seed;
        }
        return Math.floorMod(seed ^ (seed >>> 32), UciEngine.SEED_MAX + 1);
    }

    @Override
    public void played(Board after, int move) {
        if (track != null && track.isLegal(move)) {
            char letter = track.letter(move);
            track.play(move);
            if (track.samePosition(after)) {
                if (after.lastCaptured() > 0) {
                    rebase(after); // shorter commands; nothing before a capture can recur
                } else {
                    moves.append(letter);
                }
                return;
            }
        }
        rebase(after);
    }

    private void rebase(Board b) {
        base = b.position();
        moves.setLength(0);
        track = new Board(base);
    }

    @Override
    public Decision decide(Board board, SearchLimit limit, SearchMonitor monitor) {
        usable();
        if (!board.rules().isDefault()) {
            throw new IllegalArgumentException("uci engine " + name + ": board for rules '" + board.rules().spec()
                    + "'; uci engines play only the default rules");
        }
        if (board.isOver()) {
            throw new IllegalArgumentException("uci engine " + name + ": decide on a finished game (" + board.text() + ")");
        }
        if (track == null || !track.samePosition(board)) {
            rebase(board);
        }
        String position = "position fen " + base.text() + (moves.length() > 0 ? " moves " + moves : "");
        SearchLimit l = limit.or(defaults);
        long t0 = System.nanoTime();
        try {
            process.send(position);
            sync("position");
            return search(board, l, monitor, goCommand(l), t0);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            broken = "interrupted while searching";
            throw new UciException("uci engine " + name + ": interrupted while searching", e);
        } catch (UciException e) {
            if (!process.isAlive() && broken == null) {
                broken = e.getMessage();
            }
            throw e;
        }
    }

    static String goCommand(SearchLimit l) {
        if (l.infinite()) {
            return "go infinite" + (l.depth() > 0 ? " depth " + l.depth() : "") + (l.nodes() > 0 ? " nodes " + l.nodes() : "");
        }
        StringBuilder sb = new StringBuilder("go");
        if (l.depth() > 0) {
            sb.append(" depth ").append(l.depth());
        }
        if (l.movetimeMillis() > 0) {
            sb.append(" movetime ").append(l.movetimeMillis());
        }
        long nodes = l.nodes() > 0 ? l.nodes() : l.simulations();
        if (nodes > 0) {
            sb.append(" nodes ").append(nodes);
        }
        return sb.toString();
    }

    private Decision search(Board board, SearchLimit l, SearchMonitor monitor, String go, long t0) throws InterruptedException {
        process.send(go);
        long replyMillis = l.infinite() ? 0 : l.movetimeMillis() > 0 ? l.movetimeMillis() + marginMillis : timeoutMillis;
        boolean stopSent = false;
        boolean late = false;
        long stopAt = 0;
        SearchInfo last = null;
        while (true) {
            long now = System.nanoTime();
            long elapsed = (now - t0) / 1_000_000;
            if (!stopSent && (monitor.stopRequested() || (replyMillis > 0 && elapsed >= replyMillis))) {
                late = !monitor.stopRequested();
                process.send("stop");
                stopSent = true;
                stopAt = now;
            }
            if (stopSent && (now - stopAt) / 1_000_000 >= marginMillis) {
                broken = "no bestmove after stop";
                throw new UciException("uci engine " + name + ": no bestmove within " + (elapsed) + " ms of '" + go
                        + "', nor within " + marginMillis + " ms of 'stop' (" + process.death() + ")");
            }
            String line = process.poll(SLICE_MILLIS, "while searching '" + go + "'");
            if (line == null) {
                continue;
            }
            String t = line.trim();
            if (t.startsWith("info ")) {
                SearchInfo info = InfoLine.parse(t, board);
                if (info != null) {
                    last = info;
                    monitor.info(info);
                }
            } else if (t.equals("bestmove") || t.startsWith("bestmove ")) {
                if (late) {
                    throw new UciException("uci engine " + name + ": no bestmove within " + replyMillis + " ms of '" + go
                            + "' (" + (l.movetimeMillis() > 0 ? "movetime + margin" : "timeout") + "); it answered '" + t
                            + "' only after 'stop'");
                }
                return decision(board, t, last, System.nanoTime() - t0);
            }
        }
    }

    private Decision decision(Board board, String reply, SearchInfo last, long nanos) {
        String[] w = reply.split("\\s+");
        String move = w.length > 1 ? w[1] : "";
        if (move.length() != 1) {
            throw new UciException("uci engine " + name + ": replied '" + reply + "' in position " + board.text()
                    + ": expected one move letter (legal: " + board.legalLetters() + ")");
        }
        int m;
        try {
            m = Moves.parse(board, move.charAt(0));
        } catch (IllegalMoveException e) {
            throw new UciException("uci engine " + name + ": replied '" + reply + "' in position " + board.text() + ": "
                    + e.getMessage());
        }
        float[] policy = new float[board.housesPerSide()];
        policy[m] = 1f;
        int[] pv = last != null && last.pv().length > 0 && last.pv()[0] == m ? last.pv() : new int[] {m};
        return new Decision(m, policy, last == null ? 0f : (float) last.value(), last == null ? 0 : last.nodes(),
                last == null ? 0 : last.depth(), nanos, pv);
    }

    private void usable() {
        if (broken != null) {
            throw new UciException("uci engine " + name + " is unusable after an earlier failure: " + broken);
        }
    }

    @Override
    public String spec() {
        return spec;
    }

    /** Whether the engine process is still running (for tests and diagnostics). */
    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        process.quit(1000);
    }
}
