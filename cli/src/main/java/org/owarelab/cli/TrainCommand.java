package org.owarelab.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.owarelab.distributed.ClusterGameSource;
import org.owarelab.distributed.ClusterSettings;
import org.owarelab.training.loop.GameSource;
import org.owarelab.training.loop.RunPaths;
import org.owarelab.training.loop.TrainConfig;
import org.owarelab.training.loop.Trainer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware train}: AlphaZero-style self-play training, ending with an evaluation. */
@Command(name = "train", mixinStandardHelpOptions = true,
        description = {"Train a policy/value network by self-play (PUCT search + DJL learner), checkpoint it, and "
                + "evaluate it against the baselines of the config's arena section.",
            "Without --config the embedded configs/quick.yaml is used. Everything goes to the run directory: "
                + "config.yaml, run.json, state.json, checkpoints/, metrics.jsonl, selfplay.jsonl, eval/."},
        footer = {"", "Examples:",
            "  oware train                                          # embedded quick config, runs/quick-<time>",
            "  oware train --config configs/quick.yaml --out runs/q1",
            "  oware train --config configs/default.yaml --set loop.generations=50 --set seed=7",
            "  oware train --resume runs/q1                         # continue a killed run",
            "  oware train --resume runs/q1 --set loop.generations=40   # extend a finished run",
            "  oware train --config configs/gpu.yaml --set device=gpu   # after OWARE_GPU=1 (see docs/training.md)",
            "  oware train --config configs/quick.yaml --out runs/c1 --cluster    # workers on 127.0.0.1 play",
            "  oware train --config configs/default.yaml --out runs/c2 --cluster --bind 10.0.0.5 --port 5701",
            "  oware train --resume runs/c2 --cluster --bind 10.0.0.5   # workers reconnect by themselves",
            "",
            "With --cluster the trainer plays no games itself: it publishes the network and takes the games",
            "of 'oware worker' processes (it prints their command line). See docs/cluster.md."})
final class TrainCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "YAML config (default: the embedded quick.yaml).")
    Path config;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Override a config value, e.g. --set loop.generations=5 --set network.hidden=[64,64] (repeatable).")
    List<String> overrides = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory (default: runs/<config>-<date-time>); "
            + "one holding a run is refused, one whose run was killed before it began is started over.")
    Path out;

    @Option(names = "--resume", paramLabel = "RUN", description = "Continue the run in RUN from its last "
            + "checkpoint, exactly as if it had never stopped (a run killed before it began starts over).")
    Path resume;

    @Option(names = "--cluster", description = "Collect self-play games from workers ('oware worker') over a "
            + "Hazelcast cluster instead of playing them here.")
    boolean cluster;

    @Option(names = "--bind", paramLabel = "ADDR", description = "With --cluster: the address to listen on "
            + "(default: 127.0.0.1, this machine only; give a private-network IP for workers on other machines).")
    String bind;

    @Option(names = "--port", paramLabel = "P", description = "With --cluster: the port (default: 5701; taken "
            + "exactly, so workers find a restarted trainer again).")
    Integer port;

    @Option(names = "--members", paramLabel = "HOST:PORT", split = ",", description = "With --cluster: other "
            + "Hazelcast members to discover (the TCP/IP member list, with multicast off the only way members meet; "
            + "it is not an authentication: workers are clients and need none).")
    List<String> members = new ArrayList<>();

    @Option(names = "--max-staleness", paramLabel = "N", description = "With --cluster: accept games played with "
            + "a network up to N versions old (default: 1, the games workers play while the learner trains).")
    Integer maxStaleness;

    @Override
    public Integer call() throws Exception {
        String command = "oware " + String.join(" ", spec.commandLine().getParseResult().originalArgs());
        RunPaths.check(out, resume);
        GameSource.Factory sources = sources();
        if (resume != null) {
            if (config != null || out != null) {
                throw new BadInputException("--resume takes no --config or --out: a run keeps its saved config "
                        + "(--set may change it, e.g. --set loop.generations=40 to extend the run)");
            }
            Trainer.resume(resume, overrides, command, System.out, sources);
            return 0;
        }
        TrainConfig cfg = config == null ? TrainConfig.embedded(overrides) : TrainConfig.load(config, overrides);
        Path dir = out != null ? out : RunPaths.defaultDirectory(config, LocalDateTime.now());
        Trainer.start(cfg, dir, command, System.out, sources);
        return 0;
    }

    /** Local self-play, or with --cluster the cluster's workers. */
    private GameSource.Factory sources() {
        if (!cluster) {
            if (bind != null || port != null || !members.isEmpty() || maxStaleness != null) {
                throw new BadInputException("--bind, --port, --members and --max-staleness go with --cluster");
            }
            return GameSource.LOCAL;
        }
        ClusterSettings d = ClusterSettings.defaults();
        ClusterSettings s = new ClusterSettings(bind == null ? d.bind() : bind, port == null ? d.port() : port,
                members, maxStaleness == null ? d.maxStaleness() : maxStaleness, d.recordQueue());
        ClusterGameSource.checkListenable(s); // before the run directory is touched
        return ClusterGameSource.factory(s);
    }
}
