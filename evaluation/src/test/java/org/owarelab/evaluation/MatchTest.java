package org.owarelab.evaluation;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.owarelab.agents.AgentSpecException;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Position;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

class MatchTest {
    private static final RuleSet RULES = RuleSet.DEFAULT;

    private static MatchConfig config(String a, String b, int games, int threads, int maxPlies) {
        return new MatchConfig(a, b, RULES, Position.start(RULES), games, 4, 11, threads, maxPlies);
    }

    /** A game's content without its timings. */
    private static String content(MatchRecord r) {
        return r.toJson().replaceAll(",\"moveMicros\":\\[[0-9,]*\\]", "");
    }

    @Test
    void sameSeedSameGamesWhateverTheThreadCount() throws Exception {
        MatchConfig one = config("mcts:sims=30", "greedy", 8, 1, 500);
        MatchConfig three = config("mcts:sims=30", "greedy", 8, 3, 500);
        List<String> a = new ArrayList<>();
        for (MatchRecord r : Match.run(TestAgents.AGENTS, one, MatchListener.NONE).games()) {
            a.add(content(r));
        }
        List<String> b = new ArrayList<>();
        for (MatchRecord r : Match.run(TestAgents.AGENTS, three, MatchListener.NONE).games()) {
            b.add(content(r));
        }
        assertEquals(a, b);
    }

    @Test
    void eachOpeningIsPlayedWithBothColours() throws Exception {
        MatchResult m = Match.run(TestAgents.AGENTS, config("random", "greedy", 7, 2, 500), MatchListener.NONE);
        assertEquals(7, m.games().size());
        assertEquals(4, m.openings().size());
        for (MatchRecord r : m.games()) {
            assertEquals(r.game() / 2, r.pair());
            assertEquals(r.pair(), r.opening());
            assertEquals(r.game() % 2 == 0 ? Side.SOUTH : Side.NORTH, r.sideOfA());
            assertEquals(r.sideOfA() == Side.SOUTH ? "random" : "greedy", r.south());
            String opening = m.openings().get(r.opening()).moves();
            assertTrue(r.moves().startsWith(opening));
            assertEquals(opening.length(), r.openingPlies());
            assertEquals(r.moves().length() - r.openingPlies(), r.moveMicros().length);
            // The record replays to its recorded end.
            Board b = new Board(Position.parse(r.position(), RULES));
            Moves.playAll(b, r.moves());
            assertTrue(b.isOver(), "game " + r.game() + " ended by the rules");
            assertEquals(b.endReason().text(), r.reason());
            assertEquals(b.finalStore(Side.SOUTH), r.southStore());
            assertEquals(b.finalStore(Side.NORTH), r.northStore());
            assertEquals(b.winner(), r.winner());
            assertNull(r.error());
        }
        assertEquals(7, m.tally().games());
    }

    @Test
    void greedyBeatsRandom() throws Exception {
        MatchResult m = Match.run(TestAgents.AGENTS, config("greedy", "random", 40, 2, 500), MatchListener.NONE);
        assertTrue(m.tally().score().score() > 0.7, "greedy scored " + m.tally().score());
        assertEquals(40, m.tally().wins() + m.tally().draws() + m.tally().losses());
    }

    @Test
    void thePlyCapScoresByOwnSideGathering() throws Exception {
        MatchResult m = Match.run(TestAgents.AGENTS, config("random", "random", 6, 1, 12), MatchListener.NONE);
        for (MatchRecord r : m.games()) {
            Board b = new Board(Position.parse(r.position(), RULES));
            Moves.playAll(b, r.moves());
            if (b.isOver()) {
                continue; // ended by the rules within 12 plies
            }
            assertEquals(12, b.ply());
            assertEquals(MatchRecord.PLY_CAP, r.reason());
            int south = b.store(Side.SOUTH) + b.seedsOnSide(Side.SOUTH);
            int north = b.store(Side.NORTH) + b.seedsOnSide(Side.NORTH);
            assertEquals(south, r.southStore());
            assertEquals(north, r.northStore());
            assertEquals(south > north ? Side.SOUTH : north > south ? Side.NORTH : -1, r.winner());
        }
        assertEquals(6, m.tally().reasons().get(MatchRecord.PLY_CAP), "random games do not end within 12 plies");
    }

    @Test
    void aFailingAgentForfeitsItsGameAndTheMatchGoesOn() throws Exception {
        for (String fail : new String[] {"throw", "illegal", "create"}) {
            List<MatchRecord> seen = new ArrayList<>();
            MatchResult m = Match.run(TestAgents.AGENTS, config("faulty:fail=" + fail + ",after=2", "random", 4, 2, 500),
                    (r, t, total) -> seen.add(r));
            assertEquals(4, seen.size());
            for (MatchRecord r : m.games()) {
                assertEquals(MatchRecord.ERROR, r.reason(), fail);
                assertEquals(r.sideOfA(), r.errorSide());
                assertEquals(1 - r.sideOfA(), r.winner());
                assertTrue(r.error().startsWith(Side.name(r.sideOfA()) + " agent failed: "), r.error());
            }
            assertEquals(4, m.tally().losses());
            assertEquals(4, m.tally().errors());
        }
    }

    @Test
    void badSpecsFailBeforeAnyGame() {
        AgentSpecException e = assertThrows(AgentSpecException.class,
                () -> Match.run(TestAgents.AGENTS, config("nosuch", "random", 2, 1, 500), MatchListener.NONE));
        assertTrue(e.getMessage().contains("unknown agent 'nosuch'"), e.getMessage());
        assertThrows(AgentSpecException.class, () -> Match.run(TestAgents.AGENTS, config("random", "mcts:sims=-1", 2, 1, 500),
                MatchListener.NONE));
        assertThrows(IllegalArgumentException.class, () -> config("random", "random", 0, 1, 500));
        assertThrows(IllegalArgumentException.class, () -> config("random", "random", 2, 1, 4));
    }

    @Test
    void pentanomialCountsThePairs() {
        // Pairs: (1, 0) -> 1 point; (1, 1) -> 2; (0.5, 0) -> 0.5; then an incomplete pair.
        double[] scores = {1, 0, 1, 1, 0.5, 0, 1};
        List<MatchRecord> games = new ArrayList<>();
        for (int g = 0; g < scores.length; g++) {
            int sideOfA = g % 2 == 0 ? Side.SOUTH : Side.NORTH;
            int winner = scores[g] == 0.5 ? -1 : scores[g] == 1 ? sideOfA : 1 - sideOfA;
            games.add(new MatchRecord(g, g / 2, g / 2, "", "", "", 0, "a", "b", sideOfA, 0, winner, "threshold", 0, 0,
                    null, -1, new long[0]));
        }
        MatchResult m = new MatchResult(config("a", "b", 7, 1, 500), List.of(), games, new Tally());
        assertArrayEquals(new long[] {0, 1, 1, 0, 1}, m.pentanomial().counts());
    }

    @Test
    void everyGameIsSavedAsItEndsAndReadsBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("sub/games.jsonl");
        MatchResult m;
        try (MatchRecords.Appender out = new MatchRecords.Appender(file, true)) {
            m = Match.run(TestAgents.AGENTS, config("random", "greedy", 6, 2, 500), out);
        }
        List<MatchRecord> read = new ArrayList<>(MatchRecords.read(file));
        read.sort((a, b) -> Integer.compare(a.game(), b.game()));
        assertEquals(m.games(), read);
    }

    @Test
    void aResumedMatchPlaysOnlyTheMissingGamesAndEndsAsTheWholeOne() throws Exception {
        MatchResult whole = Match.run(TestAgents.AGENTS, config("random", "greedy", 8, 1, 500), MatchListener.NONE);
        List<MatchRecord> saved = List.of(whole.games().get(0), whole.games().get(1), whole.games().get(2),
                whole.games().get(5));
        List<Integer> played = new ArrayList<>();
        List<Integer> counted = new ArrayList<>();
        MatchResult resumed = Match.run(TestAgents.AGENTS, config("random", "greedy", 8, 2, 500), (r, tally, total) -> {
            played.add(r.game());
            counted.add(tally.games());
        }, () -> false, saved);
        played.sort(null);
        assertEquals(List.of(3, 4, 6, 7), played, "only the games the file lacks are played");
        assertEquals(List.of(5, 6, 7, 8), counted, "the saved games count in the running tally");
        assertEquals(whole.games().stream().map(MatchTest::content).toList(),
                resumed.games().stream().map(MatchTest::content).toList());
        assertEquals(whole.tally().score().score(), resumed.tally().score().score(), 1e-12);
        assertArrayEquals(whole.pentanomial().counts(), resumed.pentanomial().counts());
    }

    @Test
    void aResumedMatchCanBeMadeLonger() throws Exception {
        MatchResult shorter = Match.run(TestAgents.AGENTS, config("random", "greedy", 6, 2, 500), MatchListener.NONE);
        MatchResult longer = Match.run(TestAgents.AGENTS, config("random", "greedy", 10, 2, 500), MatchListener.NONE);
        MatchResult resumed = Match.run(TestAgents.AGENTS, config("random", "greedy", 10, 2, 500), MatchListener.NONE,
                () -> false, shorter.games());
        assertEquals(longer.games().stream().map(MatchTest::content).toList(),
                resumed.games().stream().map(MatchTest::content).toList());
    }

    @Test
    void savedGamesOfAnotherMatchAreRefusedNamingTheGame() throws Exception {
        List<MatchRecord> saved = Match.run(TestAgents.AGENTS, config("random", "greedy", 4, 1, 500),
                MatchListener.NONE).games();
        MatchConfig otherSeed = new MatchConfig("random", "greedy", RULES, Position.start(RULES), 4, 4, 12, 1, 500);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Match.checkSaved(otherSeed, saved));
        assertTrue(e.getMessage().startsWith("saved game 0: opening 0"), e.getMessage());
        assertTrue(e.getMessage().contains("another --seed"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Match.checkSaved(config("greedy", "random", 4, 1, 500), saved));
        assertTrue(e.getMessage().contains("this match plays South greedy, North random"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Match.checkSaved(config("random", "greedy", 2, 1, 500), saved));
        assertEquals("saved game 2: beyond this match's 2 games (--games must be at least 3)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Match.checkSaved(config("random", "greedy", 4, 1, 500), List.of(saved.get(1), saved.get(1))));
        assertEquals("saved game 1: saved twice", e.getMessage());
        MatchRecord g = saved.get(0);
        MatchRecord reseeded = new MatchRecord(g.game(), g.pair(), g.opening(), g.rules(), g.position(), g.moves(),
                g.openingPlies(), g.south(), g.north(), g.sideOfA(), g.seed() + 1, g.winner(), g.reason(),
                g.southStore(), g.northStore(), g.error(), g.errorSide(), g.moveMicros());
        e = assertThrows(IllegalArgumentException.class,
                () -> Match.checkSaved(config("random", "greedy", 4, 1, 500), List.of(reseeded)));
        assertTrue(e.getMessage().startsWith("saved game 0: seed "), e.getMessage());
        Match.checkSaved(config("random", "greedy", 4, 1, 500), saved); // its own match's games fit
    }
}
