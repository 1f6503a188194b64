package org.owarelab.agents;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/**
 * The {@link Agent} contract, as JUnit 5 default methods: a test class of an agent implements
 * this interface and {@link #newAgent}, and passes the same checks as every other agent. The
 * agents module's test-jar carries it, so agents in other modules reuse it.
 *
 * <p>Checked: legal moves only, over whole games under several rule sets (board sizes and
 * grand-slam variants); the board left as found (text, hash, ply, legal mask, and its history:
 * undoing the game afterwards retraces it); well-formed decisions (policy a distribution over
 * the mover's houses, zero on illegal moves; value in [-1, 1]; a principal variation that is a
 * legal line starting with the move); determinism under a seed (two agents, and an agent reset
 * to the seed); depth and node limits; a single legal move; positions a move or two from the end;
 * a stop request ending an infinite search; the agent's {@link Agent#spec()} building an agent
 * that decides the same.
 */
public interface AgentContractTest {

    /** A new agent of the implementation under test for {@code rules}, seeded with {@code seed}. */
    Agent newAgent(RuleSet rules, long seed);

    /** The limit of the game-playing checks; keep it small for search agents. NONE = the agent's spec. */
    default SearchLimit testLimit() {
        return SearchLimit.NONE;
    }

    /**
     * Whether the agent bounds its search by a depth limit. Tree searches that work by simulations
     * (PUCT) ignore one and report the tree's mean depth; their node limit is still checked.
     */
    default boolean honoursDepthLimit() {
        return true;
    }

    /** Games per rule set in the game-playing checks. */
    default int testGames() {
        return 3;
    }

    /** Rule sets the game-playing checks cover. */
    default List<RuleSet> testRuleSets() {
        return List.of(RuleSet.DEFAULT, RuleSet.parse("houses=4,seeds=3"), RuleSet.parse("grand-slam=capture-all"),
                RuleSet.parse("grand-slam=illegal,repetition=split"), RuleSet.parse("houses=3,seeds=2,grand-slam=to-opponent"),
                RuleSet.parse("grand-slam=spare-last,houses=5"));
    }

    @Test
    default void playsLegalMovesAndLeavesTheBoardAsFound() {
        for (RuleSet rules : testRuleSets()) {
            for (int g = 0; g < testGames(); g++) {
                try (Agent agent = newAgent(rules, 100 + g)) {
                    Board board = new Board(rules);
                    List<String> texts = new ArrayList<>();
                    SplittableRandom opening = new SplittableRandom(7 * g + 1);
                    while (!board.isOver() && board.ply() < 400) {
                        texts.add(board.text());
                        int move;
                        if (board.ply() < 4) {
                            move = randomMove(board, opening);
                        } else {
                            move = decideChecked(agent, board, testLimit(), rules + " game " + g).move();
                        }
                        board.play(move);
                        agent.played(board, move);
                    }
                    for (int i = texts.size() - 1; i >= 0; i--) {
                        board.undo();
                        assertEquals(texts.get(i), board.text(), rules + " game " + g + ": history intact at ply " + i);
                    }
                }
            }
        }
    }

    @Test
    default void isDeterministicUnderASeed() {
        RuleSet rules = RuleSet.DEFAULT;
        try (Agent a = newAgent(rules, 42); Agent b = newAgent(rules, 42)) {
            List<Decision> first = playAndRecord(a, b, rules, 11);
            a.reset(42);
            b.reset(42);
            List<Decision> again = playAndRecord(a, b, rules, 11);
            assertEquals(first.size(), again.size(), "same game length after reset(seed)");
            for (int i = 0; i < first.size(); i++) {
                assertEquals(first.get(i).move(), again.get(i).move(), "move " + i + " after reset(seed)");
                assertArrayEquals(first.get(i).policy(), again.get(i).policy(), "policy " + i + " after reset(seed)");
            }
        }
    }

    @Test
    default void respectsDepthAndNodeLimits() {
        Board board = new Board();
        board.play(2);
        board.play(3);
        try (Agent agent = newAgent(RuleSet.DEFAULT, 3)) {
            for (int depth = 1; depth <= 3 && honoursDepthLimit(); depth++) {
                Decision d = decideChecked(agent, board, SearchLimit.depth(depth), "depth " + depth);
                assertTrue(d.depth() <= depth, "completed depth " + d.depth() + " within the limit " + depth);
            }
            for (long nodes : new long[] {50, 2000}) { // at least one node per legal move
                Decision d = decideChecked(agent, board, SearchLimit.nodes(nodes), "nodes " + nodes);
                assertTrue(d.nodes() <= nodes, d.nodes() + " nodes within the limit " + nodes);
            }
        }
    }

    @Test
    default void playsTheOnlyLegalMove() {
        // RULES.md example 6: North's side is empty and only F reaches it.
        Board board = new Board(Position.parse("1-0-0-0-0-1-0-0-0-0-0-0-23-23-S", RuleSet.DEFAULT));
        assertEquals(1 << 5, board.legalMask());
        try (Agent agent = newAgent(RuleSet.DEFAULT, 5)) {
            assertEquals(5, decideChecked(agent, board, testLimit(), "only F").move());
        }
    }

    @Test
    default void handlesPositionsNearTheEnd() {
        String[] positions = {
            "0-0-0-0-0-1-1-0-0-0-0-1-23-22-S", // F captures 2 and wins
            "0-0-0-0-1-2-1-1-0-0-0-0-20-23-S", // F is a grand slam (RULES.md example 5)
            "0-0-0-0-0-1-0-0-0-0-0-0-24-23-S", // a forced feed, then North's only move
            "0-0-0-0-0-0-0-0-0-0-1-1-23-23-N", // North must feed South: only f reaches it
            "2-1-0-0-0-0-0-0-0-0-0-1-21-23-N", // North's f makes A 3: a capture that wins
        };
        for (String text : positions) {
            Board board = new Board(Position.parse(text, RuleSet.DEFAULT));
            try (Agent agent = newAgent(RuleSet.DEFAULT, 9)) {
                while (!board.isOver()) {
                    int move = decideChecked(agent, board, testLimit(), text).move();
                    board.play(move);
                    agent.played(board, move);
                }
            }
        }
    }

    @Test
    default void stopRequestEndsAnInfiniteSearch() {
        Board board = new Board();
        SearchLimit infinite = new SearchLimit(0, 0, 0, 0, true);
        try (Agent agent = newAgent(RuleSet.DEFAULT, 1)) {
            for (int after : new int[] {0, 3}) {
                AtomicInteger polls = new AtomicInteger();
                SearchMonitor stopper = new SearchMonitor() {
                    @Override
                    public boolean stopRequested() {
                        return polls.getAndIncrement() >= after;
                    }
                };
                Decision d = assertTimeoutPreemptively(Duration.ofSeconds(60),
                        () -> agent.decide(board, infinite, stopper), "a stop request must end the search");
                assertTrue(board.isLegal(d.move()), "legal move after a stop: " + d.move());
            }
        }
    }

    @Test
    default void specBuildsAnAgentThatDecidesTheSame() {
        RuleSet rules = RuleSet.parse("houses=4,seeds=3");
        try (Agent agent = newAgent(rules, 17); Agent rebuilt = BuiltInAgents.registry().create(agent.spec(), rules, 17)) {
            assertEquals(agent.spec(), rebuilt.spec(), "spec round trip");
            Board board = new Board(rules);
            for (int i = 0; i < 6 && !board.isOver(); i++) {
                Decision x = agent.decide(board, testLimit(), SearchMonitor.NONE);
                Decision y = rebuilt.decide(board, testLimit(), SearchMonitor.NONE);
                assertEquals(x.move(), y.move(), "move " + i + " of the agent built from '" + agent.spec() + "'");
                board.play(x.move());
                agent.played(board, x.move());
                rebuilt.played(board, x.move());
            }
        }
    }

    // ------------------------------------------------------------------ helpers

    /** Decides on {@code board} and checks the decision and that the board is as it was. */
    static Decision decideChecked(Agent agent, Board board, SearchLimit limit, String where) {
        String text = board.text();
        long hash = board.hash();
        int ply = board.ply();
        int mask = board.legalMask();
        Decision d = agent.decide(board, limit, SearchMonitor.NONE);
        assertEquals(text, board.text(), where + ": board text unchanged");
        assertEquals(hash, board.hash(), where + ": board hash unchanged");
        assertEquals(ply, board.ply(), where + ": board ply unchanged");
        assertEquals(mask, board.legalMask(), where + ": legal moves unchanged");
        checkDecision(board, d, where + " at " + text);
        return d;
    }

    /** A decision is a legal move with a distribution over the mover's houses, a value in [-1, 1], a legal pv. */
    static void checkDecision(Board board, Decision d, String where) {
        int n = board.housesPerSide();
        assertTrue(board.isLegal(d.move()), where + ": illegal move " + d.move() + " (legal: " + board.legalLetters() + ")");
        assertEquals(n, d.policy().length, where + ": policy length");
        double sum = 0;
        for (int m = 0; m < n; m++) {
            float p = d.policy()[m];
            assertTrue(p >= 0 && Float.isFinite(p), where + ": policy[" + m + "] = " + p);
            assertTrue(p == 0 || board.isLegal(m), where + ": policy on illegal move " + m);
            sum += p;
        }
        assertEquals(1.0, sum, 1e-4, where + ": policy sums to 1");
        assertTrue(d.value() >= -1 && d.value() <= 1, where + ": value " + d.value() + " in [-1, 1]");
        assertTrue(d.nodes() >= 0 && d.depth() >= 0 && d.timeNanos() >= 0, where + ": counts are >= 0");
        if (d.pv().length > 0) {
            assertEquals(d.move(), d.pv()[0], where + ": pv starts with the move");
            Board line = board.copy();
            for (int i = 0; i < d.pv().length; i++) {
                assertFalse(line.isOver(), where + ": pv goes on after the end of the game at " + i);
                assertTrue(line.isLegal(d.pv()[i]), where + ": pv move " + i + " is illegal");
                line.play(d.pv()[i]);
            }
        }
    }

    private static int randomMove(Board board, SplittableRandom random) {
        int mask = board.legalMask();
        int k = random.nextInt(Integer.bitCount(mask));
        while (k-- > 0) {
            mask &= mask - 1;
        }
        return Integer.numberOfTrailingZeros(mask);
    }

    /** Plays {@code a} (South) against {@code b} after random opening plies; returns a's and b's decisions in order. */
    private List<Decision> playAndRecord(Agent a, Agent b, RuleSet rules, long openingSeed) {
        Board board = new Board(rules);
        SplittableRandom opening = new SplittableRandom(openingSeed);
        List<Decision> out = new ArrayList<>();
        while (!board.isOver() && board.ply() < 60) {
            int move;
            if (board.ply() < 4) {
                move = randomMove(board, opening);
            } else {
                Agent mover = board.toMove() == 0 ? a : b;
                Decision d = mover.decide(board, testLimit(), SearchMonitor.NONE);
                out.add(d);
                move = d.move();
            }
            board.play(move);
            a.played(board, move);
            b.played(board, move);
        }
        return out;
    }
}
