package org.owarelab.export.serve;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;
import org.owarelab.rules.IllegalMoveException;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;
import org.owarelab.util.Texts;

/**
 * One game in the browser: a human on one side, one agent on the other. The board, the legality
 * of moves, the captures and the end come from the lab's rules ({@link Board}); this class only
 * keeps the turns so that a human move can be undone, and renders the state the page draws.
 *
 * <p>The agent is built when it first has to move and closed when the game ends or the session
 * is closed (an undo after the end builds a fresh one). After an undo the agent is reset with the
 * game's seed, since trees it kept for the undone line no longer apply. Not thread-safe: the
 * server holds the session's lock around every call.
 */
final class GameSession implements AutoCloseable {
    /**
     * One played move. {@code capturedHouses}: the opponent's houses left with fewer seeds than
     * before the move; sowing only adds seeds, so these are the houses captured (a house sown
     * twice from empty and then captured, which needs 23+ seeds in one house, counts in
     * {@code captured} but is not marked).
     */
    private record Turn(int side, int move, int sown, int captured, List<Integer> capturedHouses, Decision decision) {
    }

    private final String id;
    private final int human;
    private final String agentSpec;
    private final Supplier<Agent> agentFactory;
    private final long seed;
    private final Board board;
    private final List<Turn> turns = new ArrayList<>();
    private Agent agent;
    /** The limit the page asked for with the latest request; NONE: the agent spec's own. */
    private SearchLimit limit;

    /**
     * Starts a game; when the agent moves first it plays its move at once.
     *
     * @param agentFactory builds the agent of this game (called again only after the game ended and
     *     was undone)
     */
    GameSession(String id, RuleSet rules, int human, String agentSpec, Supplier<Agent> agentFactory, long seed,
            SearchLimit limit) {
        this.limit = limit;
        this.id = id;
        this.human = human;
        this.agentSpec = agentSpec;
        this.agentFactory = agentFactory;
        this.seed = seed;
        this.board = new Board(rules);
        agentReplies();
    }

    String id() {
        return id;
    }

    /**
     * Plays the human's move (a letter of the human's side) and the agent's reply.
     *
     * @throws ApiException 409 when it is not the human's turn, the game is over or the move is
     *     not legal (the message names the legal moves)
     */
    void humanMove(String letter, SearchLimit limit) {
        if (board.isOver()) {
            throw new ApiException(409, "the game is over (" + board.endReason() + "): start a new game or undo");
        }
        if (board.toMove() != human) {
            throw new ApiException(409, "it is the agent's turn");
        }
        if (letter.length() != 1) {
            throw new ApiException(400, "'move' must be one letter, got '" + Texts.escape(letter) + "'");
        }
        int m;
        try {
            m = Moves.parse(board, letter.charAt(0));
        } catch (IllegalMoveException e) {
            throw new ApiException(409, Texts.escape(e.getMessage()));
        }
        this.limit = limit;
        play(m, null);
        agentReplies();
    }

    /**
     * Takes back the human's last move and the agent's replies to it.
     *
     * @throws ApiException 409 when the human has not moved yet
     */
    void undo() {
        if (turns.stream().noneMatch(t -> t.side() == human)) {
            throw new ApiException(409, "nothing to undo: you have not moved yet");
        }
        while (turns.get(turns.size() - 1).side() != human) {
            takeBack();
        }
        takeBack();
        if (agent != null) {
            agent.reset(seed);
        }
    }

    /** The game as the page draws it (see the API table in docs/protocols.md). */
    ObjectNode state() {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode s = f.objectNode();
        int n = board.housesPerSide();
        s.put("id", id).put("agent", agentSpec).put("human", Side.name(human)).put("houses", n);
        ArrayNode counts = s.putArray("counts");
        for (int i = 0; i < 2 * n; i++) {
            counts.add(board.count(i));
        }
        s.putArray("stores").add(board.store(Side.SOUTH)).add(board.store(Side.NORTH));
        s.put("position", board.text()).put("toMove", Side.name(board.toMove()));
        s.put("legal", !board.isOver() && board.toMove() == human ? board.legalLetters() : "");
        StringBuilder moves = new StringBuilder();
        for (Turn t : turns) {
            moves.append(Moves.letter(t.side(), t.move()));
        }
        s.put("moves", moves.toString());
        if (turns.isEmpty()) {
            s.putNull("last");
        } else {
            Turn t = turns.get(turns.size() - 1);
            ObjectNode last = s.putObject("last");
            last.put("side", Side.name(t.side())).put("move", String.valueOf(Moves.letter(t.side(), t.move())))
                    .put("house", t.side() * n + t.move()).put("sown", t.sown()).put("captured", t.captured());
            ArrayNode ch = last.putArray("capturedHouses");
            t.capturedHouses().forEach(ch::add);
        }
        s.set("reply", reply());
        s.put("over", board.isOver());
        if (board.isOver()) {
            int w = board.winner();
            s.putObject("result").put("reason", board.endReason().text())
                    .put("winner", w < 0 ? "draw" : Side.name(w))
                    .put("south", board.finalStore(Side.SOUTH)).put("north", board.finalStore(Side.NORTH));
        } else {
            s.putNull("result");
        }
        s.put("canUndo", turns.stream().anyMatch(t -> t.side() == human));
        return s;
    }

    /** The agent's latest decision: its move, value (its own view, in [-1, 1]) and principal variation. */
    private ObjectNode reply() {
        for (int i = turns.size() - 1; i >= 0; i--) {
            Turn t = turns.get(i);
            if (t.decision() != null) {
                Decision d = t.decision();
                ObjectNode r = JsonNodeFactory.instance.objectNode();
                r.put("move", String.valueOf(Moves.letter(t.side(), d.move()))).put("value", d.value())
                        .put("pv", d.pvLetters(t.side())).put("nodes", d.nodes()).put("depth", d.depth())
                        .put("timeMs", d.timeNanos() / 1_000_000);
                return r;
            }
        }
        return null;
    }

    private void agentReplies() {
        while (!board.isOver() && board.toMove() != human) {
            if (agent == null) {
                agent = agentFactory.get();
            }
            Decision d = agent.decide(board, limit, SearchMonitor.NONE);
            play(d.move(), d);
        }
        if (board.isOver()) {
            closeAgent();
        }
    }

    private void play(int move, Decision decision) {
        int side = board.toMove();
        int n = board.housesPerSide();
        int[] before = new int[n];
        int from = (1 - side) * n;
        for (int i = 0; i < n; i++) {
            before[i] = board.count(from + i);
        }
        int sown = board.count(side * n + move);
        board.play(move);
        List<Integer> taken = new ArrayList<>();
        if (board.lastCaptured() > 0) {
            for (int i = 0; i < n; i++) {
                if (board.count(from + i) < before[i]) {
                    taken.add(from + i);
                }
            }
        }
        turns.add(new Turn(side, move, sown, board.lastCaptured(), List.copyOf(taken), decision));
        if (agent != null) {
            agent.played(board, move);
        }
    }

    private void takeBack() {
        board.undo();
        turns.remove(turns.size() - 1);
    }

    private void closeAgent() {
        if (agent != null) {
            Agent a = agent;
            agent = null;
            a.close();
        }
    }

    @Override
    public void close() {
        closeAgent();
    }
}
