package org.owarelab.play.serve;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.owarelab.agents.AgentRegistry;
import org.owarelab.agents.builtin.BuiltInAgents;
import org.owarelab.play.web.PlayPages;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;
import org.owarelab.rules.RuleSet;

/**
 * The play page in a real headless browser: Debian's Chromium driven through its own
 * chromedriver (never a downloaded one). Skipped, with a message saying so, only where
 * {@code /usr/bin/chromium} is not installed (Chromium without {@code /usr/bin/chromedriver}
 * fails, naming the package); {@code .ci/run} installs both, so CI runs this.
 * Then the same page at a phone's size, as North, played by keys with the page's search control
 * set. Leaves screenshots in {@code target/serve-page.png} and {@code serve-page-phone.png}
 * (docs/ holds copies).
 */
@Tag("browser")
class PlayPageBrowserTest {
    @TempDir
    Path profile;

    @Test
    void aHumanMoveAndTheAgentsReplyAppearAndAnIllegalClickIsRefused() throws Exception {
        PlayPages.assumeBrowser();
        try (AgentRegistry agents = BuiltInAgents.registry();
                PlayServer server = PlayServer.start(agents, "alphabeta:depth=4", RuleSet.DEFAULT, 3,
                        InetAddress.getLoopbackAddress(), 0)) {
            WebDriver driver = PlayPages.chrome(profile);
            try {
                play(driver, "http://127.0.0.1:" + server.port() + "/");
                playOnAPhone(driver);
            } finally {
                driver.quit();
            }
        }
    }

    /**
     * The level selector of an agent with calibrated levels: each level listed by its Elo and
     * interval, choosing one starts a game the server plays at it; full strength gives the limit
     * back. Leaves {@code target/serve-page-levels.png}.
     */
    @Test
    void theLevelSelectorListsTheLevelsAndTheServerPlaysTheChosenOne() throws Exception {
        PlayPages.assumeBrowser();
        try (AgentRegistry agents = PlayLevelsTest.registry();
                PlayServer server = PlayServer.start(agents, "net", RuleSet.DEFAULT, 3, InetAddress.getLoopbackAddress(), 0)) {
            WebDriver driver = PlayPages.chrome(profile);
            try {
                WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60));
                driver.get("http://127.0.0.1:" + server.port() + "/");
                wait.until(d -> d.findElement(By.id("status")).getText().startsWith("Your move"));
                assertTrue(driver.findElement(By.id("levels")).isDisplayed());
                assertEquals(java.util.List.of("full strength", "Level 1: Elo 100 [40, 160]", "Level 2: Elo 700 [650, 750]"),
                        new Select(driver.findElement(By.id("level"))).getOptions().stream().map(WebElement::getText).toList());
                PlayPages.playLevel(driver, 700, 8, Duration.ofSeconds(60));
                PlayPages.playLevel(driver, 100, 1, Duration.ofSeconds(60));
                PlayPages.screenshot(driver, "serve-page-levels");
                new Select(driver.findElement(By.id("level"))).selectByValue("");
                wait.until(d -> d.findElement(By.id("limit")).isEnabled());
            } finally {
                driver.quit();
            }
        }
    }

    private static void play(WebDriver driver, String url) throws Exception {
        // Generous upper bounds on each wait (a loaded machine); the test waits for states, never sleeps.
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60));
        driver.get(url);
        wait.until(d -> d.findElement(By.id("status")).getText().startsWith("Your move"));
        assertFalse(driver.findElement(By.id("levels")).isDisplayed(), "alpha-beta has no calibrated levels");
        assertEquals(6, driver.findElements(By.cssSelector("#row-bottom .house.legal")).size());
        assertEquals("A", driver.findElements(By.cssSelector("#row-bottom .house")).get(0).getDomAttribute("data-letter"));
        assertEquals("f", driver.findElements(By.cssSelector("#row-top .house")).get(0).getDomAttribute("data-letter"));

        // an illegal click (the agent's house) is refused and nothing is played
        PlayPages.house(driver, "a").click();
        wait.until(d -> d.findElement(By.id("error")).getText().contains("a is not a legal move here"));
        assertEquals("", PlayPages.moves(driver));

        // a human move and the agent's reply
        PlayPages.house(driver, "C").click();
        wait.until(d -> PlayPages.moves(d).length() == 2);
        String played = PlayPages.moves(driver);
        assertEquals('C', played.charAt(0));
        Board b = new Board(RuleSet.DEFAULT);
        Moves.playAll(b, played);
        assertBoardDrawn(driver, b);
        String reply = driver.findElement(By.id("reply")).getText();
        assertTrue(reply.startsWith("played " + played.charAt(1) + ", value "), reply);
        assertTrue(reply.contains("PV " + played.charAt(1)), reply);
        assertTrue(driver.findElement(By.id("last")).getText().startsWith("Agent played " + played.charAt(1)));
        assertTrue(PlayPages.house(driver, String.valueOf(played.charAt(1))).getDomAttribute("class").contains("last"));
        assertEquals("", driver.findElement(By.id("error")).getText());

        // a house of the human's that is not legal now (C was just emptied) is refused too
        if (!b.isLegal(2)) {
            PlayPages.house(driver, "C").click();
            wait.until(d -> d.findElement(By.id("error")).getText().contains("C is not a legal move here"));
            assertEquals(played, PlayPages.moves(driver));
        }

        // undo returns to the start; then the first legal house each turn until a move captures,
        // which the page must mark (the screenshot then shows one)
        driver.findElement(By.id("undo")).click();
        wait.until(d -> PlayPages.moves(d).isEmpty());
        assertBoardDrawn(driver, new Board(RuleSet.DEFAULT));
        boolean captured = false;
        for (int turn = 0; turn < 30 && !captured; turn++) {
            String before = PlayPages.moves(driver);
            Board now = new Board(RuleSet.DEFAULT);
            Moves.playAll(now, before);
            if (now.isOver()) {
                break;
            }
            PlayPages.house(driver, String.valueOf(now.legalLetters().charAt(0))).click();
            wait.until(d -> !PlayPages.moves(d).equals(before));
            String after = PlayPages.moves(driver);
            Board b2 = new Board(RuleSet.DEFAULT);
            for (int i = 0; i < after.length(); i++) {
                b2.play(Moves.parse(b2, after.charAt(i)));
                if (b2.lastCaptured() > 0 && i == after.length() - 1) {
                    captured = true;
                }
            }
            assertBoardDrawn(driver, b2);
        }
        assertTrue(captured, "a capture within 30 turns of this seeded line");
        assertTrue(driver.findElement(By.id("last")).getText().contains("capturing"),
                driver.findElement(By.id("last")).getText());
        assertTrue(driver.findElements(By.cssSelector(".house.captured")).size() > 0);
        PlayPages.assertEvalBar(driver);
        PlayPages.screenshot(driver, "serve-page");
    }

    /**
     * The same page at a phone's size, as North, with the agent held to 2 ms a move by the page's
     * search control, played by keys until a capture; every board checked, nothing wider than
     * the screen.
     */
    private static void playOnAPhone(WebDriver driver) throws Exception {
        WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(60));
        PlayPages.viewport(driver, PlayPages.PHONE);
        new Select(driver.findElement(By.id("limit"))).selectByValue("time");
        WebElement amount = driver.findElement(By.id("amount"));
        amount.clear();
        amount.sendKeys("2");
        new Select(driver.findElement(By.id("side"))).selectByValue("north");
        driver.findElement(By.id("new")).click();
        wait.until(d -> PlayPages.moves(d).length() == 1 && d.findElement(By.tagName("body")).getDomAttribute("data-state")
                .equals("human"));
        Board b = new Board(RuleSet.DEFAULT);
        Moves.playAll(b, PlayPages.moves(driver));
        PlayPages.assertBoardDrawn(driver, b, "north");
        assertEquals("a", driver.findElements(By.cssSelector("#row-bottom .house")).get(0).getDomAttribute("data-letter"));
        PlayPages.assertFitsWidth(driver);
        assertTrue(PlayPages.playByKeys(driver, "north", 60, true, Duration.ofSeconds(60)), "a capture within 60 turns");
        PlayPages.assertFitsWidth(driver);
        PlayPages.screenshot(driver, "serve-page-phone");
    }

    private static void assertBoardDrawn(WebDriver driver, Board b) {
        PlayPages.assertBoardDrawn(driver, b, "south");
    }
}
