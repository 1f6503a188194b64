package org.owarelab.evaluation.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.owarelab.evaluation.ScheduledGame;
import org.owarelab.evaluation.TestAgents;
import org.owarelab.rules.RuleSet;
import org.owarelab.rules.Side;

class ScheduleTest {
    private static final ArenaSettings SETTINGS = ArenaSettings.of(RuleSet.DEFAULT, 5);

    static TournamentConfig roundRobin(int gamesPerPair, String... players) {
        return new TournamentConfig(List.of(players), null, gamesPerPair, 1, SETTINGS, null);
    }

    private static Set<String> keys(Schedule s) {
        return s.games().stream().map(Schedule::key).collect(Collectors.toSet());
    }

    @Test
    void roundRobinPlaysEveryPairingInColourSwappedPairsRoundByRound() {
        Schedule s = Schedule.of(TestAgents.AGENTS, roundRobin(5, "a", "b", "c"));
        assertEquals(3, s.rounds());
        assertEquals(3 * 5, s.games().size());
        for (int i = 0; i < s.games().size(); i++) {
            ScheduledGame g = s.games().get(i);
            assertEquals(i, g.game());
            assertEquals(s.openings().get(g.pair()), g.opening(), "round q is played on opening q");
        }
        // Round 0: (a,b) both colours, (a,c) both, (b,c) both; the last round has one game per pairing.
        List<String> first = s.games().subList(0, 6).stream().map(g -> g.south() + "-" + g.north()).toList();
        assertEquals(List.of("a-b", "b-a", "a-c", "c-a", "b-c", "c-b"), first);
        List<ScheduledGame> last = s.games().subList(12, 15);
        assertTrue(last.stream().allMatch(g -> g.pair() == 2 && g.sideOfA() == Side.SOUTH));
        assertEquals(s.games().size(), keys(s).size(), "every game has its own seed");
    }

    @Test
    void neighboursMeetOnlyThePlayersAtMostKApartInTheList() {
        TournamentConfig c = new TournamentConfig(List.of("a", "b", "c", "d", "e"), null, 2, 1, SETTINGS, null, 2);
        Schedule s = Schedule.of(TestAgents.AGENTS, c);
        Set<String> pairs = s.games().stream().map(g -> g.agentA() + "-" + g.agentB())
                .collect(Collectors.toSet());
        assertEquals(Set.of("a-b", "a-c", "b-c", "b-d", "c-d", "c-e", "d-e"), pairs);
        assertEquals(7, s.pairings());
        assertEquals(14, s.games().size());
        // A pair's games are the same games as in the full round robin: a ladder can grow into one.
        Set<String> full = keys(Schedule.of(TestAgents.AGENTS, roundRobin(2, "a", "b", "c", "d", "e")));
        assertTrue(full.containsAll(keys(s)));
        assertEquals(10, Schedule.of(TestAgents.AGENTS, new TournamentConfig(List.of("a", "b", "c", "d", "e"), null, 1,
                1, SETTINGS, null, 9)).pairings(), "K beyond the list is every pair");
        assertThrows(IllegalArgumentException.class,
                () -> new TournamentConfig(List.of("a", "b"), null, 2, 1, SETTINGS, null, -1));
        assertThrows(IllegalArgumentException.class,
                () -> new TournamentConfig(List.of("a", "b"), "x", 2, 1, SETTINGS, null, 1));
    }

    @Test
    void gauntletMeetsEveryPlayerAndOnlyThem() {
        TournamentConfig c = new TournamentConfig(List.of("b", "c"), "x", 2, 1, SETTINGS, null);
        Schedule s = Schedule.of(TestAgents.AGENTS, c);
        assertEquals(4, s.games().size());
        assertTrue(s.games().stream().allMatch(g -> g.agentA().equals("x")));
        assertEquals(List.of("x", "b", "c"), c.participants());
        assertEquals("x", c.anchorOrDefault());
    }

    @Test
    void aGamesSeedDependsOnItsPlayersAndRoundNotOnItsPlace() {
        Set<String> small = keys(Schedule.of(TestAgents.AGENTS, roundRobin(4, "a", "b")));
        Set<String> grown = keys(Schedule.of(TestAgents.AGENTS, roundRobin(6, "c", "a", "b")));
        assertTrue(grown.containsAll(small), "a grown tournament keeps the smaller one's games");
        assertEquals(keys(Schedule.of(TestAgents.AGENTS, roundRobin(4, "a", "b", "c"))), keys(Schedule.of(TestAgents.AGENTS, roundRobin(4, "a", "b", "c"))));
        TournamentConfig otherSeed = new TournamentConfig(List.of("a", "b"), null, 4, 1, ArenaSettings.of(RuleSet.DEFAULT,
                6), null);
        Set<String> other = new HashSet<>(keys(Schedule.of(TestAgents.AGENTS, otherSeed)));
        other.retainAll(small);
        assertTrue(other.isEmpty(), "another seed gives other games");
        assertNotEquals(Schedule.hash("a"), Schedule.hash("b"));
        // FNV-1a 64 of "a" (published test vector): stable across JVMs.
        assertEquals(0xaf63dc4c8601ec8cL, Schedule.hash("a"));
    }

    @Test
    void configsRejectBadPlayerLists() {
        assertThrows(IllegalArgumentException.class, () -> roundRobin(2, "a"));
        assertThrows(IllegalArgumentException.class, () -> roundRobin(2, "a", "a"));
        assertThrows(IllegalArgumentException.class, () -> roundRobin(0, "a", "b"));
        assertThrows(IllegalArgumentException.class, () -> new TournamentConfig(List.of("a"), "a", 2, 1, SETTINGS, null));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TournamentConfig(List.of("a", "b"), null, 2, 1, SETTINGS, "c"));
        assertTrue(e.getMessage().contains("anchor 'c' is not a player"), e.getMessage());
        assertEquals("random", roundRobin(2, "greedy", "random").anchorOrDefault());
        assertEquals("greedy", roundRobin(2, "greedy", "mcts").anchorOrDefault());
    }
}
