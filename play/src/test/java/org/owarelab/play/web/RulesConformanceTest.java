package org.owarelab.play.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.rules.Board;
import org.owarelab.rules.EndReason;
import org.owarelab.rules.Perft;
import org.owarelab.rules.RuleSet;

/**
 * The web player's rules and encoders (JavaScript, run in Node) against the lab's Java rules,
 * under every rule variant an export can carry: perft counts from the start, and random games
 * replayed ply by ply (position, legal moves, seeds captured, end reason, final stores, winner,
 * and both encoders' observations, compared bit for bit).
 */
class RulesConformanceTest {
    private static final int GAMES = 40;

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"", "grand-slam=illegal", "grand-slam=capture-all", "grand-slam=to-opponent",
        "grand-slam=spare-last", "repetition=split", "houses=3,seeds=3", "grand-slam=illegal,houses=3,seeds=2",
        "grand-slam=capture-all,houses=3,seeds=2", "grand-slam=to-opponent,houses=2,seeds=2",
        "grand-slam=spare-last,repetition=split,houses=3,seeds=2", "houses=8,seeds=1", "houses=2,seeds=8"})
    void perftCountsAndReplayedGamesMatchTheJavaRules(String spec) throws Exception {
        NodeHarness.assumeNode();
        RuleSet rules = RuleSet.parse(spec);
        int depth = rules.houses() >= 6 ? 6 : 8;
        ObjectNode perft = NodeHarness.request("perft").put("rules", spec).put("depth", depth);
        JsonNode counts = NodeHarness.run(perft, tmp).path("counts");
        Board start = new Board(rules);
        for (int d = 0; d <= depth; d++) {
            assertEquals(Perft.count(start, d), counts.path(d).asLong(), "perft(" + d + ") under '" + spec + "'");
        }

        List<String> games = RandomGames.games(rules, GAMES, 7 + spec.hashCode());
        for (String encoder : List.of("compact", "planes")) {
            ObjectNode replay = NodeHarness.request("replay").put("rules", spec).put("encoder", encoder + "/1");
            ArrayNode list = replay.putArray("games");
            games.forEach(list::add);
            JsonNode answer = NodeHarness.run(replay, tmp).path("games");
            EnumSet<EndReason> ends = EnumSet.noneOf(EndReason.class);
            ObservationEncoder enc = Encoders.create(encoder, rules);
            float[] obs = new float[enc.size()];
            for (int g = 0; g < games.size(); g++) {
                String moves = games.get(g);
                JsonNode plies = answer.path(g).path("plies");
                Board b = new Board(rules);
                for (int k = 0; k <= moves.length(); k++) {
                    if (k > 0) {
                        b.play(org.owarelab.rules.Moves.parse(b, moves.charAt(k - 1)));
                    }
                    JsonNode p = plies.path(k);
                    String where = "'" + spec + "' game " + moves + " ply " + k;
                    assertEquals(b.text(), p.path(0).asText(), where + ": position");
                    assertEquals(b.legalLetters(), p.path(1).asText(), where + ": legal moves");
                    assertEquals(b.ply() == 0 ? 0 : b.lastCaptured(), p.path(2).asInt(), where + ": captured");
                    assertEquals(b.endReason() == null ? "null" : b.endReason().name(), p.path(3).asText(), where);
                    if (!b.isOver()) {
                        enc.encode(b, obs, 0);
                        JsonNode js = p.path(4);
                        assertEquals(obs.length, js.size(), where + ": " + encoder + " size");
                        for (int i = 0; i < obs.length; i++) {
                            assertEquals(Float.floatToIntBits(obs[i]), Float.floatToIntBits((float) js.path(i).asDouble()),
                                    where + ": " + encoder + "[" + i + "] java " + obs[i] + " js " + js.path(i));
                        }
                    }
                }
                assertTrue(b.isOver(), "the random game ends");
                ends.add(b.endReason());
                assertEquals(b.finalStore(0), answer.path(g).path("final").path(0).asInt(), moves + ": South's final store");
                assertEquals(b.finalStore(1), answer.path(g).path("final").path(1).asInt(), moves + ": North's final store");
                assertEquals(b.winner(), answer.path(g).path("winner").asInt(), moves + ": winner");
            }
            assertTrue(ends.size() >= 1, "games ended: " + ends);
        }
    }
}
