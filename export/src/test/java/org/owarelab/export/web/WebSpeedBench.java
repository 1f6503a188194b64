package org.owarelab.export.web;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.owarelab.agents.Decision;
import org.owarelab.agents.SearchLimit;
import org.owarelab.agents.SearchMonitor;
import org.owarelab.agents.puct.PuctAgent;
import org.owarelab.agents.puct.PuctOptions;
import org.owarelab.agents.puct.PuctConfig;
import org.owarelab.agents.puct.Temperature;
import org.owarelab.env.Encoders;
import org.owarelab.export.SearchSettings;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.DjlEvaluator;
import org.owarelab.model.ModelRef;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.nn.CheckpointWriter;

/**
 * Prints the web player's simulations per second at a time limit per move in headless Chromium,
 * next to the Java engine's (PUCT over DJL, the clock's batch of {@value PuctAgent#AUTO_BATCH}
 * leaves) on the same positions, one run on one machine. A benchmark, not a check: it asserts only
 * that both searched. Tagged slow (not in the default test run); run it on a quiet machine:
 * <pre>
 * mvn -B test -pl export -am -Dgroups=slow -Dtest.excludedGroups=none -Dtest=WebSpeedBench \
 *   -Dsurefire.failIfNoSpecifiedTests=false [-Dweb.bench.checkpoint=runs/quick] [-Dweb.bench.moves=8] \
 *   [-Dweb.bench.movetime=1000]
 * </pre>
 * Without a checkpoint it measures a fresh {@code mlp:hidden=64x64} on compact/1.
 */
@Tag("slow")
class WebSpeedBench {
    private static final Pattern REPLY = Pattern.compile("(\\d+) simulations, (\\d+) ms");

    @TempDir
    Path tmp;

    @Test
    void browserAndJavaSimulationsPerSecond() throws Exception {
        int moves = Integer.getInteger("web.bench.moves", 8);
        int movetime = Integer.getInteger("web.bench.movetime", 1000);
        Path source = checkpoint();
        Path site = WebSite.write(new WebSite.Options(source, tmp.resolve("site"), SearchSettings.of(null, (long) movetime),
                "Bench", null));
        System.setProperty("webdriver.chrome.driver", "/usr/bin/chromedriver");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(new File("/usr/bin/chromium"));
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--no-first-run", "--user-data-dir=" + tmp.resolve("profile").toAbsolutePath());
        List<String> positions = new ArrayList<>();
        List<long[]> browser = new ArrayList<>();
        try (StaticFiles server = new StaticFiles(site)) {
            WebDriver driver = new ChromeDriver(new ChromeDriverService.Builder()
                    .usingDriverExecutable(new File("/usr/bin/chromedriver")).usingAnyFreePort().build(), options);
            try {
                WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(120));
                driver.get(server.url());
                wait.until(d -> d.findElement(By.id("agent")).getText().contains("Bench") && state(d).equals("human"));
                new Select(driver.findElement(By.id("limit"))).selectByValue("time");
                WebElement amount = driver.findElement(By.id("amount"));
                amount.clear();
                amount.sendKeys(String.valueOf(movetime));
                for (int i = 0; i < moves && state(driver).equals("human"); i++) {
                    String before = moves(driver);
                    Board b = new Board();
                    Moves.playAll(b, before);
                    char human = b.legalLetters().charAt(0);
                    driver.findElement(By.cssSelector(".house[data-letter='" + human + "']")).click();
                    wait.until(d -> moves(d).length() > before.length() + 1 || state(d).equals("over"));
                    Matcher m = REPLY.matcher(driver.findElement(By.id("reply")).getText());
                    if (moves(driver).length() > before.length() + 1 && m.find()) {
                        positions.add(before + human);
                        browser.add(new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))});
                    }
                }
            } finally {
                driver.quit();
            }
        }
        ModelRef ref = ModelRef.resolve(source, source.toString());
        long jsSims = 0;
        long jsMs = 0;
        long javaSims = 0;
        long javaNanos = 0;
        System.out.printf("web player vs Java engine at %d ms a move (%s)%n", movetime, ref.network().spec() + " on " + ref.encoderTag());
        try (PolicyValueNet net = ref.load(DeviceChoice.CPU);
                DjlEvaluator djl = new DjlEvaluator(net, ref.encoder(), PuctAgent.AUTO_BATCH);
                PuctAgent agent = new PuctAgent("puct", ref.rules(), djl, false, PuctConfig.DEFAULT,
                        PuctOptions.DEFAULT.withTemperature(Temperature.GREEDY).withThreads(1).withTimeManaged(false),
                        1)) {
            for (int i = 0; i < positions.size(); i++) {
                Board b = new Board(ref.rules());
                Moves.playAll(b, positions.get(i));
                agent.reset(i);
                Decision d = agent.decide(b, SearchLimit.movetime(movetime), SearchMonitor.NONE);
                long[] w = browser.get(i);
                System.out.printf("  after %-20s browser %7d sims in %5d ms = %8.0f/s   java %7d sims in %5d ms = %8.0f/s%n",
                        positions.get(i), w[0], w[1], 1000.0 * w[0] / w[1], d.nodes(), d.timeNanos() / 1_000_000,
                        1e9 * d.nodes() / d.timeNanos());
                jsSims += w[0];
                jsMs += w[1];
                javaSims += d.nodes();
                javaNanos += d.timeNanos();
            }
        }
        System.out.printf("web player (headless Chromium, onnxruntime-web wasm, 1 thread): %.0f simulations/s%n",
                1000.0 * jsSims / Math.max(1, jsMs));
        System.out.printf("Java engine (PUCT over DJL, batch %d): %.0f simulations/s%n", PuctAgent.AUTO_BATCH,
                1e9 * javaSims / Math.max(1, javaNanos));
        assertTrue(jsSims > 0 && javaSims > 0, "both searched");
    }

    private Path checkpoint() throws Exception {
        String given = System.getProperty("web.bench.checkpoint");
        if (given != null && !given.isBlank()) {
            return Path.of(given);
        }
        Path ckpt = tmp.resolve("run/checkpoints/step-00000001");
        Files.createDirectories(ckpt.getParent());
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(64, 64), Encoders.create("compact", RuleSet.DEFAULT),
                5, DeviceChoice.CPU)) {
            CheckpointWriter.save(ckpt, net, 1);
        }
        return ckpt;
    }

    private static String state(WebDriver d) {
        String s = d.findElement(By.tagName("body")).getDomAttribute("data-state");
        return s == null ? "" : s;
    }

    private static String moves(WebDriver d) {
        String m = d.findElement(By.tagName("body")).getDomAttribute("data-moves");
        return m == null ? "" : m;
    }
}
