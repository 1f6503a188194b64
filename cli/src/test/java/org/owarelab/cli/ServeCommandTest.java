package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/** {@code oware serve}'s bad input: one line, exit 2, before anything listens. */
class ServeCommandTest {

    @Test
    void aBadAgentSpecIsRefused() {
        Cli r = Cli.run("serve", "--agent", "nosuch:depth=2", "--port", "0");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().startsWith("oware serve: "), r.err());
        assertTrue(r.err().contains("nosuch"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void aPortOutOfRangeIsRefused() {
        Cli r = Cli.run("serve", "--agent", "random", "--port", "70000");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("--port 70000: expected 0..65535"), r.err());
    }

    @Test
    void aTakenPortIsNamed() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Cli r = Cli.run("serve", "--agent", "random", "--port", String.valueOf(taken.getLocalPort()));
            assertEquals(2, r.code(), r.out() + r.err());
            assertTrue(r.err().contains("--port " + taken.getLocalPort() + ": cannot listen there"), r.err());
            assertEquals(1, r.err().strip().split("\\R").length, r.err());
        }
    }
}
