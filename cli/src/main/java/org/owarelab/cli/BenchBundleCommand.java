package org.owarelab.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.owarelab.export.BundleBench;
import org.owarelab.export.BundleWriter;
import org.owarelab.export.ExportException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code oware bench bundle}: the size, start-up, speed and move agreement of an exported bundle. */
@Command(name = "bundle", mixinStandardHelpOptions = true,
        description = {"Figures of an exported bundle (oware export): its size; its engine's time from launch to "
                + "uciok and from go to the first bestmove; simulations/s of the ONNX Runtime engine next to the "
                + "libtorch (DJL) one on the bundle's checkpoint, in this one process, same PUCT search; and how "
                + "often both play the same move at a fixed simulation count (no noise), with the near-ties where "
                + "float rounding decided.", "Run it on a quiet machine."},
        footer = {"", "Examples:", "  oware export strong --out /tmp/strong && oware bench bundle /tmp/strong",
            "  oware bench bundle /tmp/strong --positions 5 --agreement 20   (a quick look)"})
final class BenchBundleCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "An exported bundle (oware export).")
    Path bundle;

    @Option(names = "--positions", defaultValue = "30",
            description = "Positions searched per runtime for simulations/s (default ${DEFAULT-VALUE}).")
    int positions;

    @Option(names = "--movetime", defaultValue = "1000",
            description = "Milliseconds per position for simulations/s and the first bestmove (default ${DEFAULT-VALUE}).")
    long movetime;

    @Option(names = "--agreement", defaultValue = "300",
            description = "Positions of the move-agreement check (default ${DEFAULT-VALUE}).")
    int agreement;

    @Option(names = "--sims", defaultValue = "200",
            description = "Simulations per move of the move-agreement check (default ${DEFAULT-VALUE}).")
    int sims;

    @Override
    public Integer call() throws IOException, InterruptedException {
        if (!Files.isRegularFile(bundle.resolve(BundleWriter.MODEL_CARD))) {
            throw new BadInputException(bundle + ": not an exported bundle (no " + BundleWriter.MODEL_CARD + ")");
        }
        if (positions < 1 || movetime < 1 || agreement < 1 || sims < 1) {
            throw new BadInputException("--positions, --movetime, --agreement and --sims must be at least 1");
        }
        spec.commandLine().getOut().flush();
        try {
            BundleBench.run(bundle.toAbsolutePath(), positions, movetime, agreement, sims,
                    new PrintStream(System.out, true, StandardCharsets.UTF_8));
        } catch (ExportException e) {
            throw new BadInputException(e.getMessage());
        }
        return 0;
    }
}
