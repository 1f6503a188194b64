package org.owarelab.export.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.owarelab.env.Encoders;
import org.owarelab.export.SearchSettings;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.RuleSet;
import org.owarelab.training.nn.CheckpointWriter;

/**
 * The static web player when one of its files is missing or corrupt (issue 48, section 3), in
 * Debian's headless Chromium against a static server on 127.0.0.1 that serves that one file as a
 * 404 or with other bytes. Each time the page must reach a clear error state, never "thinking":
 * {@code data-state="error"}, the message naming the file and what went wrong, moves refused,
 * a retry offered; and after the file is repaired, the retry loads the player and a game goes
 * on. Waits are on states, bounded; nothing sleeps.
 */
@Tag("browser")
class WebPlayerLoadErrorsTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final String ORT = "/ort/ort.wasm.bundle.min.mjs";
    private static final String WASM = "/ort/ort-wasm-simd-threaded.wasm";
    private static final byte[] MISSING = new byte[0];

    private static Path tmp;
    private static Path site;
    private static StaticFiles server;
    private static WebDriver driver;

    @BeforeAll
    static void start() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "browser test skipped: /usr/bin/chromium is not installed "
                + "(apt-get install -y chromium chromium-driver; .ci/run does)");
        assertTrue(Files.isExecutable(CHROMEDRIVER), "Chromium is installed but not its driver: "
                + "apt-get install -y chromium-driver (.ci/run does)");
        tmp = Files.createTempDirectory("web-load-errors");
        Path checkpoint = tmp.resolve("run/checkpoints/step-00000002");
        Files.createDirectories(checkpoint.getParent());
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(16), Encoders.create("compact", RuleSet.DEFAULT),
                2, DeviceChoice.CPU)) {
            CheckpointWriter.save(checkpoint, net, 2);
        }
        site = WebSite.write(new WebSite.Options(tmp.resolve("run"), tmp.resolve("site"), SearchSettings.of(8, null),
                "RetryNet", null));
        server = new StaticFiles(site);
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--window-size=860,760", "--user-data-dir=" + tmp.resolve("profile").toAbsolutePath(),
                "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString())).usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
    }

    @AfterAll
    static void stop() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        if (server != null) {
            server.close();
        }
        if (tmp != null) {
            try (Stream<Path> s = Files.walk(tmp)) {
                s.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    /** {what, path, bytes served instead (empty: 404), what the error must say}. */
    static Stream<Arguments> damages() throws Exception {
        return Stream.of(
            Arguments.of("loader missing", ORT, MISSING, "ort/ort.wasm.bundle.min.mjs: HTTP 404"),
            Arguments.of("loader corrupt", ORT, "export const = ;".getBytes(StandardCharsets.UTF_8),
                    "ort/ort.wasm.bundle.min.mjs: not a JavaScript module"),
            Arguments.of("wasm missing", WASM, MISSING, "ort/ort-wasm-simd-threaded.wasm: HTTP 404"),
            Arguments.of("wasm cut short", WASM, "cut:4096".getBytes(StandardCharsets.UTF_8),
                    "ort/ort-wasm-simd-threaded.wasm: not valid WebAssembly (4096 bytes, starting 00 61 73 6d)"),
            Arguments.of("model missing", "/model.onnx", MISSING, "model.onnx: HTTP 404"),
            Arguments.of("model corrupt", "/model.onnx", "<!DOCTYPE html><p>moved</p>".getBytes(StandardCharsets.UTF_8),
                    "model.onnx: ONNX Runtime cannot load it"),
            Arguments.of("card missing", "/player.json", MISSING, "player.json: HTTP 404"),
            Arguments.of("card corrupt", "/player.json", "{\"rules\": ".getBytes(StandardCharsets.UTF_8),
                    "player.json: not valid JSON"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damages")
    void aFileThatDoesNotLoadLeavesAClearErrorAndARetryThatWorks(String what, String path, byte[] bytes,
            String expected) throws Exception {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith("cut:")) { // the file's own first bytes: the right magic word, then nothing
            bytes = Arrays.copyOf(Files.readAllBytes(site.resolve(path.substring(1))), Integer.parseInt(text.substring(4)));
        }
        server.damage(path, bytes);
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60));
        try {
            driver.get(server.url());
            wait.until(d -> !state(d).equals("loading"));
            assertEquals("error", state(driver), what + ": " + error(driver));
            System.out.println(what + ": " + error(driver)); // the messages, for docs/web-player.md
            assertEquals("Cannot load the player: " + expected, error(driver).substring(0,
                    Math.min(error(driver).length(), ("Cannot load the player: " + expected).length())), error(driver));
            assertFalse(error(driver).contains("undefined") || error(driver).contains("null"), error(driver));
            assertTrue(driver.findElement(By.id("retry")).isDisplayed(), "a retry is offered");
            assertFalse(driver.findElement(By.id("new")).isEnabled(), "no new game without a player");
            assertTrue(driver.findElements(By.cssSelector(".house.legal")).isEmpty(), "no move offered");
            List<WebElement> houses = driver.findElements(By.cssSelector(".house[data-letter='C']"));
            if (!houses.isEmpty()) {
                houses.get(0).click(); // refused: the page neither plays it nor waits on the agent
            }
            assertEquals("error", state(driver), "a click changes nothing: " + error(driver));
            assertEquals("", moves(driver));
            assertTrue(error(driver).startsWith("Cannot load the player: " + expected), "the error stays: " + error(driver));
        } finally {
            server.repair();
        }
        driver.findElement(By.id("retry")).click();
        wait.until(d -> state(d).equals("human") || state(d).equals("error"));
        assertEquals("human", state(driver), "after the repair the retry loads the player: " + error(driver));
        assertEquals("", error(driver));
        assertTrue(driver.findElement(By.id("agent")).getText().contains("RetryNet"));
        assertFalse(driver.findElement(By.id("retry")).isDisplayed());
        driver.findElement(By.cssSelector(".house.legal")).click();
        wait.until(d -> moves(d).length() == 2 && state(d).equals("human"));
    }

    private static String state(WebDriver d) {
        String s = d.findElement(By.tagName("body")).getDomAttribute("data-state");
        return s == null ? "" : s;
    }

    private static String moves(WebDriver d) {
        String m = d.findElement(By.tagName("body")).getDomAttribute("data-moves");
        return m == null ? "" : m;
    }

    private static String error(WebDriver d) {
        return d.findElement(By.id("error")).getText();
    }
}
