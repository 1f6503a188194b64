package org.owarelab.training.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * What makes a run reproducible besides its config: the seed, the versions of the lab, Java and
 * DJL, the git commit of the sources (and whether they had uncommitted changes), the machine.
 * Saved as {@code run.json} in every run directory.
 */
public final class RunInfo {
    private RunInfo() {
    }

    /** The metadata of a run started now with {@code seed}. */
    public static Map<String, Object> describe(long seed, String command) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("format", 1);
        m.put("seed", seed);
        m.put("command", command);
        m.put("started", Instant.now().toString());
        m.put("owareVersion", version(RunInfo.class, "development build"));
        m.put("djlVersion", ai.djl.engine.Engine.getDjlVersion());
        m.put("java", System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")");
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
        m.put("cpus", Runtime.getRuntime().availableProcessors());
        Path home = home();
        m.put("gitCommit", git(home, "rev-parse", "HEAD"));
        String status = git(home, "status", "--porcelain", "--untracked-files=no");
        m.put("gitDirty", status == null ? null : !status.isBlank());
        return m;
    }

    private static String version(Class<?> c, String fallback) {
        String v = c.getPackage() == null ? null : c.getPackage().getImplementationVersion();
        return v == null ? fallback : v;
    }

    /** The source tree: {@code -Doware.home} (set by the launcher), else the working directory. */
    static Path home() {
        String h = System.getProperty("oware.home");
        return Path.of(h == null ? "." : h);
    }

    /** The trimmed output of a git command in {@code dir}, or null when git or the repository is missing. */
    static String git(Path dir, String... args) {
        String[] cmd = new String[args.length + 3];
        cmd[0] = "git";
        cmd[1] = "-C";
        cmd[2] = dir.toString();
        System.arraycopy(args, 0, cmd, 3, args.length);
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).trim() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
