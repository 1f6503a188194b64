package org.owarelab.distributed;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.training.loop.TrainConfig;

/** The messages on the wire read back as written, and damaged ones are refused with a reason. */
class WireFormatTest {
    @Test
    void aGameMessageReadsBackAsWritten() {
        GameMessage m = RecordGateTest.good(Ticket.firstId(4) + 17);
        GameMessage back = GameMessage.decode(m.encode());
        assertEquals(m.game(), back.game());
        assertEquals(List.of(m.runId(), m.rules(), m.encoder(), m.networkHash(), m.worker()),
                List.of(back.runId(), back.rules(), back.encoder(), back.networkHash(), back.worker()));
        assertEquals(m.version(), back.version());
        assertEquals(1, back.positions().size());
        assertArrayEquals(m.positions().get(0).observation(), back.positions().get(0).observation());
        assertArrayEquals(m.positions().get(0).policy(), back.positions().get(0).policy());
        assertEquals(m.positions().get(0).rootValue(), back.positions().get(0).rootValue());
        assertEquals(m.positions().get(0).margin(), back.positions().get(0).margin());
    }

    @Test
    void damagedGameMessagesAreRefusedWithAReason() {
        byte[] b = RecordGateTest.good(5).encode();
        IllegalArgumentException cut = assertThrows(IllegalArgumentException.class,
                () -> GameMessage.decode(Arrays.copyOf(b, b.length - 3)));
        assertTrue(cut.getMessage().contains("truncated"), cut.getMessage());
        IllegalArgumentException magic = assertThrows(IllegalArgumentException.class,
                () -> GameMessage.decode(new byte[] {0, 0, 0, 0, 0, 0, 0, 0, 0}));
        assertTrue(magic.getMessage().contains("wrong magic"), magic.getMessage());
        byte[] other = b.clone();
        other[0] = 'X';
        assertThrows(IllegalArgumentException.class, () -> GameMessage.decode(other));
    }

    @Test
    void aPublishedNetworkLoadsToTheSameWeights() throws Exception {
        TrainConfig cfg = ClusterRuns.config(1);
        try (PolicyValueNet net = PolicyValueNet.create(cfg.network(), cfg.observationEncoder(), 3,
                DeviceChoice.parse("cpu"))) {
            PublishedNetwork p = PublishedNetwork.of("r1", 4, cfg, net);
            PublishedNetwork back = PublishedNetwork.decode(p.encode());
            assertEquals(4, back.version());
            assertEquals(p.hash(), back.hash());
            assertEquals(cfg, back.config());
            try (PolicyValueNet loaded = back.load(back.config(), DeviceChoice.parse("cpu"))) {
                for (int i = 0; i < net.parameters().size(); i++) {
                    assertArrayEquals(net.parameterValues(i), loaded.parameterValues(i));
                }
            }
            byte[] bad = p.encode();
            bad[bad.length - 1] ^= 1; // one flipped bit in the parameters
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PublishedNetwork.decode(bad));
            assertTrue(e.getMessage().contains("parameters do not match their hash"), e.getMessage());
        }
    }

    @Test
    void ticketsAndAddressesParseOrSayWhatWasExpected() {
        Ticket t = new Ticket(3, Ticket.firstId(3) + 8, 8, "0123456789abcdef");
        assertEquals(t, Ticket.parse(t.text()));
        assertEquals(3, Ticket.versionOf(t.first()));
        assertTrue(t.playsWith(3, "0123456789abcdef" + "5".repeat(48)));
        assertFalse(t.playsWith(3, "f123456789abcdef" + "5".repeat(48)), "other weights under the same version");
        assertFalse(t.playsWith(2, "0123456789abcdef" + "5".repeat(48)));
        assertThrows(IllegalArgumentException.class, () -> Ticket.parse("3:1:8:0123456789abcdef")); // outside version 3's block
        assertThrows(IllegalArgumentException.class, () -> Ticket.parse("3:" + Ticket.firstId(3) + ":8:xyz"));
        assertThrows(IllegalArgumentException.class, () -> Ticket.parse("x"));
        assertEquals(new ClusterSettings.HostPort("10.0.0.5", 5701), ClusterSettings.HostPort.parse("10.0.0.5:5701", "--join"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterSettings.HostPort.parse("10.0.0.5", "--join"));
        assertEquals("--join '10.0.0.5': expected host:port, e.g. 10.0.0.5:5701", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ClusterSettings.HostPort.parse("h:70000", "--join"));
        assertThrows(IllegalArgumentException.class, () -> ClusterSettings.HostPort.parse("h:x", "--join"));
    }
}
