package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Bot;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedCondition;
import org.openqa.selenium.support.ui.WebDriverWait;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Base of the browser tests: the whole app on a random port (one shared context) and headless
 * Chromium.
 */
@Tag("browser")
abstract class WebTest extends AppTest {
    static final Duration WAIT = Duration.ofSeconds(15);

    /** How often a wait looks at the page again ({@link #waitFor}). */
    static final Duration POLL = Duration.ofMillis(250);

    @LocalServerPort int port;
    Api api;
    Bot bot;
    private final List<Browser> browsers = new ArrayList<>();

    /** Fails the class at once when the browser is required and missing. */
    @BeforeAll
    static void needsChromium() {
        String missing = Browser.missing();
        if (missing != null && Browser.required()) {
            fail("BROWSER TESTS CANNOT RUN: " + missing + " (DUELHALL_REQUIRE_BROWSER=true)");
        }
    }

    /** Otherwise each test is skipped (and counted as skipped) with a loud message. */
    @BeforeEach
    void setUpApi() {
        String missing = Browser.missing();
        if (missing != null) {
            String message = "BROWSER TEST SKIPPED: " + missing;
            System.err.println(
                    "\n" + "!".repeat(100) + "\n!!! " + message + "\n" + "!".repeat(100) + "\n");
            Assumptions.abort(message);
        }
        api = new Api(port);
        bot = new Bot(api, 11);
    }

    @AfterEach
    void closeBrowsers() {
        release(browsers.toArray(new Browser[0]));
    }

    /**
     * Gives {@code used} back to the pool, checked as at the end of a test: a test that works
     * through several cases in turn (WebTableTest's rulesets) releases each case's browsers before
     * the next, so the next case leases the same Chromium processes instead of starting new ones
     * beyond the pool's size.
     */
    void release(Browser... used) {
        try {
            // the pages run under the server's Content-Security-Policy (SecurityHeaders): nothing
            // of theirs is blocked
            for (Browser b : used) {
                org.assertj.core.api.Assertions.assertThat(b.cspViolations())
                        .as("CSP violations")
                        .isEmpty();
            }
        } finally {
            for (Browser b : used) {
                browsers.remove(b);
                b.release(origins());
            }
        }
    }

    /** The app's origins, whose storage a browser's release clears. */
    String[] origins() {
        return new String[] {"http://localhost:" + port, "http://127.0.0.1:" + port};
    }

    /** A browser of this JVM's pool ({@link Browser#lease}), released after the test. */
    Browser browser(Dimension size) {
        Browser b = Browser.lease(size);
        browsers.add(b);
        return b;
    }

    String url(String path) {
        return "http://localhost:" + port + path;
    }

    static <T> T waitFor(WebDriver driver, Duration timeout, ExpectedCondition<T> condition) {
        // a page that draws a list again while the condition reads it is no failure: read it again.
        // Every look is a WebDriver round trip (the test JVM, chromedriver, Chromium running the
        // page's script): looking every 100 ms instead of every 20 ms took the browser tests from
        // 439 to 388 and from 350 to 321 core-seconds of the machine's CPU in two paired runs, and
        // from 306 to 284 and 265 to 245 s (issue 47, docs/testing.md round 12); every 250 ms
        // instead of 100 ms (round 16): a look costs the test JVM, chromedriver, Chromium's
        // browser process (its DevTools) and the page's main thread each time
        return new WebDriverWait(driver, timeout, POLL)
                .ignoring(org.openqa.selenium.StaleElementReferenceException.class)
                .until(condition);
    }

    static <T> T waitFor(WebDriver driver, ExpectedCondition<T> condition) {
        return waitFor(driver, WAIT, condition);
    }

    /**
     * The number shown for {@code meter} (HULL … LIFE_SUPPORT, ENERGY, HEAT) of ship {@code seat}
     * on the board.
     */
    static int shown(WebDriver driver, String seat, String meter) {
        return Integer.parseInt(
                driver.findElement(
                                By.cssSelector(
                                        "#board .ship[data-seat='"
                                                + seat
                                                + "'] [data-meter='"
                                                + meter
                                                + "'] .num"))
                        .getText()
                        .trim());
    }

    static String count(WebDriver driver, String seat, String count) {
        return driver.findElement(
                        By.cssSelector(
                                "#board .ship[data-seat='"
                                        + seat
                                        + "'] [data-count='"
                                        + count
                                        + "'] dd"))
                .getText()
                .trim();
    }

    /**
     * The view version a game's table shows (#state's data-version: the element stays, its
     * attribute changes); -1 while it is drawn again.
     */
    static long shownVersion(WebDriver d) {
        try {
            String v = d.findElement(By.id("state")).getDomAttribute("data-version");
            return v == null || v.isBlank() ? -1 : Long.parseLong(v.trim());
        } catch (org.openqa.selenium.StaleElementReferenceException
                | org.openqa.selenium.NoSuchElementException e) {
            return -1;
        }
    }

    /** The version a table's summary shows; -1 while it is drawn again or not yet. */
    static long summaryVersion(WebDriver d) {
        try {
            java.util.List<org.openqa.selenium.WebElement> v =
                    d.findElements(By.cssSelector("#summary [data-field='version']"));
            return v.isEmpty() ? -1 : Long.parseLong(v.get(0).getText().trim());
        } catch (org.openqa.selenium.StaleElementReferenceException e) {
            return -1; // drawn again as it was read: the next look sees the new one
        }
    }

    static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    static long boardVersion(WebDriver driver) {
        String v = driver.findElement(By.id("board")).getDomAttribute("data-version");
        return v == null ? -1 : Long.parseLong(v);
    }

    /** Waits until the board shows at least event {@code version}. */
    static void boardAt(WebDriver driver, long version, Duration timeout) {
        waitFor(driver, timeout, d -> boardVersion(d) >= version);
    }

    /** Everything the board shows of a view, as text, to compare a page with an API answer. */
    static String numbers(WebDriver driver) {
        StringBuilder out = new StringBuilder();
        for (WebElement ship : driver.findElements(By.cssSelector("#board .ship"))) {
            out.append(ship.getDomAttribute("data-seat")).append(':');
            for (WebElement m : ship.findElements(By.cssSelector("[data-meter]"))) {
                out.append(m.getDomAttribute("data-meter"))
                        .append('=')
                        .append(m.findElement(By.cssSelector(".num")).getText().trim());
                List<WebElement> pending = m.findElements(By.cssSelector(".value .pending"));
                out.append(
                                pending.isEmpty()
                                        ? ""
                                        : "+" + pending.get(0).getDomAttribute("data-pending"))
                        .append(' ');
            }
            for (WebElement c : ship.findElements(By.cssSelector("[data-count]"))) {
                out.append(c.getDomAttribute("data-count"))
                        .append('=')
                        .append(c.findElement(By.tagName("dd")).getText().trim())
                        .append(' ');
            }
            out.append("drones=")
                    .append(ship.findElements(By.cssSelector("[data-zone='drones'] .chip")).size())
                    .append(" inPlay=")
                    .append(ship.findElements(By.cssSelector("[data-zone='in-play'] .chip")).size())
                    .append(" field=")
                    .append(ship.findElements(By.cssSelector("[data-zone='field'] .chip")).size())
                    .append('\n');
        }
        out.append(driver.findElement(By.cssSelector("#board [data-field='turn']")).getText());
        return out.toString();
    }

    /** The same text, from a view of the API. */
    static String numbers(JsonNode view) {
        StringBuilder out = new StringBuilder();
        for (String seat : new String[] {"A", "B"}) {
            JsonNode s = view.at("/seats/" + seat);
            if (s.isMissingNode() || s.isNull()) {
                continue;
            }
            out.append(seat).append(':');
            for (String sub :
                    new String[] {
                        "HULL", "SHIELD", "REACTOR", "WEAPONS", "ENGINES", "LIFE_SUPPORT"
                    }) {
                out.append(sub)
                        .append('=')
                        .append(s.at("/subsystems/" + sub + "/value").asInt())
                        .append(' ');
            }
            out.append("ENERGY=").append(s.at("/energy/value").asInt()).append(' ');
            int pending = s.at("/heat/pending").asInt();
            out.append("HEAT=")
                    .append(s.at("/heat/value").asInt())
                    .append(pending > 0 ? "+" + pending : "")
                    .append(' ');
            int zero = s.get("lifeSupportZeroTurns").asInt();
            out.append("hand=")
                    .append(s.get("handCount").asInt())
                    .append('/')
                    .append(s.get("maxHandSize").asInt())
                    .append(' ')
                    .append("deck=")
                    .append(s.get("deckCount").asInt())
                    .append(' ')
                    .append("discard=")
                    .append(s.get("discard").size())
                    .append(' ')
                    .append("exile=")
                    .append(s.get("exileCount").asInt())
                    .append(' ')
                    .append("ls-zero=")
                    .append(zero)
                    .append(zero == 1 ? " turn" : " turns")
                    .append(' ')
                    .append("drones=")
                    .append(s.get("drones").size())
                    .append(" inPlay=")
                    .append(s.get("inPlay").size())
                    .append(" field=")
                    .append(s.get("field").isNull() ? 0 : 1)
                    .append('\n');
        }
        out.append("Turn ").append(view.get("turn").asInt());
        return out.toString();
    }
}
