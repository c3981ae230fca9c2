package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;

/**
 * Issue 20, finding 9: the pages run under a Content-Security-Policy. {@link WebTest} fails any
 * browser test whose page the policy blocked something of; this shows that check sees a violation
 * when there is one (an inline script, which the policy refuses), and that the lobby then still
 * works.
 */
class WebCspTest extends WebTest {
    @Test
    void theBrowserEnforcesThePolicyAndTheCheckSeesAViolation() {
        // a browser of the pool, not one the test's end checks (the violation is this test's
        // point); its release drains the console as for any other test
        Browser b = Browser.lease(Browser.DESKTOP);
        try {
            b.driver.get(url("/"));
            waitFor(b.driver, d -> !d.findElements(By.cssSelector("body *")).isEmpty());
            ((JavascriptExecutor) b.driver)
                    .executeScript(
                            "const s = document.createElement('script'); s.textContent = 'window.injected = true';"
                                    + "document.body.appendChild(s);");
            Object injected =
                    ((JavascriptExecutor) b.driver)
                            .executeScript("return window.injected === true;");
            assertThat(injected).as("the inline script was blocked").isEqualTo(false);
            assertThat(b.cspViolations()).as("and the check sees it").isNotEmpty();
        } finally {
            b.release(origins());
        }
    }
}
