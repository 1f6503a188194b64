package org.owarelab.ablation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.agents.AgentSpec;
import org.owarelab.agents.builtin.BuiltInAgents;

class AblationEvaluationTest {
    private static AblationFile.Evaluation timed(List<String> opponents) {
        return new AblationFile.Evaluation(opponents, null, "time", null, 25, null, null, null, null);
    }

    @Test
    void anOpponentWithALimitOfItsOwnKeepsItUnderEverySpellingOfTheSimulations() {
        List<String> given = List.of("puct:simulations=10", "puct:sims=10", "alphabeta:depth=2", "mcts:movetime=7");
        assertEquals(given, AblationEvaluation.poolOpponents(timed(given), BuiltInAgents.registry()));
    }

    @Test
    void aSearchingOpponentWithoutALimitGetsThePoolsMoveTimeAndOneWithoutASearchIsUnchanged() {
        List<String> out = AblationEvaluation.poolOpponents(timed(List.of("alphabeta", "mcts:c=1.5", "random")),
                BuiltInAgents.registry());
        assertEquals(List.of("alphabeta:movetime=25", "mcts:c=1.5,movetime=25", "random"), out);
    }

    @Test
    void theCheckpointsSpecReadsBackToItsPathWhateverThePathHolds() {
        Path odd = Path.of("/tmp/runs/a,b \"c\"/checkpoints/gen-3");
        String spec = AblationEvaluation.spec(odd, timed(List.of()));
        AgentSpec s = AgentSpec.parse(spec);
        assertEquals("puct", s.name());
        assertEquals(odd.toString(), s.string("model", null));
        assertEquals("25", s.string("movetime", null));
        assertTrue(AblationEvaluation.LIMIT_KEYS.containsAll(List.of("simulations", "sims", "nodes", "movetime",
                "depth")), AblationEvaluation.LIMIT_KEYS.toString());
    }
}
