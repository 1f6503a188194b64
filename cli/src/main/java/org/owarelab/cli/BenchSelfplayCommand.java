package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import org.owarelab.agents.inference.Evaluator;
import org.owarelab.agents.inference.SyntheticEvaluator;
import org.owarelab.agents.inference.UniformEvaluator;
import org.owarelab.agents.puct.PuctConfig;
import org.owarelab.env.Encoders;
import org.owarelab.env.ObservationEncoder;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.OnnxWriter;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.onnx.OnnxModel;
import org.owarelab.onnx.OnnxSettings;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.selfplay.SelfPlayBenchmark;
import org.owarelab.training.selfplay.SelfPlayConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware bench selfplay}: batched self-play throughput and pipeline efficiency. */
@Command(name = "selfplay", mixinStandardHelpOptions = true,
        description = {"Batched self-play speed: each worker thread advances --games games in lock-step with one "
                + "evaluator call per step. Prints 'simulations/s: N', 'evals/s: N', 'positions/s: N' and "
                + "'efficiency: P%%' (self-play evaluations/s over the evaluator's raw throughput at the same batch "
                + "size), and the evaluator's share of the time. The measurement runs --rounds times, each round "
                + "self-play then the evaluator alone; the efficiency printed last is the median of the rounds' "
                + "efficiencies (each round compares figures taken seconds apart, which matters on a machine whose "
                + "speed drifts). The warm-up before the rounds lasts as long as one round.",
            "Evaluators: 'mlp' (the default: a freshly initialised network of --network through DJL, one "
                + "libtorch thread per worker, as with loop.inference djl), 'onnx' (the same network exported to ONNX "
                + "and run by ONNX Runtime, one session for the workers and one thread each, as with loop.inference "
                + "onnx, the default on a CPU), 'uniform' (free: measures the search alone) and "
                + "'synthetic' (hash-based outputs that spin --call-us + --position-us per position)."},
        footer = {"", "Examples:", "  oware bench selfplay", "  oware bench selfplay --rounds 5", "  oware bench selfplay --evaluator onnx",
            "  oware bench selfplay --evaluator uniform",
            "  oware bench selfplay --playout-cap 0.25,40",
            "  oware bench selfplay --evaluator synthetic --call-us 125 --position-us 1.9 --workers 2 --games 128"})
final class BenchSelfplayCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--rules", paramLabel = "RULES", defaultValue = "",
            description = "Rule variants as key=value,... (see 'oware show --help'); games start at the start position.")
    String rules;

    @Option(names = "--evaluator", defaultValue = "mlp", description = "mlp, onnx, uniform or synthetic (default ${DEFAULT-VALUE}).")
    String evaluator;

    @Option(names = "--network", defaultValue = "mlp:hidden=256x256",
            description = "Network of the mlp and onnx evaluators (default ${DEFAULT-VALUE}; resnet specs need --encoder planes).")
    String network;

    @Option(names = "--encoder", defaultValue = "compact", description = "Observation encoder (default ${DEFAULT-VALUE}).")
    String encoderId;

    @Option(names = "--call-us", defaultValue = "125", description = "Synthetic cost per call in microseconds (default ${DEFAULT-VALUE}).")
    double callMicros;

    @Option(names = "--position-us", defaultValue = "1.9", description = "Synthetic cost per position in microseconds (default ${DEFAULT-VALUE}).")
    double positionMicros;

    @Option(names = "--workers", defaultValue = "2", description = "Worker threads, one evaluator each (default ${DEFAULT-VALUE}).")
    int workers;

    @Option(names = "--games", defaultValue = "128", description = "Games in lock-step per worker (default ${DEFAULT-VALUE}).")
    int games;

    @Option(names = "--leaves", defaultValue = "1", description = "Leaves per game per step, virtual loss above 1 (default ${DEFAULT-VALUE}).")
    int leaves;

    @Option(names = "--sims", defaultValue = "200", description = "Simulations per move (default ${DEFAULT-VALUE}).")
    int sims;

    @Option(names = "--playout-cap", paramLabel = "P,FAST",
            description = "Playout cap randomisation, as selfplay.playoutCap: a full search of --sims with probability P, "
                    + "else a fast one of FAST simulations (e.g. 0.25,40; default: every search full).")
    String playoutCap;

    @Option(names = "--total-games", defaultValue = "0", description = "Measured games per worker, played continuously after a warm-up (default 0: half of --games).")
    int totalGames;

    @Option(names = "--rounds", defaultValue = "3",
            description = "Measured rounds (self-play, then the evaluator alone), played on from one warm-up (default ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--seed", defaultValue = "1", description = "Run seed (default ${DEFAULT-VALUE}).")
    long seed;

    @Override
    public Integer call() throws InterruptedException {
        if (workers < 1 || games < 1 || leaves < 1 || sims < 1 || rounds < 1 || totalGames < 0 || callMicros < 0
                || positionMicros < 0) {
            throw new BadInputException("expected --workers, --games, --leaves, --sims, --rounds >= 1 and costs >= 0");
        }
        RuleSet r = RuleSet.parse(rules);
        int n = r.houses();
        Supplier<Evaluator> evs;
        String what;
        ObservationEncoder encoder = Encoders.create(encoderId, r);
        PolicyValueNet net = null;
        OnnxModel onnx = null;
        switch (evaluator) {
            case "mlp" -> {
                PolicyValueNet shared = PolicyValueNet.create(NetworkSpec.parse(network), encoder, seed, DeviceChoice.CPU);
                net = shared;
                // One libtorch thread per worker, as in training: the workers are the parallelism.
                evs = () -> new DjlEvaluator(shared, encoder, games * leaves, 1);
                what = "DJL " + shared.describe();
            }
            case "onnx" -> {
                PolicyValueNet shared = PolicyValueNet.create(NetworkSpec.parse(network), encoder, seed, DeviceChoice.CPU);
                net = shared;
                OnnxModel model = OnnxModel.of(OnnxWriter.toBytes(shared, "bench"), encoder, new OnnxSettings(1, 1));
                onnx = model;
                evs = () -> model.open(null, r);
                what = "ONNX Runtime " + shared.describe();
            }
            case "uniform" -> {
                evs = () -> new UniformEvaluator(n);
                what = "uniform (free)";
            }
            case "synthetic" -> {
                long call = Math.round(callMicros * 1000);
                long pos = Math.round(positionMicros * 1000);
                evs = () -> new SyntheticEvaluator(n, seed, call, pos);
                what = String.format(Locale.ROOT, "synthetic (%.1f us per call + %.2f us per position)", callMicros,
                        positionMicros);
            }
            default -> throw new BadInputException("--evaluator " + evaluator + ": expected mlp, onnx, uniform or synthetic");
        }
        SelfPlayConfig cfg = SelfPlayConfig.DEFAULT.withGames(games, leaves).withSimulations(sims)
                .withSearch(PuctConfig.DEFAULT.withNoise(new PuctConfig.RootNoise(1.0, 0.25)));
        if (playoutCap != null) {
            try {
                cfg = cfg.withPlayoutCap(SelfPlayConfig.PlayoutCap.parse(playoutCap, sims));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--playout-cap " + playoutCap + ": " + e.getMessage());
            }
        }
        int measured = totalGames > 0 ? totalGames : Math.max(1, games / 2);
        List<SelfPlayBenchmark.Result> rs;
        try {
            rs = SelfPlayBenchmark.runRounds(cfg, r, evs, encoder, workers, measured, rounds, seed);
        } finally {
            if (onnx != null) {
                onnx.close();
            }
            if (net != null) {
                net.close();
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "workers: %d, games in lock-step per worker: %d, leaves per game: %d, simulations per move: %d%s%n",
                workers, games, leaves, sims, cfg.playoutCap().fullProbability() >= 1 ? ""
                        : String.format(Locale.ROOT, " (a full search with probability %s, else %d)",
                                cfg.playoutCap().fullProbability(), cfg.playoutCap().fastSimulations()));
        out.printf(Locale.ROOT, "evaluator: %s%n", what);
        SelfPlayBenchmark.Rounds rounds = SelfPlayBenchmark.Rounds.of(rs);
        for (int i = 0; i < rs.size(); i++) {
            SelfPlayBenchmark.Result x = rs.get(i);
            out.printf(Locale.ROOT, "round %d: %d simulations/s, %d evals/s, raw %d evals/s, efficiency %.1f%%%n", i + 1,
                    (long) x.simulationsPerSecond(), (long) x.evalsPerSecond(), (long) x.rawEvalsPerSecond(),
                    100 * x.efficiency());
        }
        SelfPlayBenchmark.Result res = rounds.joined();
        out.printf(Locale.ROOT, "games: %d, moves: %d, positions: %d in %.2f s%n", res.stats().games(),
                res.stats().moves(), res.stats().positions(), res.seconds());
        out.printf(Locale.ROOT, "mean batch: %.1f%n", res.stats().meanBatch());
        out.printf(Locale.ROOT, "simulations/s: %d%n", (long) res.simulationsPerSecond());
        out.printf(Locale.ROOT, "simulations per worker CPU-second: %d%n", (long) res.simulationsPerCpuSecond());
        out.printf(Locale.ROOT, "evals/s: %d%n", (long) res.evalsPerSecond());
        out.printf(Locale.ROOT, "positions/s: %d%n", (long) res.positionsPerSecond());
        out.printf(Locale.ROOT, "raw evals/s at batch %d (median of the rounds): %d%n", Math.round(res.stats().meanBatch()),
                (long) res.rawEvalsPerSecond());
        out.printf(Locale.ROOT, "evaluator share of worker time: %.1f%%%n", 100 * res.evaluatorShare());
        if (rs.size() == 1) {
            out.printf(Locale.ROOT, "efficiency: %.1f%%%n", 100 * rounds.medianEfficiency());
        } else {
            out.printf(Locale.ROOT, "efficiency: %.1f%% (median of %d rounds; %.1f-%.1f%%)%n",
                    100 * rounds.medianEfficiency(), rs.size(), 100 * rounds.minEfficiency(), 100 * rounds.maxEfficiency());
        }
        out.flush();
        return 0;
    }
}
