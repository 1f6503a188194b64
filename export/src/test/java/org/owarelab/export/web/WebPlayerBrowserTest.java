package org.owarelab.export.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.owarelab.play.web.PlayPages;
import org.owarelab.env.Encoders;
import org.owarelab.export.SearchSettings;
import org.owarelab.model.DeviceChoice;
import org.owarelab.model.NetworkSpec;
import org.owarelab.model.PolicyValueNet;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;
import org.owarelab.agents.puct.LevelsFile;
import org.owarelab.agents.puct.StrengthLevels;
import org.owarelab.training.nn.CheckpointWriter;

/**
 * The static web player in Debian's headless Chromium (its own chromedriver, never a downloaded
 * one), loaded from a plain static file server on 127.0.0.1 (no Java game server: the rules and
 * search run in the page). Every request but to that server is refused by Chromium's host rules,
 * so the game proves the page needs nothing else. Plays North for one agent move and an undo,
 * then a whole game as South against the in-browser player, checking every drawn board against
 * the Java rules, the capture mark, the agent's value and PV and the thinking state. Skipped, with
 * a message, only where {@code /usr/bin/chromium} is not installed. Then the same at a phone's
 * size, played by keys. Leaves screenshots in {@code target/web-player.png} and
 * {@code web-player-phone.png} (docs/ holds copies).
 */
@Tag("browser")
class WebPlayerBrowserTest {
    @TempDir
    Path tmp;

    @Test
    void aWholeGameAgainstTheInBrowserPlayerFromAStaticServer() throws Exception {
        PlayPages.assumeBrowser();
        Path checkpoint = tmp.resolve("run/checkpoints/step-00000003");
        Files.createDirectories(checkpoint.getParent());
        try (PolicyValueNet net = PolicyValueNet.create(NetworkSpec.mlp(32, 32), Encoders.create("compact", RuleSet.DEFAULT),
                3, DeviceChoice.CPU)) {
            CheckpointWriter.save(checkpoint, net, 3);
        }
        // Calibrated levels beside the checkpoint (as players/strong has them): player.json carries them.
        new LevelsFile("strong", "random", "test", "2026-12-02", new StrengthLevels(List.of(
                new StrengthLevels.Level(100, 40, 160, 1, 4), new StrengthLevels.Level(700, 650, 750, 3, 0))), List.of())
                .write(checkpoint.resolve(LevelsFile.FILE));
        Path site = WebSite.write(new WebSite.Options(tmp.resolve("run"), tmp.resolve("site"), SearchSettings.of(24, null),
                "BrowserNet", null));
        try (StaticFiles server = new StaticFiles(site)) {
            WebDriver driver = PlayPages.chrome(tmp.resolve("profile"),
                    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1");
            try {
                play(driver, server.url());
                playLevels(driver);
                playOnAPhone(driver);
            } finally {
                driver.quit();
            }
            Set<String> files = server.requested.stream().collect(Collectors.toSet());
            assertEquals(Set.of("/", "/style.css", "/app.js", "/view.js", "/port.js", "/rules.js", "/worker.js", "/player.json", "/search.js",
                    "/network.js", "/encoder.js", "/model.onnx", "/ort/ort.wasm.bundle.min.mjs",
                    "/ort/ort-wasm-simd-threaded.wasm"), files,
                    "the site's own files, each from the static server (no favicon.ico: the icon is inline)");
        }
    }

    private static void play(WebDriver driver, String url) throws Exception {
        // Generous upper bounds on each wait (a loaded machine); the test waits for states, never sleeps.
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(120));
        driver.get(url);
        wait.until(d -> PlayPages.state(d).equals("human"));
        // the worker has loaded the model (or says why not)
        wait.until(d -> d.findElement(By.id("agent")).getText().contains("BrowserNet")
                || !d.findElement(By.id("error")).getText().isEmpty());
        assertEquals("", driver.findElement(By.id("error")).getText());
        assertEquals("24", driver.findElement(By.id("amount")).getDomProperty("value"), "the exported simulations");
        // a plain header: the name and how it was made; the internals only on demand
        assertEquals("BrowserNet", driver.findElement(By.id("agent")).getText());
        assertTrue(driver.findElement(By.id("trained")).getText().contains("for 3 learner steps"),
                driver.findElement(By.id("trained")).getText());
        assertFalse(driver.findElement(By.id("details")).isDisplayed(), "details closed");
        driver.findElement(By.cssSelector("#about summary")).click();
        assertTrue(driver.findElement(By.id("details")).getText().contains("mlp"), driver.findElement(By.id("details")).getText());
        driver.findElement(By.cssSelector("#about summary")).click();
        PlayPages.assertBoardDrawn(driver, new Board(), "south");

        // North: the agent opens, searching for 1.5 s, shown as thinking; then undo is refused (no human move yet)
        new Select(driver.findElement(By.id("limit"))).selectByValue("time");
        setAmount(driver, "1500");
        new Select(driver.findElement(By.id("side"))).selectByValue("north");
        driver.findElement(By.id("new")).click();
        wait.until(d -> PlayPages.state(d).equals("thinking"));
        assertTrue(driver.findElement(By.id("status")).getText().startsWith("Agent is thinking"));
        assertTrue(driver.findElement(By.tagName("body")).getDomAttribute("class").contains("thinking"));
        wait.until(d -> PlayPages.state(d).equals("human"));
        String opening = PlayPages.moves(driver);
        assertEquals(1, opening.length());
        assertReply(driver, opening.charAt(0));
        Board b = new Board();
        Moves.playAll(b, opening);
        PlayPages.assertBoardDrawn(driver, b, "north");
        assertFalse(driver.findElement(By.id("undo")).isEnabled());

        // one human move, the reply (24 simulations), then undo back to the agent's opening
        new Select(driver.findElement(By.id("limit"))).selectByValue("sims");
        setAmount(driver, "24");
        PlayPages.house(driver, String.valueOf(b.legalLetters().charAt(0))).click();
        wait.until(d -> PlayPages.state(d).equals("human") && PlayPages.moves(d).length() == 3 || PlayPages.state(d).equals("over"));
        Board after = new Board();
        Moves.playAll(after, PlayPages.moves(driver));
        PlayPages.assertBoardDrawn(driver, after, "north");
        driver.findElement(By.id("undo")).click();
        wait.until(d -> PlayPages.moves(d).equals(opening) && PlayPages.state(d).equals("human"));
        PlayPages.assertBoardDrawn(driver, b, "north");

        // a whole game as South: the first legal house each turn until the game ends
        new Select(driver.findElement(By.id("side"))).selectByValue("south");
        driver.findElement(By.id("new")).click();
        wait.until(d -> PlayPages.moves(d).isEmpty() && PlayPages.state(d).equals("human"));
        boolean captureShown = false;
        for (int turn = 0; turn < 400 && !PlayPages.state(driver).equals("over"); turn++) {
            String before = PlayPages.moves(driver);
            Board now = new Board();
            Moves.playAll(now, before);
            PlayPages.house(driver, String.valueOf(now.legalLetters().charAt(0))).click();
            wait.until(d -> !PlayPages.moves(d).equals(before) && (PlayPages.state(d).equals("human") || PlayPages.state(d).equals("over")));
            String played = PlayPages.moves(driver);
            Board drawn = new Board();
            Moves.playAll(drawn, played); // the agent's moves are legal under the Java rules
            PlayPages.assertBoardDrawn(driver, drawn, "south");
            if (played.length() > before.length() + 1) {
                assertReply(driver, played.charAt(played.length() - 1));
            }
            if (drawn.lastCaptured() > 0) {
                assertTrue(driver.findElement(By.id("last")).getText().contains("capturing " + drawn.lastCaptured()),
                        driver.findElement(By.id("last")).getText());
                assertFalse(driver.findElements(By.cssSelector(".house.captured")).isEmpty(), "captured houses marked");
                if (!captureShown) {
                    PlayPages.assertEvalBar(driver);
                    PlayPages.screenshot(driver, "web-player");
                    captureShown = true;
                }
            }
        }
        assertEquals("over", PlayPages.state(driver), "the game ended within 400 turns");
        Board end = new Board();
        Moves.playAll(end, PlayPages.moves(driver));
        assertTrue(end.isOver());
        String status = driver.findElement(By.id("status")).getText();
        assertTrue(status.startsWith("Game over (" + end.endReason().name() + ")"), status);
        assertTrue(status.contains("south " + end.finalStore(0) + " - north " + end.finalStore(1)), status);
        assertTrue(captureShown, "some move of the game captured and the page marked it");
        assertEquals("", driver.findElement(By.id("error")).getText());
    }

    /**
     * The same page at a phone's size, played by keys: n starts a game, a key sows, u undoes; then a
     * whole game by keys, every board checked, with nothing wider than the screen.
     */
    private static void playOnAPhone(WebDriver driver) throws Exception {
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(120));
        PlayPages.viewport(driver, PlayPages.PHONE);
        new Select(driver.findElement(By.id("side"))).selectByValue("south");
        ((JavascriptExecutor) driver).executeScript("document.activeElement.blur()");
        new Actions(driver).sendKeys("n").perform();
        wait.until(d -> PlayPages.moves(d).isEmpty() && PlayPages.state(d).equals("human"));
        PlayPages.assertFitsWidth(driver);
        new Actions(driver).sendKeys("c").perform();
        wait.until(d -> PlayPages.moves(d).length() == 2 && PlayPages.state(d).equals("human"));
        assertEquals('C', PlayPages.moves(driver).charAt(0), "key c sows South's third house");
        new Actions(driver).sendKeys("u").perform();
        wait.until(d -> PlayPages.moves(d).isEmpty() && PlayPages.state(d).equals("human"));
        assertTrue(PlayPages.playByKeys(driver, "south", 400, true, Duration.ofSeconds(120)), "a capture");
        PlayPages.assertFitsWidth(driver);
        PlayPages.screenshot(driver, "web-player-phone");
        PlayPages.playByKeys(driver, "south", 400, false, Duration.ofSeconds(120));
        assertEquals("over", PlayPages.state(driver), "the game ended within 400 turns");
        assertEquals("", driver.findElement(By.id("error")).getText());
    }

    /**
     * The level selector: the card's levels by Elo and interval; a chosen level searches its
     * simulations (and draws its moves at its temperature) in the page. Leaves
     * {@code target/web-player-levels.png}.
     */
    private static void playLevels(WebDriver driver) throws Exception {
        assertEquals(List.of("full strength", "Level 1: Elo 100 [40, 160]", "Level 2: Elo 700 [650, 750]"),
                new Select(driver.findElement(By.id("level"))).getOptions().stream().map(WebElement::getText).toList());
        PlayPages.playLevel(driver, 700, 3, Duration.ofSeconds(120));
        PlayPages.playLevel(driver, 100, 1, Duration.ofSeconds(120));
        PlayPages.screenshot(driver, "web-player-levels");
        new Select(driver.findElement(By.id("level"))).selectByValue("");
        new WebDriverWait(driver, Duration.ofSeconds(120)).until(d -> d.findElement(By.id("limit")).isEnabled()
                && PlayPages.state(d).equals("human"));
    }

    private static void setAmount(WebDriver driver, String value) {
        WebElement amount = driver.findElement(By.id("amount"));
        amount.clear();
        amount.sendKeys(value);
    }

    private static void assertReply(WebDriver driver, char move) {
        String reply = driver.findElement(By.id("reply")).getText();
        assertTrue(reply.startsWith("played " + move + ", value "), reply);
        assertTrue(reply.contains("PV " + move), reply);
    }
}
