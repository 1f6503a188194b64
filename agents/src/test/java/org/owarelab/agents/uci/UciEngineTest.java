package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;

/** The engine side, driven in-process through queues as a GUI would drive it. */
class UciEngineTest {
    private static final String START = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";
    /** Two lone seeds chasing each other round the board: {@link #CYCLE} comes back here without a capture. */
    private static final String CHASE = "1-0-0-0-0-0-1-0-0-0-0-0-23-23-S";
    private static final String CYCLE = "AaBbCcDdEeFf";

    @Test
    void handshakeListsIdentityAndOptionsThenUciok() throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send("uci");
            List<String> lines = e.until("uciok");
            assertTrue(lines.get(0).startsWith("id name OwareLab random"), lines.toString());
            assertTrue(lines.get(1).startsWith("id author "), lines.toString());
            assertTrue(lines.contains("option name Seed type spin default 0 min 0 max 2147483647"), lines.toString());
            assertTrue(lines.contains("option name Agent type string default random"), lines.toString());
            assertTrue(lines.contains("option name Threads type spin default 0 min 0 max 256"), lines.toString());
            assertTrue(lines.contains("option name TimeManagement type check default true"), lines.toString());
            assertEquals(7, lines.size(), lines.toString());
            assertEquals(List.of(), e.sync());
        }
    }

    @Test
    void isreadyIsAnsweredDuringASearchAndStopEndsItWithABestmove() throws Exception {
        TestAgents.Waiting agent = new TestAgents.Waiting();
        try (EngineHarness e = new EngineHarness("waiting", (s, r, seed) -> agent)) {
            e.send("position startpos moves Ff");
            e.send("go infinite");
            assertTrue(agent.entered.await(EngineHarness.WAIT_SECONDS, TimeUnit.SECONDS));
            List<String> before = e.sync();
            assertTrue(before.stream().noneMatch(l -> l.startsWith("bestmove")), before.toString());
            assertTrue(agent.lastLimit.infinite());
            e.send("go depth 3");
            assertTrue(e.expect("info string").startsWith("info string error: go ignored: a search is running"));
            e.send("stop");
            // The agent's PV head is A; after Ff, A is legal for South.
            assertEquals("bestmove A", e.expect("bestmove"));
            // The info line reported during the search: 1.5 seeds -> 150 cp.
            assertTrue(before.stream().anyMatch(l -> l.startsWith("info depth 1 seldepth 1 score cp 150 nodes 10")), before.toString());
            assertEquals(List.of(), e.sync());
        }
    }

    @Test
    void infiniteSearchHoldsTheBestmoveUntilStopEvenIfTheAgentReturnsAtOnce() throws Exception {
        try (EngineHarness e = new EngineHarness("greedy", null)) {
            e.send("position startpos");
            e.send("go infinite");
            List<String> before = e.sync();
            assertTrue(before.stream().noneMatch(l -> l.startsWith("bestmove")), before.toString());
            e.send("stop");
            String best = e.expect("bestmove");
            assertTrue(best.matches("bestmove [A-F]"), best);
        }
    }

    @Test
    void ponderSearchWaitsForPonderhit() throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send("position startpos moves C");
            e.send("go ponder wtime 1000 btime 1000");
            List<String> before = e.sync();
            assertTrue(before.stream().noneMatch(l -> l.startsWith("bestmove")), before.toString());
            e.send("ponderhit");
            String best = e.expect("bestmove");
            assertTrue(best.matches("bestmove [a-f]"), best);
        }
    }

    @Test
    void badPositionsAreReportedAndLeaveThePreviousGame() throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send("position startpos moves FfBe");
            e.send("d");
            String game = e.expect("info string position");
            assertTrue(game.startsWith("info string position " + START + " moves FfBe now "), game);
            String[][] bad = {
                {"position fen 4-4-4-4-4-4-4-4-4-4-4-5-0-0-S", "add up to 49"},
                {"position fen 4-4-4", "fields"},
                {"position fen", "missing"},
                {"position fen 4--4-4-4-4-4-4-4-4-4-4-0-0-S", "field 2 is empty"},
                {"position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", "not a side to move"},
                {"position startpos moves FF", "illegal move 'F'"},
                {"position startpos moves Fx", "not a move letter"},
                {"position startpos moves C f A", "one token"},
                {"position banana", "not startpos, fen or moves"},
                {"position startpos FfBe", "expected 'moves'"},
                {"position", "expected startpos"},
            };
            for (String[] b : bad) {
                e.send(b[0]);
                String reply = e.next();
                assertTrue(reply.startsWith("info string error: position") && reply.contains(b[1]), b[0] + " -> " + reply);
                e.send("d");
                assertEquals(game, e.next(), "after " + b[0]);
            }
        }
    }

    @Test
    void positionFormsFromTheStartAndFromAText() throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send("position moves Ff");
            e.send("d");
            assertTrue(e.next().startsWith("info string position " + START + " moves Ff now "));
            e.send("position fen " + CHASE + " moves Aa");
            e.send("d");
            assertEquals("info string position " + CHASE + " moves Aa now 0-1-0-0-0-0-0-1-0-0-0-0-23-23-S", e.next());
            e.send("position fen " + CHASE);
            e.send("d");
            assertEquals("info string position " + CHASE + " moves - now " + CHASE, e.next());
        }
    }

    @Test
    void otherRuleSetsShapeStartposAndFen() throws Exception {
        RuleSet small = RuleSet.parse("houses=4,seeds=3");
        try (EngineHarness e = new EngineHarness("greedy", small, 0, null, EngineSearch.DEFAULT_GRACE_MILLIS)) {
            e.send("position startpos moves D");
            e.send("d");
            assertEquals("info string position 3-3-3-3-3-3-3-3-0-0-S moves D now 3-3-3-0-4-4-4-3-0-0-N", e.next());
            e.send("position fen " + START); // a 6-house text under 4-house rules
            assertTrue(e.next().startsWith("info string error: position fen: position '" + START + "': 15 fields, expected 11"));
            e.send("go depth 1");
            assertTrue(e.expect("bestmove").matches("bestmove [a-d]"));
        }
    }

    @Test
    void historyFromTheBaseMakesTheRepetitionRuleWork() throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            // The same position, once reached through its cycle (a repetition: game over), once as a bare text.
            e.send("position fen " + CHASE + " moves " + CYCLE);
            e.send("d");
            assertEquals("info string position " + CHASE + " moves " + CYCLE + " now " + CHASE + " over repetition", e.next());
            e.send("go depth 2");
            assertEquals("bestmove 0000", e.expect("bestmove"));
            e.send("position fen " + CHASE);
            e.send("go depth 2");
            assertEquals("bestmove A", e.expect("bestmove")); // South's only seed is in A
        }
    }

    @Test
    void finishedGameAnswersBestmove0000() throws Exception {
        try (EngineHarness e = new EngineHarness("greedy", null)) {
            e.send("position fen 1-1-1-1-1-1-1-1-1-1-1-1-25-11-N");
            e.send("go movetime 100");
            assertEquals("bestmove 0000", e.next());
        }
    }

    @Test
    void garbageLinesAreReportedAndTheEngineGoesOn() throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send("hello world");
            e.send("   ");
            e.send("\u00e9\u00e9 \t 42");
            e.send("go depth banana");
            e.send("go depth");
            e.send("x\u0000\u001b[2Jx\u0007y");
            e.send("position fen \u001b]0;pwned\u0007");
            List<String> replies = e.sync();
            assertEquals(List.of("info string unknown command hello world", "info string unknown command \u00e9\u00e9 \\t 42",
                    "info string error: go: depth 'banana': expected a whole number 0..10000",
                    "info string error: go: 'depth' needs a number after it",
                    "info string unknown command x\\x00\\x1b[2Jx\\x07y"), replies.subList(0, 5));
            assertTrue(replies.get(5).startsWith("info string error: ") && replies.get(5).contains("'\\x1b]0;pwned'"),
                    replies.get(5));
            for (String r : replies) {
                assertTrue(r.chars().noneMatch(Character::isISOControl), "no raw control bytes echoed: " + r);
            }
        }
    }

    @Test
    void optionsOfOtherEnginesAreIgnoredSilentlyAndBadOnesReported() throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send("setoption name OwnBook value false");
            e.send("setoption name EngineTurn value south");
            e.send("setoption name Ponder value true");
            e.send("setoption name NoiseLevel value 3");
            assertEquals(List.of(), e.sync());
            e.send("setoption name Hash Size value 16");
            e.send("setoption name Seed value -3");
            e.send("setoption name Seed value 12abc");
            e.send("setoption nonsense");
            e.send("setoption name Seed value 77");
            List<String> replies = e.sync();
            assertEquals(4, replies.size(), replies.toString());
            assertEquals("info string unknown option 'Hash Size' ignored (options: Seed, Agent, Threads, TimeManagement)", replies.get(0));
            assertTrue(replies.get(1).startsWith("info string error: setoption Seed: '-3'"), replies.get(1));
            assertTrue(replies.get(2).startsWith("info string error: setoption Seed: '12abc'"), replies.get(2));
            assertTrue(replies.get(3).startsWith("info string error: setoption: expected"), replies.get(3));
        }
    }

    @Test
    void threadsReachAnAgentThatTakesThemAndReplaceTheSpecsOwn() throws Exception {
        List<String> specs = new ArrayList<>();
        UciEngine.AgentMaker maker = (s, r, seed) -> {
            specs.add(s);
            return BuiltInAgents.registry().create(s, r, seed);
        };
        try (EngineHarness e = new EngineHarness("puct:sims=50,threads=3", maker)) {
            e.send("isready");
            e.expect("readyok");
            e.send("setoption name Threads value 2");
            e.send("setoption name Threads value 257");
            e.send("setoption name Threads value two");
            List<String> replies = e.sync();
            assertEquals(2, replies.size(), replies.toString());
            assertTrue(replies.get(0).startsWith("info string error: setoption Threads: '257' is not a whole number 0..256"),
                    replies.get(0));
            e.send("position startpos");
            e.send("go nodes 50");
            assertTrue(e.expect("bestmove").startsWith("bestmove "));
            e.send("setoption name Threads value 0"); // auto: the spec's own again
            e.send("go nodes 50");
            assertTrue(e.expect("bestmove").startsWith("bestmove "));
            e.send("setoption name Agent value random");
            e.send("isready");
            e.expect("readyok");
        }
        assertEquals(List.of("puct:sims=50,threads=3", "puct:sims=50,threads=2", "puct:sims=50,threads=3", "random"),
                specs, "the option replaces the spec's threads, 0 gives the spec's own back; an agent without the key gets none");
    }

    @Test
    void timeManagementReachesAnAgentThatTakesItAndBadValuesAreRefused() throws Exception {
        List<String> specs = new ArrayList<>();
        UciEngine.AgentMaker maker = (s, r, seed) -> {
            specs.add(s);
            return BuiltInAgents.registry().create(s, r, seed);
        };
        try (EngineHarness e = new EngineHarness("puct:sims=50", maker)) {
            e.send("isready");
            e.expect("readyok");
            e.send("setoption name TimeManagement value false");
            e.send("setoption name TimeManagement value maybe");
            e.send("setoption name Threads value 2");
            List<String> replies = e.sync();
            assertEquals(List.of("info string error: setoption TimeManagement: 'maybe' is not true or false"), replies);
            e.send("isready");
            e.expect("readyok");
            e.send("setoption name TimeManagement value FALSE"); // unchanged: the agent is kept
            e.send("setoption name Agent value random");
            e.send("isready");
            e.expect("readyok");
        }
        assertEquals(List.of("puct:sims=50", "puct:sims=50,threads=2,timeman=false", "random"), specs,
                "the options become the agent's keys; an agent without them gets none");
    }

    @Test
    void anAgentThatIgnoresStopIsAbandonedWithAFallbackMoveAndReplaced() throws Exception {
        List<TestAgents.Stubborn> built = new ArrayList<>();
        UciEngine.AgentMaker maker = (s, r, seed) -> {
            TestAgents.Stubborn a = new TestAgents.Stubborn();
            built.add(a);
            return a;
        };
        try (EngineHarness e = new EngineHarness("stubborn", 0, maker, 100)) {
            e.send("position startpos moves Aa"); // the agent's PV head is its highest legal move, F
            e.send("go infinite");
            e.expect("info depth 1");
            e.send("stop");
            assertEquals("info string error: agent stubborn did not stop within 100 ms; playing a fallback move", e.next());
            assertEquals("bestmove F", e.next()); // the PV head, not the lowest legal move (B)
            // A timed search of the fresh agent also ends within movetime + grace, with no stop at all.
            e.send("position startpos");
            e.send("go movetime 20");
            e.expect("info depth 1");
            assertTrue(e.next().startsWith("info string error: agent stubborn did not stop within 100 ms"));
            assertEquals("bestmove F", e.next());
            assertEquals(List.of(), e.sync()); // isready builds a third agent
            assertEquals(3, built.size());
            built.forEach(a -> a.release.countDown());
            e.send("go depth 1"); // no stop, no movetime: no watchdog, however slow the machine
            assertEquals(List.of("info depth 1 seldepth 1 score cp 0 nodes 1 time 0 pv F", "info depth 2 seldepth 2 score cp 0 nodes 2 time 0 pv F",
                    "bestmove F"), e.until("bestmove"));
            assertEquals(List.of(), e.sync()); // nothing of the abandoned searches came out after their bestmoves
        }
    }

    @Test
    void agentFailuresBecomeAnErrorLineAndALegalFallbackMove() throws Exception {
        try (EngineHarness e = new EngineHarness("throwing", (s, r, seed) -> new TestAgents.Throwing())) {
            e.send("position startpos moves A");
            e.send("go depth 1");
            List<String> lines = e.until("bestmove");
            assertTrue(lines.get(0).startsWith("info string error: agent throwing failed: boom"), lines.toString());
            assertEquals("bestmove a", lines.get(lines.size() - 1)); // the lowest legal move
        }
        try (EngineHarness e = new EngineHarness("illegal", (s, r, seed) -> new TestAgents.Illegal())) {
            e.send("position fen 0-4-4-4-4-4-4-4-4-4-4-8-0-0-S"); // A is empty: the agent plays it
            e.send("go depth 1");
            List<String> lines = e.until("bestmove");
            assertTrue(lines.get(0).startsWith("info string error: agent illegal chose move 0, not legal here (legal: BCDEF)"),
                    lines.toString());
            assertEquals("bestmove B", lines.get(lines.size() - 1));
            e.send("position startpos"); // every house legal: the agent answers 6, out of range
            e.send("go depth 1");
            assertTrue(e.until("bestmove").get(0).contains("chose move 6, not legal"));
        }
    }

    @Test
    void anAgentThatCannotBeBuiltIsReportedAndALegalMoveStillComes() throws Exception {
        UciEngine.AgentMaker failing = (s, r, seed) -> {
            throw new AgentSpecException("model file 'x.params' not found");
        };
        try (EngineHarness e = new EngineHarness("puct:model=x", failing)) {
            List<String> replies = e.sync();
            assertEquals(List.of("info string error: cannot build agent 'puct:model=x': model file 'x.params' not found"),
                    replies);
            e.send("position startpos moves B");
            e.send("go movetime 10");
            assertEquals("bestmove a", e.expect("bestmove"));
        }
    }

    @Test
    void anAgentWhoseLibrariesDoNotLoadIsReportedToo() throws Exception {
        UciEngine.AgentMaker failing = (s, r, seed) -> {
            throw new UnsatisfiedLinkError("no torch in java.library.path");
        };
        try (EngineHarness e = new EngineHarness("puct", failing)) {
            assertEquals(List.of("info string error: cannot build agent 'puct': could not load a part of the program: no torch in java.library.path"),
                    e.sync());
            // the engine is still serving:
            e.send("go depth 1");
            assertTrue(e.expect("bestmove").matches("bestmove [A-F]"));
        }
    }

    @Test
    void quitAndEndOfInputExitWithZeroAndCloseTheAgent() throws Exception {
        TestAgents.Recording agent = new TestAgents.Recording();
        EngineHarness e = new EngineHarness("recording", (s, r, seed) -> agent);
        e.sync();
        e.send("quit");
        assertEquals(0, e.join());
        assertTrue(agent.closed);

        TestAgents.Waiting waiting = new TestAgents.Waiting();
        EngineHarness e2 = new EngineHarness("waiting", (s, r, seed) -> waiting);
        e2.send("go infinite");
        assertTrue(waiting.entered.await(EngineHarness.WAIT_SECONDS, TimeUnit.SECONDS));
        assertEquals(0, e2.endOfInput()); // stops the running search, then exits
    }

    @Test
    void theAgentIsToldTheMovesPlayedSinceItsLastSearch() throws Exception {
        TestAgents.Recording agent = new TestAgents.Recording();
        try (EngineHarness e = new EngineHarness("recording", (s, r, seed) -> agent)) {
            e.send("ucinewgame");
            e.send("position startpos");
            e.send("go depth 1");
            assertEquals("bestmove A", e.expect("bestmove"));
            e.send("position startpos moves Aa");
            e.send("go depth 1");
            e.expect("bestmove");
            e.sync();
            Board b = new Board();
            String start = b.text();
            b.play(0);
            String afterA = b.text();
            b.play(0);
            String afterAa = b.text();
            assertEquals(List.of("reset " + (0 + 0x9E3779B97F4A7C15L), "decide " + start, "played A " + afterA,
                    "played A " + afterAa, "decide " + afterAa), agent.events);
        }
    }

    @Test
    void theSeedOptionMakesGamesReproducible() throws Exception {
        List<String> first = selfPlay(41);
        assertEquals(first, selfPlay(41));
        assertNotEquals(first, selfPlay(42));
        // The game seed after one ucinewgame is Seed + 0x9E3779B97F4A7C15: the same agent built in-process agrees.
        var twin = BuiltInAgents.registry().create("random", RuleSet.DEFAULT, 41 + 0x9E3779B97F4A7C15L);
        Board b = new Board();
        List<String> expected = new ArrayList<>();
        while (!b.isOver()) {
            int m = twin.decide(b, SearchLimit.depth(1), org.owarelab.agents.SearchMonitor.NONE).move();
            expected.add(String.valueOf(b.letter(m)));
            b.play(m);
        }
        assertEquals(expected, first);
    }

    /** A whole game of the engine against itself, moves sent back as one token each time. */
    private static List<String> selfPlay(long seed) throws Exception {
        try (EngineHarness e = new EngineHarness("random", null)) {
            e.send("setoption name Seed value " + seed);
            e.send("ucinewgame");
            StringBuilder moves = new StringBuilder();
            List<String> played = new ArrayList<>();
            Board b = new Board(Position.start(RuleSet.DEFAULT));
            while (true) {
                e.send("position startpos" + (moves.length() > 0 ? " moves " + moves : ""));
                e.send("go depth 1");
                String best = e.expect("bestmove").substring("bestmove ".length());
                if (b.isOver()) {
                    assertEquals("0000", best);
                    return played;
                }
                assertEquals(1, best.length(), best);
                b.play(Moves.parse(b, best.charAt(0)));
                moves.append(best);
                played.add(best);
                assertFalse(played.size() > 2000, "game too long");
            }
        }
    }
}
