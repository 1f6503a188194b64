package org.owarelab.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.TorchThreads;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.nn.NetworkBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code oware bench net}: raw batched forward and training throughput of policy/value networks. */
@Command(name = "net", mixinStandardHelpOptions = true,
        description = {"Raw speed of policy/value networks (DJL, PyTorch) on random observations: batched forward "
                + "passes through the evaluator's path (no board encoding), and learner steps (Adam).",
            "Prints per network 'forward batch B: X us/position, Y positions/s' and "
                + "'train batch B: X us/sample, Y samples/s'."},
        footer = {"", "Examples:", "  oware bench net",
            "  oware bench net --net mlp:hidden=256x256 --batch 1,64,256 --seconds 3 --threads 2",
            "  oware bench net --net resnet:blocks=6,channels=64 --plane-input 4x6 --train-batch 0"})
final class BenchNetCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--net", paramLabel = "SPEC", split = ";",
            defaultValue = "mlp:hidden=256x256;resnet:blocks=6,channels=64",
            description = "Network specs, separated by ';' or given repeatedly (default ${DEFAULT-VALUE}).")
    List<String> nets;

    @Option(names = "--batch", split = ",", defaultValue = "1,8,64,256",
            description = "Forward batch sizes (default ${DEFAULT-VALUE}).")
    List<Integer> batches;

    @Option(names = "--train-batch", defaultValue = "256",
            description = "Batch of the timed learner steps, 0 to skip (default ${DEFAULT-VALUE}).")
    int trainBatch;

    @Option(names = "--seconds", defaultValue = "2", description = "Timed seconds per figure (default ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--rules", defaultValue = "", description = "Rule variants (sets the moves per position); default rules.")
    String rules;

    @Option(names = "--flat-input", defaultValue = "0",
            description = "Observation size read by MLPs (default 0: 2 x houses + 2, like a compact encoder).")
    int flatInput;

    @Option(names = "--plane-input", defaultValue = "", paramLabel = "CxW",
            description = "Observation planes read by ResNets, channels x width (default 4xHOUSES).")
    String planeInput;

    @Option(names = "--threads", defaultValue = "1",
            description = "libtorch intra-op threads per forward pass (default ${DEFAULT-VALUE}, the setting for "
                    + "self-play workers; 0: libtorch's choice, one per core).")
    int threads;

    @Option(names = "--device", defaultValue = "cpu", description = "cpu, gpu or auto (default ${DEFAULT-VALUE}).")
    String device;

    @Override
    public Integer call() {
        RuleSet r = RuleSet.parse(rules);
        DeviceChoice dev = DeviceChoice.parse(device);
        if (!(seconds > 0) || trainBatch < 0 || batches.stream().anyMatch(b -> b < 1)) {
            throw new BadInputException("expected --seconds > 0, --batch sizes >= 1 and --train-batch >= 0");
        }
        int[] flat = {flatInput > 0 ? flatInput : 2 * r.houses() + 2};
        int[] planes = planeInput.isEmpty() ? new int[] {4, r.houses()} : parsePlanes(planeInput);
        List<NetworkSpec> specs = nets.stream().map(NetworkSpec::parse).toList();
        boolean gpu = dev.resolvesToGpu();
        if (threads > 0) {
            TorchThreads.set(threads);
        }
        PrintWriter out = spec.commandLine().getOut();
        out.printf("device: %s, torch threads: %d%n", gpu ? "gpu" : "cpu", TorchThreads.get());
        for (NetworkSpec net : specs) {
            int[] shape = net.kind() == NetworkSpec.Kind.MLP ? flat : planes;
            boolean first = true;
            for (int b : batches) {
                NetworkBench.Result f = NetworkBench.forwardThroughput(net, shape, r, b, seconds, dev);
                if (first) {
                    out.printf("network: %s, input %s, %,d parameters%n", net.spec(), Arrays.toString(shape),
                            f.parameters());
                    first = false;
                }
                out.printf("forward batch %d: %.2f us/position, %.0f positions/s%n", b, f.microsPerPosition(),
                        f.positionsPerSecond());
                out.flush();
            }
            if (trainBatch > 0) {
                NetworkBench.Result t = NetworkBench.trainingThroughput(net, shape, r, trainBatch, seconds, dev);
                out.printf("train batch %d: %.2f us/sample, %.0f samples/s%n", trainBatch, t.microsPerPosition(),
                        t.positionsPerSecond());
            }
            out.flush();
        }
        return 0;
    }

    private static int[] parsePlanes(String text) {
        String[] parts = text.toLowerCase(Locale.ROOT).split("x");
        try {
            if (parts.length == 2) {
                int c = Integer.parseInt(parts[0].trim());
                int w = Integer.parseInt(parts[1].trim());
                if (c >= 1 && w >= 1) {
                    return new int[] {c, w};
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException("--plane-input " + text + ": expected CHANNELSxWIDTH, e.g. 4x6");
    }
}
