package org.owarelab.cli;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.owarelab.distributed.ClusterBench;
import org.owarelab.training.loop.TrainConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code oware bench cluster}: the cost of one pushed game record, worker side and trainer side. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
        description = {"The cost of a self-play game pushed over the cluster: a trainer member and a worker client "
                + "on 127.0.0.1 in this JVM pass --records games of --positions positions (shaped by the config's "
                + "encoder and rules) through the record queue. Prints the bytes per record, the worker's encode "
                + "and push times and the trainer's time per record (take, decode, check, add to the replay "
                + "buffer), and the records/s one trainer thread can take.",
            "For games/s of a local run against trainer + worker processes see scripts/bench-cluster.sh."},
        footer = {"", "Examples:", "  oware bench cluster",
            "  oware bench cluster --config configs/default.yaml --positions 120 --records 5000"})
final class BenchClusterCommand implements Callable<Integer> {
    @Option(names = "--config", paramLabel = "FILE", description = "Config whose encoder and rules shape the records "
            + "(default: the embedded quick.yaml).")
    Path config;

    @Option(names = "--set", paramLabel = "KEY=VALUE", description = "Config override (repeatable).")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--records", defaultValue = "3000", description = "Records to push (default ${DEFAULT-VALUE}).")
    int records;

    @Option(names = "--positions", defaultValue = "80", description = "Positions per record (default ${DEFAULT-VALUE}).")
    int positions;

    @Override
    public Integer call() throws Exception {
        if (records < 1 || records > 1_000_000) {
            throw new BadInputException("--records " + records + ": expected 1..1000000");
        }
        if (positions < 1 || positions > 10_000) {
            throw new BadInputException("--positions " + positions + ": expected 1..10000");
        }
        TrainConfig cfg = config == null ? TrainConfig.embedded(overrides) : TrainConfig.load(config, overrides);
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = s.getLocalPort();
        }
        ClusterBench.Result r = ClusterBench.run(cfg, records, positions, port);
        System.out.printf(Locale.ROOT, "records: %d of %d positions (%s, rules '%s')%n", r.records(), r.positions(),
                cfg.observationEncoder().tag(), cfg.rules());
        System.out.printf(Locale.ROOT, "bytes/record: %d%n", r.bytesPerRecord());
        System.out.printf(Locale.ROOT, "worker encode us/record: %.1f%n", r.encodeMicros());
        System.out.printf(Locale.ROOT, "worker push us/record: %.1f%n", r.offerMicros());
        System.out.printf(Locale.ROOT, "trainer us/record: %.1f (decode alone %.1f)%n", r.trainerMicros(), r.decodeMicros());
        System.out.printf(Locale.ROOT, "trainer records/s: %.0f%n", r.trainerRecordsPerSecond());
        return 0;
    }
}
