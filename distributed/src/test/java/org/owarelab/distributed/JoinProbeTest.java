package org.owarelab.distributed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.hazelcast.core.HazelcastInstance;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * A worker that cannot join says so (issue 27, section 6), over local sockets on 127.0.0.1:
 * an unknown host, nothing listening, something that is not a trainer, a trainer of another run.
 */
class JoinProbeTest {
    @Test
    void anUnknownHostIsBadInputNamingIt() {
        ClusterSettings.HostPort join = new ClusterSettings.HostPort("no-such-host.invalid", 5701);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JoinProbe.check("run", "r1", join));
        assertEquals("--join no-such-host.invalid:5701: unknown host 'no-such-host.invalid' (expected the trainer's "
                + "host name or address, as it printed it)", e.getMessage());
    }

    @Test
    void nothingListeningIsARefusalNamingTheAddress() throws Exception {
        int port = ClusterRuns.freePort();
        JoinProbe.JoinException e = assertThrows(JoinProbe.JoinException.class,
                () -> JoinProbe.check("run", "r1", new ClusterSettings.HostPort("127.0.0.1", port)));
        assertTrue(e.refused());
        assertTrue(e.getMessage().startsWith("--join 127.0.0.1:" + port + ": nothing listens there (connection "
                + "refused)"), e.getMessage());
    }

    @Test
    void somethingThatIsNotATrainerIsNamedSo() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Thread t = new Thread(() -> {
                try (Socket s = server.accept()) {
                    OutputStream o = s.getOutputStream();
                    o.write("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    o.flush();
                } catch (Exception ignored) {
                    // the test's assertion says what went wrong
                }
            });
            t.start();
            JoinProbe.JoinException e = assertThrows(JoinProbe.JoinException.class,
                    () -> JoinProbe.check("run", "r1", new ClusterSettings.HostPort("127.0.0.1", server.getLocalPort())));
            assertFalse(e.refused());
            assertTrue(e.getMessage().startsWith("--join 127.0.0.1:" + server.getLocalPort() + ": what listens there "
                    + "is not an oware trainer ("), e.getMessage());
            t.join();
        }
    }

    @Test
    void aTrainerOfAnotherRunIsBadInputNamingTheRunAsked() throws Exception {
        ClusterSettings settings = ClusterRuns.settings(ClusterRuns.freePort());
        HazelcastInstance member = Hazelcasts.member("right-run", settings);
        try {
            ClusterSettings.HostPort join = new ClusterSettings.HostPort("127.0.0.1", settings.port());
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> JoinProbe.check("run", "wrong-run", join));
            assertTrue(e.getMessage().startsWith("--join 127.0.0.1:" + settings.port() + ": the trainer there is not "
                    + "running run 'wrong-run'"), e.getMessage());
            JoinProbe.check("run", "right-run", join); // the right one passes
        } finally {
            member.shutdown();
        }
    }
}
