package org.owarelab.agents.puct;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.owarelab.agents.Agent;
import org.owarelab.agents.AgentFactory;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.inference.EvaluatorSource;
import org.owarelab.agents.inference.SharedEvaluator;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/** Games whose searches share one evaluator across threads are the games they play alone. */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class SharedSearchTest {
    static final String[] OPENINGS = {"", "Ab", "CeFe", "BdAa", "EbDb", "Fc"};

    /** Game {@code g}: two agents of {@code spec} from opening g, seeds from g; returns the moves. */
    static String game(AgentFactory f, String spec, int g) {
        try (Agent south = f.create(AgentSpec.parse(spec), RuleSet.DEFAULT, 100 + g);
                Agent north = f.create(AgentSpec.parse(spec), RuleSet.DEFAULT, 200 + g)) {
            Board b = new Board();
            Moves.playAll(b, OPENINGS[g]);
            return PuctAgentTest.play(south, north, b, 120);
        }
    }

    @Test
    void sharedAcrossGameThreadsTheGamesAreTheSame() throws Exception {
        for (String spec : new String[] {"net:sims=80", "net:sims=150,batch=8,noise=0.25,temp=1,temp-plies=6"}) {
            EvaluatorSource own = (model, rules) -> new SyntheticEvaluator(rules.houses(), 4);
            List<String> alone = new ArrayList<>();
            try (AgentFactory f = PuctAgent.factory("net", own, 100)) {
                for (int g = 0; g < OPENINGS.length; g++) {
                    alone.add(game(f, spec, g));
                }
            }
            SharedEvaluator shared = new SharedEvaluator(new SyntheticEvaluator(6, 4), 1024,
                    SharedEvaluator.DEFAULT_MAX_WAIT_NANOS);
            EvaluatorSource clients = (model, rules) -> shared.client();
            ExecutorService pool = Executors.newFixedThreadPool(OPENINGS.length);
            List<String> together = new ArrayList<>();
            try (AgentFactory f = PuctAgent.factory("net", clients, 100)) {
                List<Future<String>> games = new ArrayList<>();
                for (int g = 0; g < OPENINGS.length; g++) {
                    int game = g;
                    games.add(pool.submit(() -> game(f, spec, game)));
                }
                for (Future<String> game : games) {
                    together.add(game.get());
                }
            } finally {
                pool.shutdownNow();
                shared.close();
            }
            assertEquals(alone, together, spec + ": same games with the shared evaluator");
        }
    }
}
