package org.owarelab.agents.uci;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.agents.Decision;
import org.owarelab.agents.GreedyAgent;
import org.owarelab.agents.RandomAgent;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.agents.builtin.UciEngineMain;
import org.owarelab.rules.Board;
import org.owarelab.rules.RuleSet;

/**
 * The client ({@code uci:cmd=...}) driving engines in subprocesses: our own engine
 * ({@link UciEngineMain}) for whole games, and {@link FakeEngine} for each way an engine can fail.
 */
class UciAgentTest {
    /** The seed step of {@link UciEngine}: game k after setting Seed s is seeded with s + k * step. */
    private static final long GAME_SEED_STEP = 0x9E3779B97F4A7C15L;

    /** A command line running {@code mainClass} in a fresh JVM on this test's class path. */
    static String javaCommand(String mainClass, String args) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return "'" + java + "' -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xshare:auto -cp '" + cp + "' " + mainClass + " " + args;
    }

    static String spec(String command, String extra) {
        return "uci:cmd=\"" + command + "\"" + extra;
    }

    private static String engine(String agent) {
        return spec(javaCommand(UciEngineMain.class.getName(), "--agent " + agent), "");
    }

    private static String fake(String mode, String extra) {
        return spec(javaCommand(FakeEngine.class.getName(), mode), extra);
    }

    @Test
    void wholeGamesThroughOurEngineMatchTheSameAgentInProcess() {
        Agent uci = BuiltInAgents.registry().create(engine("greedy"), RuleSet.DEFAULT, 0);
        try {
            assertTrue(uci instanceof UciAgent);
            for (int g = 1; g <= 3; g++) {
                uci.reset(g);
                // The engine seeds its greedy agent with Seed + 1 step after this game's ucinewgame.
                GreedyAgent twin = new GreedyAgent(g + GAME_SEED_STEP);
                RandomAgent opponent = new RandomAgent(100 + g);
                int uciSide = g % 2;
                Board b = new Board();
                while (!b.isOver()) {
                    Decision d;
                    if (b.toMove() == uciSide) {
                        d = uci.decide(b, SearchLimit.depth(1), SearchMonitor.NONE);
                        assertEquals(twin.decide(b).move(), d.move(), "ply " + b.ply() + " of game " + g + " at " + b.text());
                    } else {
                        d = opponent.decide(b);
                    }
                    b.play(d.move()); // throws on an illegal move
                    uci.played(b, d.move());
                }
                assertTrue(b.ply() > 10, "game " + g + " ended after " + b.ply() + " plies");
            }
            // An infinite search ends when the monitor asks: the client sends stop.
            Board start = new Board();
            AtomicInteger polls = new AtomicInteger();
            SearchMonitor stopSoon = new SearchMonitor() {
                @Override
                public boolean stopRequested() {
                    return polls.incrementAndGet() > 3;
                }
            };
            Decision d = uci.decide(start, new SearchLimit(0, 0, 0, 0, true), stopSoon);
            assertTrue(start.isLegal(d.move()));
            assertTrue(polls.get() > 3);
        } finally {
            uci.close();
        }
        assertFalse(((UciAgent) uci).isAlive());
    }

    @Test
    void twoEnginesPlayEachOtherToTheEnd() {
        try (Agent south = BuiltInAgents.registry().create(engine("random"), RuleSet.DEFAULT, 5);
                Agent north = BuiltInAgents.registry().create(engine("greedy"), RuleSet.DEFAULT, 6)) {
            Board b = new Board();
            while (!b.isOver()) {
                Decision d = (b.toMove() == 0 ? south : north).decide(b, SearchLimit.movetime(50), SearchMonitor.NONE);
                assertTrue(b.isLegal(d.move()));
                b.play(d.move());
                south.played(b, d.move());
                north.played(b, d.move());
            }
            assertTrue(b.endReason() != null);
        }
    }

    @Test
    void anIllegalReplyIsAnErrorNamingTheEngineAndTheReply() {
        try (Agent a = BuiltInAgents.registry().create(fake("illegal", ""), RuleSet.DEFAULT, 0)) {
            UciException e = assertThrows(UciException.class, () -> a.decide(new Board()));
            assertTrue(e.getMessage().contains("FakeEngine illegal'"), e.getMessage());
            assertTrue(e.getMessage().contains("replied 'bestmove a'"), e.getMessage());
            assertTrue(e.getMessage().contains("North's move with South to move"), e.getMessage());
        }
    }

    @Test
    void aDyingEngineIsAnErrorWithItsExitCodeAndStderr() {
        try (Agent a = BuiltInAgents.registry().create(fake("die", ""), RuleSet.DEFAULT, 0)) {
            UciException e = assertThrows(UciException.class, () -> a.decide(new Board()));
            assertTrue(e.getMessage().contains("exited with code 3"), e.getMessage());
            assertTrue(e.getMessage().contains("fake engine: dying on purpose"), e.getMessage());
            UciException again = assertThrows(UciException.class, () -> a.decide(new Board()));
            assertTrue(again.getMessage().contains("unusable after an earlier failure"), again.getMessage());
        }
    }

    @Test
    void anEngineThatDoesNotAnswerInTimeIsStoppedAndReported() {
        try (Agent a = BuiltInAgents.registry().create(fake("silent", ",movetime=50,margin=300"), RuleSet.DEFAULT, 0)) {
            UciException e = assertThrows(UciException.class, () -> a.decide(new Board()));
            assertTrue(e.getMessage().contains("no bestmove within"), e.getMessage());
            assertTrue(e.getMessage().contains("nor within 300 ms of 'stop'"), e.getMessage());
        }
        try (Agent a = BuiltInAgents.registry().create(fake("late", ",movetime=1,margin=1500"), RuleSet.DEFAULT, 0)) {
            UciException e = assertThrows(UciException.class, () -> a.decide(new Board()));
            assertTrue(e.getMessage().contains("no bestmove within 1501 ms of 'go movetime 1' (movetime + margin); "
                    + "it answered 'bestmove A' only after 'stop'"), e.getMessage());
        }
    }

    @Test
    void anEngineWithoutUciokFailsAtStartup() {
        UciException e = assertThrows(UciException.class, () -> BuiltInAgents.registry().create(fake("mute", ",startup=300"), RuleSet.DEFAULT, 0));
        assertTrue(e.getMessage().contains("no 'uciok' within 300 ms"), e.getMessage());
    }

    @Test
    void badSpecsAreRejectedBeforeAnythingRuns() {
        AgentSpecException rules = assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create(fake("illegal", ""), RuleSet.parse("houses=4,seeds=3"), 0));
        assertTrue(rules.getMessage().contains("only the default rules"), rules.getMessage());
        assertTrue(assertThrows(AgentSpecException.class, () -> BuiltInAgents.registry().create("uci:depth=3", RuleSet.DEFAULT, 0))
                .getMessage().contains("uci needs a command (expected e.g. uci:cmd="));
        assertTrue(assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create("uci:cmd=/no/such/engine-binary", RuleSet.DEFAULT, 0)).getMessage().contains("cannot start"));
        assertTrue(assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create(fake("illegal", ",options=\"OwnBook\""), RuleSet.DEFAULT, 0)).getMessage()
                .contains("is not Name=value"));
        assertTrue(assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create("uci:cmd=x,ponder=1", RuleSet.DEFAULT, 0)).getMessage().contains("unknown option 'ponder'"));
        assertTrue(assertThrows(AgentSpecException.class,
                () -> BuiltInAgents.registry().create(fake("illegal", ",dir=/no/such/dir"), RuleSet.DEFAULT, 0)).getMessage()
                .contains("working directory '/no/such/dir' is not a directory"));
    }
}
