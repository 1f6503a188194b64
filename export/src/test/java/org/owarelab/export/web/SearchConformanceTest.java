package org.owarelab.export.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.agents.puct.PuctOptions;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.export.TestNets;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.play.web.NodeHarness;
import org.owarelab.play.web.RandomGames;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/**
 * The web player's PUCT search (JavaScript, run in Node) picks the Java engine's move at a fixed
 * simulation count with no noise, from a fresh tree, on positions of random games. With uniform
 * priors and value 0 there is no float arithmetic to differ: every move and every root visit
 * count must be equal. With a network (model.onnx in onnxruntime-web against DJL) the evaluations
 * differ in the last bits, so a different move is allowed only as a near-tie, the two moves' visit
 * counts in Java's search within {@link #NEAR_TIE} of each other; the test prints how often.
 */
class SearchConformanceTest {
    private static final int POSITIONS = 120;
    private static final int SIMS = 160;
    /** Visits apart (in Java's search) of two moves that count as a float near-tie. */
    static final int NEAR_TIE = 3;

    @TempDir
    Path tmp;

    @Test
    void uniformSearchGivesTheSameMovesAndVisitCounts() throws Exception {
        NodeHarness.assumeNode();
        RuleSet rules = RuleSet.DEFAULT;
        List<String> positions = RandomGames.positions(rules, POSITIONS, 31);
        JsonNode js = search(rules, positions, null, null);
        try (Agent agent = PuctAgent.FACTORY.create(AgentSpec.parse("puct:sims=" + SIMS), rules, 1)) {
            for (int i = 0; i < positions.size(); i++) {
                Board b = board(rules, positions.get(i));
                Decision d = agent.decide(b, SearchLimit.simulations(SIMS), SearchMonitor.NONE);
                JsonNode r = js.path(i);
                assertEquals(d.move(), r.path("move").asInt(), "move at " + positions.get(i));
                for (int m = 0; m < rules.houses(); m++) {
                    assertEquals(Math.round(d.policy()[m] * sum(r.path("visits"))), r.path("visits").path(m).asInt(),
                            "visits of move " + m + " at " + positions.get(i));
                }
                assertEquals(d.value(), r.path("value").asDouble(), 1e-6, "root value at " + positions.get(i));
            }
        }
    }

    /**
     * The timed search's batches at a fixed count: up to {@code batch} leaves per call with virtual
     * loss and collisions held, as the Java engine's {@code batch=N}. Uniform priors and value 0
     * again leave no float arithmetic to differ, so every visit count must be Java's; no virtual
     * visit is left, every expanded node's visits are 1 plus its children's, and the calls are
     * fewer than the simulations.
     */
    @ParameterizedTest
    @ValueSource(ints = {4, 32})
    void batchedUniformSearchGivesTheJavaEnginesVisitCounts(int batch) throws Exception {
        NodeHarness.assumeNode();
        RuleSet rules = RuleSet.DEFAULT;
        List<String> positions = RandomGames.positions(rules, POSITIONS, 53);
        JsonNode js = search(rules, positions, null, null, batch);
        int calls = 0;
        try (Agent agent = PuctAgent.FACTORY.create(AgentSpec.parse("puct:sims=" + SIMS + ",batch=" + batch), rules, 1)) {
            for (int i = 0; i < positions.size(); i++) {
                Board b = board(rules, positions.get(i));
                Decision d = agent.decide(b, SearchLimit.simulations(SIMS), SearchMonitor.NONE);
                JsonNode r = js.path(i);
                String at = "batch " + batch + " at " + positions.get(i);
                assertEquals(SIMS, r.path("simulations").asInt(), at);
                assertEquals(0, r.path("virtualLeft").asInt(), "virtual visits left, " + at);
                assertEquals(0, r.path("unbalanced").asInt(), "nodes whose visits are not 1 + their children's, " + at);
                assertEquals(d.move(), r.path("move").asInt(), "move, " + at);
                for (int m = 0; m < rules.houses(); m++) {
                    assertEquals(Math.round(d.policy()[m] * sum(r.path("visits"))), r.path("visits").path(m).asInt(),
                            "visits of move " + m + ", " + at);
                }
                calls += r.path("calls").asInt();
            }
        }
        assertTrue(calls < positions.size() * SIMS / 3, calls + " evaluator calls for " + positions.size() * SIMS
                + " simulations at batch " + batch);
    }

    /**
     * A network call that fails (rejected, or a NaN value for the last leaf of a batch) fails the
     * search's run and leaves its tree consistent: no virtual visit, no leaf left in flight, every
     * expanded node balanced. A second run on the same tree then completes the simulations left;
     * one leaf per call, where a failed simulation is taken back whole, it ends with a fresh
     * search's visit counts. The failure is injected at calls 1 to 4 (1: the root's evaluation).
     */
    @ParameterizedTest
    @CsvSource({"1, reject", "1, nan", "4, reject", "4, nan", "32, reject", "32, nan"})
    void aFailedNetworkCallLeavesTheTreeConsistent(int batch, String how) throws Exception {
        NodeHarness.assumeNode();
        RuleSet rules = RuleSet.DEFAULT;
        List<String> positions = RandomGames.positions(rules, 24, 59);
        ObjectNode req = NodeHarness.request("recover").put("rules", rules.spec()).put("sims", SIMS)
                .put("batch", batch).put("how", how);
        positions.forEach(req.putArray("positions")::add);
        ArrayNode failAt = req.putArray("failAt");
        for (int i = 0; i < positions.size(); i++) {
            failAt.add(1 + i % 4);
        }
        JsonNode results = NodeHarness.run(req, tmp).path("results");
        assertEquals(positions.size(), results.size());
        JsonNode fresh = batch == 1 ? search(rules, positions, null, null, 1) : null;
        for (int i = 0; i < positions.size(); i++) {
            JsonNode r = results.path(i);
            String at = "batch " + batch + ", " + how + " at call " + (1 + i % 4) + ", at " + positions.get(i);
            String error = r.path("error").asText("");
            assertTrue(how.equals("reject") ? error.contains("injected failure") : error.contains("value NaN"),
                    "the run's error, " + at + ": " + r.path("error"));
            for (String audit : new String[] {"failed", "after"}) {
                assertEquals("[0,0,0]", r.path(audit).toString(),
                        "[virtual visits, unbalanced nodes, leaves in flight] " + audit + ", " + at);
            }
            assertEquals(SIMS - r.path("completed").asInt(), r.path("simulations").asInt(), at);
            assertEquals(SIMS, r.path("rootVisits").asInt(), "the root's visits after both runs, " + at);
            if (fresh != null) {
                assertEquals(fresh.path(i).path("visits"), r.path("visits"), "visits against a fresh search, " + at);
            }
        }
    }

    @ParameterizedTest
    @CsvSource({"'mlp:hidden=32x16,value=tanh,aux=false', compact, 1", "'mlp:hidden=24,value=wdl,aux=true', planes, 1",
        "'resnet:blocks=1,channels=8,value=tanh,aux=false', planes, 1", "'mlp:hidden=24,value=wdl,aux=true', planes, 16"})
    void networkSearchPicksTheJavaEnginesMoveUpToNearTies(String spec, String encoderId, int batch) throws Exception {
        NodeHarness.assumeNode();
        RuleSet rules = RuleSet.DEFAULT;
        ObservationEncoder encoder = Encoders.create(encoderId, rules);
        List<String> positions = RandomGames.positions(rules, POSITIONS, 47);
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.parse(spec), encoder, 7, DeviceChoice.CPU)) {
            TestNets.randomise(net, new SplittableRandom(13));
            Path model = tmp.resolve("model.onnx");
            Files.write(model, OnnxWriter.toBytes(net, "test"));
            ObjectNode card = NodeHarness.JSON.createObjectNode().put("encoder", encoderId + "/1")
                    .put("input", OnnxWriter.INPUT).put("policy", OnnxWriter.POLICY);
            if (net.spec().value() == NetworkSpec.ValueHead.WDL) {
                card.put("wdl", OnnxWriter.WDL);
            } else {
                card.put("value", OnnxWriter.VALUE);
            }
            JsonNode js = search(rules, positions, model, card, batch);
            int different = 0;
            try (DjlEvaluator djl = new DjlEvaluator(net, encoder, 1);
                    PuctAgent agent = new PuctAgent("puct", rules, djl, false, org.owarelab.agents.puct.PuctConfig.DEFAULT,
                            PuctOptions.DEFAULT.withSimulations(SIMS).withCapsTimed(true).withBatch(batch)
                                    .withMaxNodes(1 << 16).withTemperature(org.owarelab.agents.puct.Temperature.GREEDY)
                                    .withThreads(1).withTimeManaged(false), 1)) {
                for (int i = 0; i < positions.size(); i++) {
                    Board b = board(rules, positions.get(i));
                    Decision d = agent.decide(b, SearchLimit.simulations(SIMS), SearchMonitor.NONE);
                    agent.reset(i); // a fresh tree at every position, as the harness searches
                    int jsMove = js.path(i).path("move").asInt();
                    if (jsMove != d.move()) {
                        different++;
                        float gap = (d.policy()[d.move()] - d.policy()[jsMove]) * (SIMS - 1);
                        assertTrue(gap <= NEAR_TIE, spec + ": at " + positions.get(i) + " Java plays " + d.move()
                                + ", the web player " + jsMove + ", " + gap + " visits apart (not a near-tie)");
                    }
                }
            }
            System.out.printf("web search vs Java engine, %s (%s), %d sims, batch %d: %d of %d positions differ, "
                    + "all near-ties%n", spec, encoderId, SIMS, batch, different, positions.size());
            assertTrue(different <= positions.size() / 10, different + " near-ties of " + positions.size());
        }
    }

    private JsonNode search(RuleSet rules, List<String> positions, Path model, ObjectNode card) throws Exception {
        return search(rules, positions, model, card, 1);
    }

    private JsonNode search(RuleSet rules, List<String> positions, Path model, ObjectNode card, int batch)
            throws Exception {
        ObjectNode req = NodeHarness.request("search").put("rules", rules.spec()).put("sims", SIMS).put("batch", batch);
        positions.forEach(req.putArray("positions")::add);
        if (model != null) {
            req.put("model", model.toAbsolutePath().toString()).set("card", card);
            req.put("ort", WebSite.ortDirectory().resolve("ort.wasm.bundle.min.mjs").toAbsolutePath().toUri().toString());
        }
        JsonNode results = NodeHarness.run(req, tmp).path("results");
        assertEquals(positions.size(), results.size());
        return results;
    }

    private static Board board(RuleSet rules, String moves) {
        Board b = new Board(rules);
        Moves.playAll(b, moves);
        return b;
    }

    private static int sum(JsonNode visits) {
        int s = 0;
        for (JsonNode v : visits) {
            s += v.asInt();
        }
        return s;
    }
}
