package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WindowType;

/**
 * Issue 47: the browser tests share the Chromium processes of their JVM ({@link Browser#lease}). A
 * released browser must come back as a new one would start: no local or session storage, no
 * cookies, one tab, the size asked for, and no console messages of the test before.
 */
class WebPoolTest extends WebTest {
    @Test
    void aReleasedBrowserComesBackWithNothingOfTheTestBefore() {
        Browser b = Browser.lease(Browser.PHONE);
        b.driver.get(url("/"));
        waitFor(b.driver, d -> !d.findElements(By.cssSelector("body *")).isEmpty());
        JavascriptExecutor js = b.driver;
        js.executeScript(
                "localStorage.setItem('duelhall.player', '{\"playerToken\":\"left-over\"}');"
                        + "sessionStorage.setItem('left', 'over');"
                        + "document.cookie = 'left=over; path=/';"
                        + "console.error('left over');");
        b.driver.switchTo().newWindow(WindowType.TAB).get(url("/"));
        ((JavascriptExecutor) b.driver).executeScript("sessionStorage.setItem('second', 'tab');");
        assertThat(b.driver.getWindowHandles()).hasSize(2);
        b.release(origins());

        Browser again = Browser.lease(Browser.DESKTOP);
        try {
            assertThat(again).as("the same Chromium, from the pool").isSameAs(b);
            assertThat(again.driver.getWindowHandles()).as("one tab").hasSize(1);
            assertThat(again.driver.manage().window().getSize()).isEqualTo(Browser.DESKTOP);
            assertThat(again.driver.manage().logs().get("browser").getAll())
                    .as("no console messages of the test before")
                    .isEmpty();
            again.driver.get(url("/"));
            waitFor(again.driver, d -> !d.findElements(By.cssSelector("body *")).isEmpty());
            JavascriptExecutor js2 = again.driver;
            // the page runs as in a new browser's tab: shown and focused (a hidden tab's timers
            // are throttled, and the pages poll on timers)
            assertThat(js2.executeScript("return document.visibilityState;")).isEqualTo("visible");
            assertThat(js2.executeScript("return document.hasFocus();")).isEqualTo(true);
            assertThat(js2.executeScript("return localStorage.getItem('duelhall.player');"))
                    .isNull();
            assertThat(js2.executeScript("return sessionStorage.length;")).isEqualTo(0L);
            assertThat(js2.executeScript("return document.cookie;")).isEqualTo("");
            assertThat(again.driver.manage().getCookies()).isEmpty();
        } finally {
            again.release(origins());
        }
    }
}
