package org.owarelab.play.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.Perft;
import org.owarelab.rules.RuleSet;

/**
 * The golden file the web player's own tests read ({@code src/test/web/golden/golden.json}, run
 * by {@code cd export && npm test} with Node alone, no Java): perft counts, replayed random games
 * (each ply's position, legal letters, seeds captured and end) under several rule variants, and
 * the Java engine's PUCT at fixed settings (uniform priors, value 0, {@value #SIMS} simulations,
 * no noise: the move, the root's visit shares and value) on positions of random games. The Java
 * rules and search write it; this test fails when the committed file is not what they write now
 * (regenerate: {@code -Doware.web.writeGolden=true}), so the file can never drift from Java.
 */
class WebGoldenFilesTest {
    static final Path GOLDEN = Path.of("src/test/web/golden/golden.json");
    static final int SIMS = 160;
    private static final List<String> VARIANTS = List.of("", "grand-slam=illegal", "grand-slam=capture-all",
            "grand-slam=to-opponent", "grand-slam=spare-last", "repetition=split", "houses=3,seeds=3", "houses=2,seeds=8");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    @Test
    void theCommittedGoldenFileIsWhatTheJavaRulesAndSearchWrite() throws Exception {
        String now = JSON.writeValueAsString(golden()) + "\n";
        if (Boolean.getBoolean("oware.web.writeGolden")) {
            Files.writeString(GOLDEN, now, StandardCharsets.UTF_8);
        }
        String committed = Files.exists(GOLDEN) ? Files.readString(GOLDEN, StandardCharsets.UTF_8) : "(missing)";
        assertEquals(now, committed, GOLDEN + " is not what the Java rules and search write now: regenerate it with "
                + "mvn test -pl export -am -Dtest=WebGoldenFilesTest -Doware.web.writeGolden=true, and check "
                + "why it changed");
    }

    static ObjectNode golden() {
        ObjectNode g = JSON.createObjectNode();
        g.put("format", "oware-web-golden").put("formatVersion", 1)
                .put("writtenBy", "play/src/test/java/org/owarelab/play/web/WebGoldenFilesTest.java");
        ArrayNode variants = g.putArray("rules");
        for (String spec : VARIANTS) {
            RuleSet rules = RuleSet.parse(spec);
            ObjectNode v = variants.addObject().put("rules", spec);
            int depth = rules.houses() >= 6 ? 5 : 7;
            ArrayNode perft = v.putArray("perft");
            Board start = new Board(rules);
            for (int d = 0; d <= depth; d++) {
                perft.add(Perft.count(start, d));
            }
            ArrayNode games = v.putArray("games");
            for (String moves : RandomGames.games(rules, 3, 11 + spec.hashCode())) {
                ObjectNode game = games.addObject().put("moves", moves);
                ArrayNode plies = game.putArray("plies");
                Board b = new Board(rules);
                for (int k = 0; k <= moves.length(); k++) {
                    if (k > 0) {
                        b.play(Moves.parse(b, moves.charAt(k - 1)));
                    }
                    // one string a ply keeps the file small: position, legal letters, captured, end
                    plies.add(b.text() + " " + (b.legalLetters().isEmpty() ? "-" : b.legalLetters()) + " "
                            + (b.ply() == 0 ? 0 : b.lastCaptured()) + " " + (b.endReason() == null ? "null"
                            : b.endReason().name()));
                }
                game.putArray("final").add(b.finalStore(0)).add(b.finalStore(1));
                game.put("winner", b.winner());
            }
        }
        ObjectNode search = g.putObject("search");
        RuleSet rules = RuleSet.DEFAULT;
        search.put("rules", rules.spec()).put("sims", SIMS).put("evaluator", "uniform");
        search.set("settings", WebSearchSettings.json());
        ArrayNode positions = search.putArray("positions");
        try (Agent agent = PuctAgent.FACTORY.create(AgentSpec.parse("puct:sims=" + SIMS), rules, 1)) {
            for (String moves : RandomGames.positions(rules, 24, 71)) {
                Board b = new Board(rules);
                Moves.playAll(b, moves);
                Decision d = agent.decide(b, SearchLimit.simulations(SIMS), SearchMonitor.NONE);
                ObjectNode p = positions.addObject().put("moves", moves).put("move", d.move())
                        .put("value", Math.round(d.value() * 1e9) / 1e9);
                ArrayNode share = p.putArray("visitShares");
                for (float x : d.policy()) {
                    share.add(Math.round(x * 1e6) / 1e6);
                }
            }
        }
        return g;
    }
}
