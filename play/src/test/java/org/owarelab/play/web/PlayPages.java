package org.owarelab.play.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.owarelab.rules.Board;
import org.owarelab.rules.Moves;

/**
 * What the browser tests of both play pages share (one page, so one set of checks): Debian's
 * headless Chromium, the board drawn as the Java rules have it, the page's state attributes,
 * keyboard play, the phone layout and the screenshots (target/NAME.png; docs/ holds copies).
 */
public final class PlayPages {
    public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    /** The two sizes every page is played at: a laptop's window and a phone's (an iPhone 12-14's CSS pixels). */
    public static final Dimension DESKTOP = new Dimension(1280, 800);
    public static final Dimension PHONE = new Dimension(390, 844);

    private PlayPages() {
    }

    /** Headless Chromium; {@code extra} arguments added (e.g. host rules). */
    public static ChromeDriver chrome(Path profile, String... extra) {
        System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                "--hide-scrollbars", "--window-size=" + DESKTOP.width + "," + DESKTOP.height,
                "--user-data-dir=" + profile.toAbsolutePath());
        options.addArguments(extra);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(CHROMEDRIVER.toString())).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    /** The page's viewport set to {@code size} (the window is resized until its inner size matches). */
    public static void viewport(WebDriver driver, Dimension size) {
        JavascriptExecutor js = (JavascriptExecutor) driver;
        driver.manage().window().setSize(size);
        long w = (Long) js.executeScript("return window.innerWidth");
        long h = (Long) js.executeScript("return window.innerHeight");
        driver.manage().window().setSize(new Dimension(2 * size.width - (int) w, 2 * size.height - (int) h));
    }

    /** Nothing wider than the viewport: no sideways scrolling (the phone layout works). */
    public static void assertFitsWidth(WebDriver driver) {
        JavascriptExecutor js = (JavascriptExecutor) driver;
        long scroll = (Long) js.executeScript("return document.documentElement.scrollWidth");
        long inner = (Long) js.executeScript("return window.innerWidth");
        assertTrue(scroll <= inner, "the page is " + scroll + " px wide in a " + inner + " px viewport");
        WebElement board = driver.findElement(By.id("board"));
        assertTrue(board.getRect().x >= 0 && board.getRect().x + board.getRect().width <= inner,
                "the board fits: " + board.getRect());
    }

    /** Every house's count, both stores and the highlighted legal moves as the Java rules have them. */
    public static void assertBoardDrawn(WebDriver driver, Board b, String human) {
        for (int i = 0; i < 12; i++) {
            String letter = String.valueOf(i < 6 ? (char) ('A' + i) : (char) ('a' + i - 6));
            WebElement h = house(driver, letter);
            String text = h.getText();
            assertEquals(String.valueOf(b.count(i)), text.split("\\R")[0].strip(), "house " + letter + ": " + text);
            assertEquals(Math.min(b.count(i), 15), h.findElements(By.className("seed")).size(), "seeds drawn in " + letter);
            assertTrue(h.getDomAttribute("aria-label").startsWith("house " + letter + ", " + b.count(i) + " seed"),
                    h.getDomAttribute("aria-label"));
        }
        int me = human.equals("south") ? 0 : 1;
        assertEquals(String.valueOf(b.store(me)), driver.findElement(By.id("store-bottom")).getText().split("\\R")[0].strip());
        assertEquals(String.valueOf(b.store(1 - me)), driver.findElement(By.id("store-top")).getText().split("\\R")[0].strip());
        List<WebElement> legal = driver.findElements(By.cssSelector(".house.legal"));
        assertEquals(b.isOver() || b.toMove() != me ? 0 : b.legalLetters().length(), legal.size(), "highlighted moves");
    }

    /**
     * Plays the human's first legal house each turn by its key (a-f from the human's left) until a
     * move captures or the game ends, checking every board; returns whether a capture was shown.
     * {@code stopAtCapture}: stop there (else play to the end).
     */
    public static boolean playByKeys(WebDriver driver, String human, int maxTurns, boolean stopAtCapture,
            Duration timeout) {
        WebDriverWait wait = new WebDriverWait(driver, timeout);
        ((JavascriptExecutor) driver).executeScript("document.activeElement && document.activeElement.blur()");
        boolean captured = false;
        for (int turn = 0; turn < maxTurns && !state(driver).equals("over"); turn++) {
            String before = moves(driver);
            Board now = new Board();
            Moves.playAll(now, before);
            char key = Character.toLowerCase(now.legalLetters().charAt(0));
            new Actions(driver).sendKeys(String.valueOf(key)).perform();
            wait.until(d -> !moves(d).equals(before) && (state(d).equals("human") || state(d).equals("over")));
            Board drawn = new Board();
            Moves.playAll(drawn, moves(driver)); // the agent's moves are legal under the Java rules
            assertBoardDrawn(driver, drawn, human);
            if (drawn.lastCaptured() > 0) {
                assertTrue(driver.findElement(By.id("last")).getText().contains("capturing " + drawn.lastCaptured()),
                        driver.findElement(By.id("last")).getText());
                assertFalse(driver.findElements(By.cssSelector(".house.captured")).isEmpty(), "captured houses marked");
                captured = true;
                if (stopAtCapture) {
                    break;
                }
            }
        }
        return captured;
    }

    /**
     * Chooses the level of Elo {@code elo} in the page's level selector (which starts a new game, the
     * human South), plays the first legal house and checks that the agent's reply searched the
     * level's {@code simulations} and that the limit controls are off while the level is chosen.
     */
    public static void playLevel(WebDriver driver, int elo, int simulations, Duration timeout) {
        WebDriverWait wait = new WebDriverWait(driver, timeout);
        new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("side"))).selectByValue("south");
        if (moves(driver).isEmpty()) { // a move first, so that the new game the level starts shows
            house(driver, String.valueOf(new Board().legalLetters().charAt(0))).click();
            wait.until(d -> moves(d).length() == 2 && state(d).equals("human"));
        }
        new org.openqa.selenium.support.ui.Select(driver.findElement(By.id("level"))).selectByValue(Integer.toString(elo));
        wait.until(d -> state(d).equals("human") && moves(d).isEmpty());
        assertFalse(driver.findElement(By.id("limit")).isEnabled(), "a level sets the search: the limit is off");
        assertFalse(driver.findElement(By.id("amount")).isEnabled());
        house(driver, String.valueOf(new Board().legalLetters().charAt(0))).click();
        wait.until(d -> moves(d).length() == 2 && state(d).equals("human"));
        String reply = driver.findElement(By.id("reply")).getText();
        assertTrue(reply.contains(", " + simulations + " simulations,") || reply.contains(", " + simulations + " nodes,"),
                "the level at " + elo + " searches " + simulations + ": " + reply);
    }

    /** The evaluation bar shows the human's side of the agent's value (its view, negated). */
    public static void assertEvalBar(WebDriver driver) {
        String text = driver.findElement(By.id("evaltext")).getText();
        assertTrue(text.startsWith("For you: "), text);
        String width = driver.findElement(By.id("evalfill")).getDomAttribute("style");
        assertTrue(width.matches("width: \\d+(\\.\\d)?%;"), width);
    }

    public static void screenshot(WebDriver driver, String name) throws IOException {
        byte[] png = ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES);
        Files.createDirectories(Path.of("target"));
        Files.write(Path.of("target", name + ".png"), png);
        assertTrue(png.length > 1000);
    }

    /**
     * Skips the calling test, saying why, where Chromium is not installed; fails where Chromium is
     * there without its driver (a half-installed browser is an error, not a reason to skip).
     */
    public static void assumeBrowser() {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM), "browser test skipped: "
                + "/usr/bin/chromium is not installed (apt-get install -y chromium chromium-driver; .ci/run does)");
        assertTrue(Files.isExecutable(CHROMEDRIVER), "Chromium is installed but not its driver: "
                + "apt-get install -y chromium-driver (.ci/run does)");
    }

    public static WebElement house(WebDriver driver, String letter) {
        return driver.findElement(By.cssSelector(".house[data-letter='" + letter + "']"));
    }

    public static String state(WebDriver driver) {
        String s = driver.findElement(By.tagName("body")).getDomAttribute("data-state");
        return s == null ? "" : s;
    }

    public static String moves(WebDriver driver) {
        String m = driver.findElement(By.tagName("body")).getDomAttribute("data-moves");
        return m == null ? "" : m;
    }
}
