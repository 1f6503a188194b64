package org.owarelab.distributed;

import com.hazelcast.collection.IQueue;
import com.hazelcast.core.HazelcastInstance;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.replay.RecordLayout;
import org.owarelab.training.replay.ReplayBuffer;
import org.owarelab.training.selfplay.SelfPlayRecord;
import org.owarelab.training.selfplay.PositionRecord;

/**
 * What a pushed game costs: a trainer member and a worker client on loopback in this JVM pass
 * {@code records} games of {@code positions} positions shaped by a config (its encoder and rules)
 * through the record queue. The worker side is timed (encode, offer), then the trainer side
 * (poll, decode, the gate's checks, the replay buffer's add): the trainer's cost per record is
 * what bounds how many records one trainer thread can take per second. The positions' values are
 * random: the costs depend on their sizes only.
 */
public final class ClusterBench {
    /**
     * The figures, in microseconds per record and bytes.
     *
     * @param bytesPerRecord size of one pushed game
     * @param encodeMicros worker: building the message
     * @param offerMicros worker: pushing it (one synchronous call after another)
     * @param trainerMicros trainer: poll, decode, check, add to the replay buffer
     * @param decodeMicros trainer's share of decoding alone (measured separately, in memory)
     */
    public record Result(int records, int positions, int bytesPerRecord, double encodeMicros, double offerMicros,
            double trainerMicros, double decodeMicros) {
        public double trainerRecordsPerSecond() {
            return 1e6 / trainerMicros;
        }
    }

    private ClusterBench() {
    }

    public static Result run(TrainConfig cfg, int records, int positions, int port) throws InterruptedException {
        if (records < 1 || positions < 1) {
            throw new IllegalArgumentException("records and positions must be >= 1");
        }
        ObservationEncoder enc = cfg.observationEncoder();
        RecordLayout layout = RecordLayout.of(enc);
        int obs = layout.observationSize();
        int actions = layout.actions();
        String runId = "bench-" + port;
        ClusterSettings s = new ClusterSettings("127.0.0.1", port, List.of(), 1, records + 1);
        String hash = "b".repeat(64);
        List<GameMessage> games = new ArrayList<>(records);
        SplittableRandom rnd = new SplittableRandom(1);
        for (int i = 0; i < records; i++) {
            List<PositionRecord> ps = new ArrayList<>(positions);
            for (int k = 0; k < positions; k++) {
                float[] o = new float[obs];
                float[] p = new float[actions];
                for (int j = 0; j < obs; j++) {
                    o[j] = (float) rnd.nextDouble();
                }
                p[0] = 1f;
                ps.add(new PositionRecord(i, k, o, 1, p, 1, 2, 0.25f, 0));
            }
            SelfPlayRecord g = new SelfPlayRecord(i, i, cfg.rules(), "A".repeat(positions), 0, "threshold", 30, 18, -1, -1,
                    positions, 100L * positions);
            games.add(new GameMessage(runId, cfg.seed(), 0, hash, cfg.rules(), enc.tag(), "bench", 0, 0, 0, g, ps));
        }
        HazelcastInstance member = Hazelcasts.member(runId, s);
        try {
            HazelcastInstance client = Hazelcasts.client(runId, new ClusterSettings.HostPort("127.0.0.1", port), "bench", 1);
            try {
                IQueue<byte[]> out = client.getQueue(Hazelcasts.RECORDS);
                IQueue<byte[]> in = member.getQueue(Hazelcasts.RECORDS);
                // Warm-up: the JIT and the connection, then the queue emptied.
                for (int i = 0; i < Math.min(200, records); i++) {
                    out.offer(games.get(i).encode());
                }
                in.clear();
                long t0 = System.nanoTime();
                List<byte[]> encoded = new ArrayList<>(records);
                for (GameMessage g : games) {
                    encoded.add(g.encode());
                }
                long t1 = System.nanoTime();
                for (byte[] b : encoded) {
                    out.offer(b);
                }
                long t2 = System.nanoTime();
                RecordGate gate = new RecordGate(runId, cfg.seed(), cfg.rules(), enc.tag(), obs, actions, 1, Set.of());
                gate.published(0, hash);
                ReplayBuffer buffer = new ReplayBuffer(layout, cfg.replay(), 1);
                long t3 = System.nanoTime();
                for (int i = 0; i < records; i++) {
                    GameMessage m = GameMessage.decode(in.poll(10, TimeUnit.SECONDS));
                    if (gate.check(m).accepted()) {
                        buffer.addAll(m.positions());
                    }
                }
                long t4 = System.nanoTime();
                for (byte[] b : encoded) {
                    GameMessage.decode(b);
                }
                long t5 = System.nanoTime();
                if (gate.acceptedCount() != records) {
                    throw new IllegalStateException("bench: " + gate.acceptedCount() + " of " + records + " accepted");
                }
                return new Result(records, positions, encoded.get(0).length, (t1 - t0) / 1e3 / records,
                        (t2 - t1) / 1e3 / records, (t4 - t3) / 1e3 / records, (t5 - t4) / 1e3 / records);
            } finally {
                client.shutdown();
            }
        } finally {
            member.shutdown();
        }
    }
}
