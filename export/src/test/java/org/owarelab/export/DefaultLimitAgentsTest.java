package org.owarelab.export;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.owarelab.agents.SearchLimit;

/** An exported {@code --movetime} player: the default applies only when go sets nothing PUCT reads. */
class DefaultLimitAgentsTest {
    @Test
    void bareGoAndDepthOnlyGetTheDefaultMoveTime() {
        assertEquals(SearchLimit.movetime(300), DefaultLimitAgents.effective(SearchLimit.NONE, 300));
        assertEquals(new SearchLimit(6, 0, 0, 300, false), DefaultLimitAgents.effective(SearchLimit.depth(6), 300));
    }

    @Test
    void limitsPuctReadsAreHonoured() {
        for (SearchLimit l : new SearchLimit[] {SearchLimit.movetime(50), SearchLimit.nodes(40),
            SearchLimit.simulations(30), new SearchLimit(2, 0, 0, 600, false), new SearchLimit(0, 0, 0, 0, true)}) {
            assertEquals(l, DefaultLimitAgents.effective(l, 300));
        }
    }
}
