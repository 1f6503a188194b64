package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code oware jsonl}'s command line (the protocols are tested in export's {@code jsonl} package). */
class JsonlCommandTest {
    @Test
    void theCommandNeedsExactlyOneMode() {
        Cli neither = Cli.run("jsonl");
        assertEquals(2, neither.code());
        assertTrue(neither.err().contains("exactly one of --agent SPEC"), neither.err());
        Cli both = Cli.run("jsonl", "--env", "--agent", "greedy");
        assertEquals(2, both.code());
        assertFalse(both.err().isEmpty());
    }
}
