package org.owarelab.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.owarelab.export.BundleWriter;
import org.owarelab.export.ExportException;
import org.owarelab.export.OnnxNatives;
import org.owarelab.export.SearchSettings;
import org.owarelab.export.web.WebSite;
import org.owarelab.model.CheckpointException;
import org.owarelab.model.Players;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code oware export}: writes a trained player as a self-contained bundle (UCI engine launcher,
 * jars, weights, {@code model.onnx}, model card, probe positions); see
 * {@link org.owarelab.export.BundleWriter}. Bad input (a missing, corrupt or mismatched
 * checkpoint, an output that exists and is not empty or cannot be written) is one line and exit
 * code 2, with nothing written.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Export a trained player: a directory that runs with Java 17 alone.",
            "DIR/engine (DIR/engine.bat on Windows) is a UCI engine (the Oware dialect, for Aualé and match "
                + "drivers) playing PUCT over the network with ONNX Runtime; DIR/serve (serve.bat) serves a page to "
                + "play it; DIR/model.onnx is the network for other runtimes; DIR/model.json describes it; "
                + "DIR/probe.json holds positions with the expected outputs."},
        footer = {"", "Examples:",
            "  oware export runs/quick --out ~/players/quick",
            "  oware export runs/quick/checkpoints/step-00002000 --out /tmp/p --movetime 500 --name QuickNet",
            "  oware export runs/quick --out /tmp/p-win --platform win-x64",
            "  oware export strong --out /tmp/strong   (the player shipped in players/strong)",
            "  oware export own.onnx --encoder planes/1 --out /tmp/own   (any network of the ONNX contract)",
            "  oware match greedy 'uci:cmd=/tmp/p/engine,movetime=200' --games 2",
            "  oware export runs/quick --web /tmp/site && (cd /tmp/site && python3 -m http.server)"})
final class ExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "RUN|CHECKPOINT|FILE.onnx",
            description = "A run directory (its latest checkpoint is exported), a checkpoint directory, a "
                    + "shipped player's name (strong: players/strong of the checkout), or a network of the lab's "
                    + "ONNX contract (FILE.onnx, with --encoder and --rules; docs/onnx-contract.md).")
    Path source;

    @Option(names = "--encoder", paramLabel = "TAG",
            description = "With FILE.onnx: the encoder the network reads (default: planes/1).")
    String encoder;

    @Option(names = "--rules", paramLabel = "RULES",
            description = "With FILE.onnx: the rules it plays (default: the standard rules).")
    String rules;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The bundle directory to create (must not exist, or be empty).")
    Path out;

    @Option(names = "--web", paramLabel = "DIR",
            description = "Also (or only) write a static web player here: the page, the rules and search in "
                    + "JavaScript, model.onnx and onnxruntime-web; serve it from any static host (see docs/web-player.md).")
    Path web;

    @Option(names = "--sims", paramLabel = "N",
            description = "Simulations per move when go sets no limit PUCT reads (default: "
                    + SearchSettings.DEFAULT_SIMULATIONS + ").")
    Integer sims;

    @Option(names = "--movetime", paramLabel = "MS",
            description = "Milliseconds per move when go sets no limit PUCT reads (instead of --sims).")
    Long movetime;

    @Option(names = "--name", paramLabel = "NAME",
            description = "The engine's name (UCI id name): letters, digits, . _ + - (default: OwareLab-RUN-step-N).")
    String name;

    @Option(names = "--platform", paramLabel = "PLATFORM", defaultValue = OnnxNatives.ALL,
            description = "Keep only the ONNX Runtime natives of one platform: linux-x64, linux-aarch64, "
                    + "osx-aarch64 or win-x64 (default: ${DEFAULT-VALUE}, every one of them).")
    String platform;

    @Override
    public Integer call() throws IOException {
        try {
            if (out == null && web == null) {
                throw new ExportException("give --out DIR (the engine bundle), --web DIR (the web player), or both");
            }
            SearchSettings search = SearchSettings.of(sims, movetime);
            if (BundleWriter.isOnnxFile(source)) {
                if (web != null || out == null) {
                    throw new ExportException("FILE.onnx exports an engine bundle (--out DIR); --web takes a run or "
                            + "checkpoint");
                }
                Path dir = BundleWriter.writeOnnx(new BundleWriter.Options(source, out, search, name, platform), encoder,
                        rules);
                spec.commandLine().getOut().printf("exported %s to %s (%s)%n", source, dir, megabytes(dir));
                spec.commandLine().getOut().flush();
                return 0;
            }
            if (encoder != null || rules != null) {
                throw new ExportException("--encoder and --rules go with a FILE.onnx source (a checkpoint records its "
                        + "own)");
            }
            Path from = source;
            if (!Files.exists(source) && Players.isPlayer(source.toString())) {
                from = Players.checkpoint(source.toString());
                if (name == null) {
                    name = "OwareLab-" + source;
                }
            }
            if (web != null) {
                Path site = WebSite.write(new WebSite.Options(from, web, search, name, null));
                spec.commandLine().getOut().printf("web player of %s in %s (%s)%n", source, site, megabytes(site));
            }
            if (out != null) {
                Path dir = BundleWriter.write(new BundleWriter.Options(from, out, search, name, platform));
                spec.commandLine().getOut().printf("exported %s to %s (%s)%n", source, dir, megabytes(dir));
            }
            spec.commandLine().getOut().flush();
            return 0;
        } catch (ExportException | CheckpointException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private static String megabytes(Path dir) throws IOException {
        long bytes = 0;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                bytes += Files.size(p);
            }
        }
        return String.format("%.1f MB", bytes / 1e6);
    }
}
