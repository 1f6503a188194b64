package org.owarelab.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad input to 'oware train --cluster' and 'oware worker': one line naming it, exit 2, nothing written. */
class ClusterCommandsTest {
    @TempDir
    Path tmp;

    @Test
    void clusterOptionsWithoutClusterAreRefused() {
        Path out = tmp.resolve("r");
        Cli r = Cli.run("train", "--out", out.toString(), "--bind", "10.0.0.5");
        assertEquals(2, r.code(), r.err());
        assertEquals("oware train: --bind, --port, --members and --max-staleness go with --cluster", r.err().strip());
        assertFalse(Files.exists(out));
    }

    @Test
    void aTakenPortOrABadAddressIsRefusedBeforeTheRunBegins() throws Exception {
        Path out = tmp.resolve("r");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Cli r = Cli.run("train", "--out", out.toString(), "--cluster", "--port", String.valueOf(taken.getLocalPort()));
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().startsWith("oware train: --bind 127.0.0.1 --port " + taken.getLocalPort()
                    + ": cannot listen there"), r.err());
        }
        assertFalse(Files.exists(out), "nothing written");
        Cli port = Cli.run("train", "--out", out.toString(), "--cluster", "--port", "70000");
        assertEquals(2, port.code());
        assertEquals("oware train: --port 70000: expected 1..65535", port.err().strip());
        Cli members = Cli.run("train", "--out", out.toString(), "--cluster", "--members", "10.0.0.6");
        assertEquals(2, members.code());
        assertEquals("oware train: --members '10.0.0.6': expected host:port, e.g. 10.0.0.5:5701", members.err().strip());
    }

    @Test
    void workerInputIsCheckedBeforeItConnects() {
        Cli join = Cli.run("worker", "--join", "trainer-host", "--run", "r1-00000000");
        assertEquals(2, join.code());
        assertEquals("oware worker: --join 'trainer-host': expected host:port, e.g. 10.0.0.5:5701", join.err().strip());
        Cli run = Cli.run("worker", "--join", "127.0.0.1:5701", "--run", "a run");
        assertEquals(2, run.code());
        assertTrue(run.err().startsWith("oware worker: --run 'a run': expected the run id the trainer prints"), run.err());
        Cli threads = Cli.run("worker", "--join", "127.0.0.1:5701", "--run", "r1", "--threads", "0");
        assertEquals(2, threads.code());
        assertEquals("oware worker: --threads 0: expected 1..1024", threads.err().strip());
        Cli missing = Cli.run("worker", "--join", "127.0.0.1:5701");
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("--run"), missing.err());
        Cli both = Cli.run("worker", "--join", "127.0.0.1:5701", "--run", "r1", "--tournament", "t-a-00000000");
        assertEquals(2, both.code());
        assertEquals("oware worker: give one of --run ID (a training run) or --tournament ID (a tournament)",
                both.err().strip());
        Cli badId = Cli.run("worker", "--join", "127.0.0.1:5701", "--tournament", "league");
        assertEquals(2, badId.code());
        assertTrue(badId.err().startsWith("oware worker: --tournament 'league': expected the id 'oware tournament "
                + "--cluster' prints"), badId.err());
    }

    /** Issue 27 section 6: a worker that cannot join says so at once, exit codes per the README's table. */
    @Test
    void aWorkerThatCannotJoinSaysSo() throws Exception {
        Cli host = Cli.run("worker", "--join", "no-such-host.invalid:5701", "--run", "r1-00000000");
        assertEquals(2, host.code(), host.err());
        assertEquals("oware worker: --join no-such-host.invalid:5701: unknown host 'no-such-host.invalid' (expected "
                + "the trainer's host name or address, as it printed it)", host.err().strip());
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = free.getLocalPort();
        }
        for (String[] who : new String[][] {{"--run", "r1-00000000"}, {"--tournament", "t-a-00000000"}}) {
            Cli none = Cli.run("worker", "--join", "127.0.0.1:" + port, who[0], who[1]);
            assertEquals(1, none.code(), none.err());
            assertEquals(1, none.err().strip().lines().count(), none.err());
            assertTrue(none.err().startsWith("oware worker: --join 127.0.0.1:" + port + ": nothing listens there "
                    + "(connection refused)"), none.err());
        }
    }

    @Test
    void tournamentClusterOptionsAreCheckedBeforeAnythingIsWritten() throws Exception {
        Path out = tmp.resolve("t");
        Cli bind = Cli.run("tournament", "--players", "random", "greedy", "--out", out.toString(), "--bind", "10.0.0.5");
        assertEquals(2, bind.code(), bind.err());
        assertEquals("oware tournament: --bind and --port go with --cluster", bind.err().strip());
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Cli r = Cli.run("tournament", "--players", "random", "greedy", "--out", out.toString(), "--cluster",
                    "--port", String.valueOf(taken.getLocalPort()));
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().startsWith("oware tournament: --bind 127.0.0.1 --port " + taken.getLocalPort()
                    + ": cannot listen there"), r.err());
        }
        Cli threads = Cli.run("tournament", "--players", "random", "greedy", "--out", out.toString(), "--cluster",
                "--threads", "-1");
        assertEquals(2, threads.code(), threads.err());
        assertEquals("oware tournament: --threads -1: expected 0 or more with --cluster", threads.err().strip());
        assertFalse(Files.exists(out), "nothing written");
    }
}
