package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;

/**
 * The replay viewer: the board at step N is {@code /replay?at=N}, whichever way the step was
 * chosen.
 */
class WebReplayTest extends WebTest {

    @Test
    void theScrubberAtStepNShowsTheNumbersOfReplayAtN() {
        String[] m = api.startedMatch("Replay Ada", "Replay Bo", 0);
        String id = m[0];
        List<Res> answers = bot.playToEnd(id, Map.of("A", m[1], "B", m[2]), 3000);
        long last = answers.get(answers.size() - 1).body().get("version").asLong();
        // a step in the middle where something was played
        long n = answers.get(answers.size() / 2).body().get("version").asLong();

        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/replay.html?id=" + id + "&at=" + n));
        atStep(d, id, n);
        assertThat(d.findElement(By.id("scrubber")).getDomProperty("value"))
                .isEqualTo(String.valueOf(n));
        assertThat(d.findElement(By.id("scrubber")).getDomAttribute("max"))
                .isEqualTo(String.valueOf(last));
        assertThat(d.findElement(By.id("scrubber")).getAccessibleName()).startsWith("Step");
        b.fullScreenshot("replay.png", Browser.DESKTOP.getWidth());
        // issue 19: a step of a replay is not the match now: no LIVE, nobody badged "to act"
        assertThat(d.findElement(By.cssSelector("#board [data-field='status']")).getText())
                .isEqualTo("REPLAY");
        assertThat(d.findElements(By.cssSelector("#board .ship .badge")))
                .as("no 'to act' badge in a replay")
                .isEmpty();

        // issue 19: bookkeeping events (IntentAccepted, SeatTokenIssued, ClockSet) are folded into
        // the step they
        // belong to: the step buttons go from one told event to the next; the scrubber's arrow keys
        // reach every step
        List<Long> told = new java.util.ArrayList<>();
        for (JsonNode e :
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", null)
                        .body()
                        .get("events")) {
            if (!List.of("IntentAccepted", "SeatTokenIssued", "ClockSet")
                    .contains(e.get("type").asText())) {
                told.add(e.get("seq").asLong());
            }
        }
        long nextTold = told.stream().filter(s -> s > n).findFirst().orElseThrow();
        d.findElement(By.id("next")).click();
        atStep(d, id, nextTold);
        d.findElement(By.id("scrubber")).sendKeys(Keys.ARROW_RIGHT);
        atStep(d, id, nextTold + 1);
        d.findElement(By.id("prev")).click();
        atStep(d, id, nextTold);
        // from a step just before bookkeeping, "next" skips it
        long beforeBookkeeping = -1;
        for (long s : told) {
            if (s + 1 <= last && !told.contains(s + 1) && s > 0) {
                beforeBookkeeping = s;
                break;
            }
        }
        assertThat(beforeBookkeeping).as("a match has IntentAccepted steps").isPositive();
        long afterIt = beforeBookkeeping;
        d.get(url("/replay.html?id=" + id + "&at=" + beforeBookkeeping));
        atStep(d, id, beforeBookkeeping);
        d.findElement(By.id("next")).click();
        atStep(d, id, told.stream().filter(s -> s > afterIt).findFirst().orElseThrow());
        // an event in the list is a way to its step
        var said = d.findElements(By.cssSelector("#events li:not(.minor)"));
        var pick = said.get(said.size() / 4);
        long earlier = Long.parseLong(pick.getDomAttribute("data-seq"));
        pick.findElement(By.tagName("button")).click();
        atStep(d, id, earlier);
        d.findElement(By.id("last")).click();
        atStep(d, id, last);
        assertThat(d.findElement(By.cssSelector("#board [data-field='status']")).getText())
                .isEqualTo("REPLAY · ENDED");
        assertThat(
                        d.findElements(
                                By.cssSelector(
                                        "#board [data-field='active'], #board [data-field='phase']")))
                .as("nobody is to play a finished match")
                .isEmpty();
        assertThat(d.findElement(By.cssSelector("#audit .verdict")).getText())
                .startsWith("Audit passed");

        // issue 19, replay by turn: the turn buttons go to the steps where turns begin
        List<Long> turns = new java.util.ArrayList<>();
        for (JsonNode e :
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", null)
                        .body()
                        .get("events")) {
            if (e.get("type").asText().equals("TurnStarted")) {
                turns.add(e.get("seq").asLong());
            }
        }
        assertThat(turns).hasSizeGreaterThan(2);
        d.findElement(By.id("first")).click();
        atStep(d, id, 0);
        d.findElement(By.id("next-turn")).click();
        atStep(d, id, turns.get(0));
        d.findElement(By.id("next-turn")).click();
        atStep(d, id, turns.get(1));
        d.findElement(By.id("prev-turn")).click();
        atStep(d, id, turns.get(0));
        // a mark under the scrubber for each turn, each a way to its first step
        var marks = d.findElements(By.cssSelector("#turn-marks .turn-mark"));
        assertThat(marks).hasSameSizeAs(turns);
        assertThat(marks.get(2).getDomAttribute("data-seq"))
                .isEqualTo(String.valueOf(turns.get(2)));
        marks.get(2).click();
        atStep(d, id, turns.get(2));

        // play runs the steps by itself; pause stops it
        d.findElement(By.id("first")).click();
        atStep(d, id, 0);
        d.findElement(By.id("play")).click();
        waitFor(d, x -> step(x) >= 3);
        d.findElement(By.id("play")).click();
        // the scrubber moves when a step is asked; the board follows once /replay answers
        long paused = Long.parseLong(d.findElement(By.id("scrubber")).getDomProperty("value"));
        atStep(d, id, paused);
        // the steps ahead came in stretches (/replay/steps), each shown as /replay?at= gives it
        // (atStep above): the page asked the server for stretches, not one request a step
        Object asked =
                ((org.openqa.selenium.JavascriptExecutor) d)
                        .executeScript(
                                "return performance.getEntriesByType('resource')"
                                        + ".filter(e => e.name.includes('/replay/steps?')).length");
        assertThat(((Number) asked).intValue()).as("stretches of replay steps asked").isPositive();
    }

    @Test
    void aBadMatchIdIsSaidInWords() {
        Browser b = browser(Browser.PHONE);
        b.driver.get(url("/replay.html?id=no-such-match&at=3"));
        String error =
                waitFor(
                        b.driver,
                        x -> {
                            String t = x.findElement(By.id("error")).getText();
                            return t.isBlank() ? null : t;
                        });
        assertThat(error)
                .contains(
                        api.get("/api/matches/no-such-match/events?from=0", null)
                                .body()
                                .get("message")
                                .asText());
    }

    private static long step(WebDriver d) {
        String s = d.findElement(By.id("board")).getDomAttribute("data-step");
        return s == null ? -1 : Long.parseLong(s);
    }

    /**
     * The page is at step n: board, scrubber, highlighted event and the link to the step agree with
     * /replay?at=n.
     */
    private void atStep(WebDriver d, String id, long n) {
        waitFor(d, x -> step(x) == n);
        JsonNode replay = api.get("/api/matches/" + id + "/replay?at=" + n, null).body();
        assertThat(numbers(d)).isEqualTo(numbers(replay));
        assertThat(boardVersion(d)).isEqualTo(n);
        assertThat(d.findElement(By.id("scrubber")).getDomProperty("value"))
                .isEqualTo(String.valueOf(n));
        assertThat(
                        d.findElement(By.cssSelector("#events li[aria-current='step']"))
                                .getDomAttribute("data-seq"))
                .isEqualTo(String.valueOf(n));
        assertThat(d.findElement(By.id("step-link")).getDomAttribute("href")).endsWith("&at=" + n);
        assertThat(d.getCurrentUrl()).endsWith("/replay.html?id=" + id + "&at=" + n);
    }
}
