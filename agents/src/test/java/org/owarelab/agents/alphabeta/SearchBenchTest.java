package org.owarelab.agents.alphabeta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;

/**
 * The search signature, a golden number (STYLE.md item 13): the total nodes of the fixed bench at
 * depth 8 ({@code oware bench search --depth 8}). It changes exactly when the search's behaviour
 * does (ordering, pruning, evaluation, table); a commit that changes it on purpose says the new
 * value in its message, here and in the cli module's BenchSearchCommandTest.
 */
class SearchBenchTest {
    static final int DEPTH = 8;
    static final long SIGNATURE_DEPTH_8 = 59_005L;

    @Test
    void signatureAtDepthEight() {
        List<SearchBench.Result> seen = new ArrayList<>();
        List<SearchBench.Result> results = SearchBench.run(AlphaBetaConfig.ofDepth(DEPTH), DEPTH, seen::add);
        assertEquals(SearchBench.POSITIONS.size(), results.size());
        assertEquals(results, seen, "each result is reported as it ends");
        long sum = 0;
        for (SearchBench.Result r : results) {
            Board b = new Board();
            Moves.playAll(b, r.moves());
            assertEquals(b.text(), r.position());
            sum += r.nodes();
        }
        assertEquals(sum, SearchBench.signature(results));
        assertEquals(SIGNATURE_DEPTH_8, SearchBench.signature(results), "search signature at depth " + DEPTH);
    }

    @Test
    void signatureIsRepeatable() {
        assertEquals(SearchBench.signature(SearchBench.run(AlphaBetaConfig.ofDepth(4), 4, r -> { })),
                SearchBench.signature(SearchBench.run(AlphaBetaConfig.ofDepth(4), 4, r -> { })));
    }
}
