package org.owarelab.play;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.owarelab.agents.Agent;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.rules.Board;

/**
 * The game flow of a person against an agent, shared by the terminal game ({@code oware play})
 * and the served page ({@code oware serve}): whose turn it is, the turns played (with what each
 * sowed and captured, for the front ends to show), the agent's moves, and undo back to the
 * person's previous turn. The board, the legality of moves, the captures and the end come from
 * the lab's rules ({@link Board}); the front ends only print or render. (The static web player's
 * flow is the page's own JavaScript, app.js, over the same turns.)
 *
 * <p>The agent is built by {@code agentFactory} when it first has to move. An owned agent
 * ({@code ownsAgent}) is closed when the game ends or this game is closed and built afresh after
 * an undo past the end; a borrowed one is never closed here. After an undo the agent is reset
 * with the game's seed, since trees it kept for the undone line no longer apply. Not thread-safe.
 */
public final class HumanGame implements AutoCloseable {
    /**
     * One played move. {@code sown}: the seeds the house held. {@code capturedHouses}: the
     * opponent's houses left with fewer seeds than before the move; sowing only adds seeds, so
     * these are the houses captured (a house sown twice from empty and then captured, which needs
     * 23+ seeds in one house, counts in {@code captured} but is not marked). {@code decision}: the
     * agent's, null for the person's moves.
     */
    public record Turn(int side, int move, int sown, int captured, List<Integer> capturedHouses, Decision decision) {
    }

    private final Board board;
    private final int human;
    private final Supplier<Agent> agentFactory;
    private final boolean ownsAgent;
    private final long seed;
    private final List<Turn> turns = new ArrayList<>();
    private Agent agent;

    /**
     * @param board the position to start from (taken over: the game plays on it)
     * @param human the person's side
     * @param agentFactory the agent of this game (asked again only for an owned agent closed since)
     * @param ownsAgent whether this game closes the agent (at the end and in {@link #close})
     * @param seed what the agent is reset with after an undo
     */
    public HumanGame(Board board, int human, Supplier<Agent> agentFactory, boolean ownsAgent, long seed) {
        this.board = board;
        this.human = human;
        this.agentFactory = agentFactory;
        this.ownsAgent = ownsAgent;
        this.seed = seed;
    }

    /** The position now: a copy (play moves through this class). */
    public Board board() {
        return board.copy();
    }

    public int human() {
        return human;
    }

    /** Whether the game is on and the person is to move. */
    public boolean humansTurn() {
        return !board.isOver() && board.toMove() == human;
    }

    /** Whether the game is on and the agent is to move. */
    public boolean agentsTurn() {
        return !board.isOver() && board.toMove() != human;
    }

    /** The turns played in this game, first to last (not those of a starting position given). */
    public List<Turn> turns() {
        return List.copyOf(turns);
    }

    /** Whether the person has a move to take back. */
    public boolean canUndo() {
        return turns.stream().anyMatch(t -> t.side() == human);
    }

    /**
     * The agent's move, under {@code limit} ({@link SearchLimit#NONE}: its spec's own).
     *
     * @throws IllegalStateException when it is not the agent's turn
     */
    public Turn agentMove(SearchLimit limit) {
        if (!agentsTurn()) {
            throw new IllegalStateException("it is not the agent's turn");
        }
        Decision d = agent().decide(board.copy(), limit, SearchMonitor.NONE);
        return play(d.move(), d);
    }

    /**
     * The person's move {@code move} (0..n-1 from the mover's left, legal: check with the board).
     *
     * @throws IllegalStateException when it is not the person's turn
     */
    public Turn humanMove(int move) {
        if (!humansTurn()) {
            throw new IllegalStateException("it is not your turn");
        }
        return play(move, null);
    }

    /** The agent's choice for the person, its value from the person's view. */
    public Decision hint(SearchLimit limit) {
        return agent().decide(board.copy(), limit, SearchMonitor.NONE);
    }

    /**
     * Takes back the person's last move and the agent's replies to it.
     *
     * @return the plies taken back; 0 when the person has not moved yet (nothing changes)
     */
    public int undo() {
        if (!canUndo()) {
            return 0;
        }
        int plies = 0;
        while (turns.get(turns.size() - 1).side() != human) {
            takeBack();
            plies++;
        }
        takeBack();
        if (agent != null) {
            agent.reset(seed);
        }
        return plies + 1;
    }

    private Agent agent() {
        if (agent == null) {
            agent = agentFactory.get();
        }
        return agent;
    }

    private Turn play(int move, Decision decision) {
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
        Turn t = new Turn(side, move, sown, board.lastCaptured(), List.copyOf(taken), decision);
        turns.add(t);
        if (agent != null) {
            agent.played(board.copy(), move);
        }
        if (board.isOver() && ownsAgent) {
            closeAgent();
        }
        return t;
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
        if (ownsAgent) {
            closeAgent();
        }
    }
}
