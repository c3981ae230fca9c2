package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Bot;
import java.net.URI;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/** The live board of a spectator: updates over the stream, and never a hidden card. */
class WebBoardTest extends WebTest {

    @Test
    void theLiveBoardShowsAnIntentWithinASecond() {
        String[] m = api.startedMatch("Live Ada", "Live Bo", 0);
        String id = m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + id));
        JsonNode before = api.get("/api/matches/" + id + "/view", null).body();
        boardAt(d, before.get("version").asLong(), WAIT);
        waitFor(d, x -> x.findElement(By.id("conn")).getText().startsWith("live"));
        assertThat(numbers(d)).isEqualTo(numbers(before));
        // the rules version the match runs under, as its view names it (issue 25)
        assertThat(d.findElement(By.cssSelector("#board [data-field='rules']")).getText())
                .isEqualTo(
                        "rules "
                                + before.at("/rules/engine").asText()
                                + " · "
                                + before.at("/rules/catalog").asText());

        for (int i = 0; i < 3; i++) {
            String actor = Api.actor(api.get("/api/matches/" + id + "/view", null).body());
            long start = System.nanoTime();
            Res answer =
                    api.post(
                            "/api/matches/" + id + "/intents",
                            Api.intent("END_TURN"),
                            tokens.get(actor));
            assertThat(answer.status()).as(answer.raw()).isEqualTo(200);
            long version = answer.body().get("version").asLong();
            Duration left = Duration.ofSeconds(1).minusNanos(System.nanoTime() - start);
            boardAt(d, version, left);
            JsonNode after = api.get("/api/matches/" + id + "/view", null).body();
            assertThat(numbers(d)).isEqualTo(numbers(after));
            assertThat(d.findElement(By.cssSelector("#board [data-field='active']")).getText())
                    .isEqualTo(after.get("activeSeat").asText() + " to play");
            // the event log says it in words
            assertThat(d.findElement(By.id("log")).getText())
                    .contains(actor + " ends turn " + (after.get("turn").asInt() - 1));
        }
    }

    /**
     * Issue 19: the running clock counts down on the board (m:ss, twice a second), for spectators
     * too.
     */
    @Test
    void theTurnClockCountsDown() {
        Res created =
                api.post("/api/matches", Map.of("options", Map.of("turnClockSeconds", 60)), null);
        String id = created.body().get("matchId").asText();
        JsonNode decks = api.starterDecks();
        String adaToken =
                api.post(
                                "/api/matches/" + id + "/seats",
                                api.seatBody("Clock Ada", decks.get(0)),
                                null)
                        .body()
                        .get("playerToken")
                        .asText();
        api.post("/api/matches/" + id + "/seats", api.seatBody("Clock Bo", decks.get(1)), null);
        JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(view.at("/clock/deadline").isTextual()).isTrue();
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + id));
        boardAt(d, view.get("version").asLong(), WAIT);
        int first =
                secondsLeft(
                        waitFor(
                                d,
                                x ->
                                        x.findElement(
                                                        By.cssSelector(
                                                                "#board [data-field='clock'] .countdown .left"))
                                                .getText()));
        assertThat(first).isBetween(40, 60);
        assertThat(d.findElement(By.cssSelector("#board [data-field='clock']")).getText())
                .startsWith(view.at("/clock/seat").asText() + " turn ");
        int later =
                waitFor(
                        d,
                        Duration.ofSeconds(5),
                        x -> {
                            int s =
                                    secondsLeft(
                                            x.findElement(
                                                            By.cssSelector(
                                                                    "#board [data-field='clock'] .countdown .left"))
                                                    .getText());
                            return s < first ? s : null;
                        });
        assertThat(later).as("the countdown moves").isLessThan(first);
        // end it: a guest's turn clock never loses, and a match ticking in the shared app every
        // minute would move the read models under the other test classes
        assertThat(
                        api.post("/api/matches/" + id + "/intents", Api.intent("CONCEDE"), adaToken)
                                .status())
                .isEqualTo(200);
    }

    private static int secondsLeft(String mss) {
        String[] p = mss.split(":");
        return Integer.parseInt(p[0]) * 60 + Integer.parseInt(p[1]);
    }

    /**
     * Issue 19: the log of a match page holds every event, paged from /events, not the last 300 of
     * a reload.
     */
    @Test
    void theLogHoldsTheWholeMatchAfterAReload() {
        // an AI match longer than the old 300-entry log: most are; a short one is set aside (at
        // most six tried)
        String id = null;
        long last = -1;
        List<Long> lengths = new java.util.ArrayList<>();
        for (int tries = 0; tries < 6 && last <= 400; tries++) {
            Res created =
                    api.post(
                            "/api/matches",
                            Map.of(
                                    "ruleset",
                                    "voidexa",
                                    "ai",
                                    Map.of("A", "greedy", "B", "random")),
                            null);
            id = created.body().get("matchId").asText();
            long until = System.currentTimeMillis() + 120_000;
            JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
            while (!view.get("status").asText().equals("ENDED")
                    && System.currentTimeMillis() < until) {
                sleepQuietly(250);
                view = api.get("/api/matches/" + id + "/view", null).body();
            }
            assertThat(view.get("status").asText()).as("the AIs finish").isEqualTo("ENDED");
            last = view.get("version").asLong();
            lengths.add(last);
        }
        assertThat(last)
                .as("a match longer than the old 300-entry log (lengths seen: %s)", lengths)
                .isGreaterThan(400);
        String match = id;
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + match));
        long end = last;
        boardAt(d, end, WAIT);
        waitFor(
                d,
                x -> x.findElements(By.cssSelector("#log li[data-seq='" + end + "']")).size() == 1);
        List<WebElement> entries = d.findElements(By.cssSelector("#log li"));
        assertThat(entries.size()).as("every narrated event of %s", end + 1).isGreaterThan(300);
        long lowest = Long.parseLong(entries.get(entries.size() - 1).getDomAttribute("data-seq"));
        assertThat(lowest).as("the log reaches back to the start").isLessThan(10);
    }

    private static void sleepQuietly(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void theSpectatorsBoardKeepsTheMatchsDelay() {
        String[] m = api.startedMatch("Delay Ada", "Delay Bo", 2);
        String id = m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        JsonNode seatView = api.get("/api/matches/" + id + "/view", tokens.get("A")).body();
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + id));
        // the opening reaches spectators once it is two seconds old
        boardAt(d, seatView.get("version").asLong(), WAIT);
        assertThat(d.findElement(By.id("board")).getText()).contains("spectators 2 s behind");

        String actor = Api.actor(seatView);
        long start = System.nanoTime();
        Res answer =
                api.post(
                        "/api/matches/" + id + "/intents",
                        Api.intent("END_TURN"),
                        tokens.get(actor));
        assertThat(answer.status()).isEqualTo(200);
        long version = answer.body().get("version").asLong();
        // not within the first second ...
        assertThatThrownBy(() -> boardAt(d, version, Duration.ofSeconds(1)))
                .isInstanceOf(org.openqa.selenium.TimeoutException.class);
        // ... but once the events are two seconds old
        boardAt(d, version, WAIT);
        assertThat(Duration.ofNanos(System.nanoTime() - start))
                .isGreaterThanOrEqualTo(Duration.ofSeconds(2));
        assertThat(numbers(d))
                .isEqualTo(
                        numbers(api.get("/api/matches/" + id + "/view", tokens.get(actor)).body()));
    }

    @Test
    void aSpectatorsPageNeverHoldsAHiddenCard() {
        // a random match may end within the 40 moves this needs, or have no card in either hand
        // that was never public
        // when it is checked (its seeds are the server's): then take another
        for (int attempt = 1; ; attempt++) {
            try {
                spectatorsPageNeverHoldsAHiddenCard();
                return;
            } catch (EndedEarly e) {
                System.out.println("WebBoardTest: another match: " + e.getMessage());
                assertThat(attempt)
                        .as("%s, %d times in a row", e.getMessage(), attempt)
                        .isLessThan(5);
            }
        }
    }

    /** The match played here ended, or had no hidden card, before the test could see one live. */
    static final class EndedEarly extends RuntimeException {
        EndedEarly() {
            this("the match ended too early for this test");
        }

        EndedEarly(String why) {
            super(why);
        }
    }

    private void spectatorsPageNeverHoldsAHiddenCard() {
        String[] m = api.startedMatch("Hidden Ada", "Hidden Bo", 0);
        String id = m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        play(id, tokens, 15);
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + id));
        boardAt(
                d,
                api.get("/api/matches/" + id + "/view", null).body().get("version").asLong(),
                WAIT);
        assertNoHidden(d, id, tokens);
        // more play while the page watches: every update arrives over the stream
        play(id, tokens, 25);
        JsonNode now = api.get("/api/matches/" + id + "/view", null).body();
        boardAt(d, now.get("version").asLong(), WAIT);
        assertThat(now.get("status").asText())
                .as("the match must still be live to have hidden cards")
                .isEqualTo("LIVE");
        assertNoHidden(d, id, tokens);
        // the replay page of a live match too
        d.get(url("/replay.html?id=" + id + "&at=" + now.get("version").asLong()));
        waitFor(
                d,
                x ->
                        String.valueOf(now.get("version").asLong())
                                .equals(
                                        x.findElement(By.id("board"))
                                                .getDomAttribute("data-step")));
        assertNoHidden(d, id, tokens);

        d.get(url("/match.html?id=" + id));
        boardAt(d, now.get("version").asLong(), WAIT);
        waitFor(d, x -> x.findElement(By.id("conn")).getText().startsWith("live"));
        b.fullScreenshot("board.png", Browser.DESKTOP.getWidth());
        Browser phone = browser(Browser.PHONE);
        phone.driver.get(url("/match.html?id=" + id));
        boardAt(phone.driver, now.get("version").asLong(), WAIT);
        waitFor(phone.driver, x -> x.findElement(By.id("conn")).getText().startsWith("live"));
        // phone width: the two ships stack
        var ships = phone.driver.findElements(By.cssSelector("#board .ship"));
        assertThat(ships.get(0).getRect().getX()).isEqualTo(ships.get(1).getRect().getX());
        phone.screenshot("board-phone.png");
    }

    /** Hidden now: the cards in each hand (seen with its token) that no public event has named. */
    private Set<String> hidden(String id, Map<String, String> tokens) {
        Set<String> hidden = new HashSet<>();
        for (Map.Entry<String, String> seat : tokens.entrySet()) {
            JsonNode view = api.get("/api/matches/" + id + "/view", seat.getValue()).body();
            assertThat(view.get("status").asText()).isEqualTo("LIVE");
            for (JsonNode c : view.at("/seats/" + seat.getKey() + "/hand")) {
                hidden.add(c.get("id").asText());
            }
        }
        // a card that went back to a hand was seen by everyone before: not a secret
        JsonNode events =
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", tokens.get("A"))
                        .body()
                        .get("events");
        for (JsonNode e : events) {
            if (e.get("type").asText().equals("CardReturnedToHand")) {
                hidden.remove(e.at("/payload/card/id").asText());
            }
        }
        if (hidden.isEmpty()) {
            throw new EndedEarly("no card in either hand was never public");
        }
        return hidden;
    }

    private void assertNoHidden(WebDriver d, String id, Map<String, String> tokens) {
        Set<String> hidden = hidden(id, tokens);
        String page = d.getPageSource();
        assertThat(page).contains(id.substring(0, 8)); // the page is the match's page
        for (String card : hidden) {
            assertThat(page).as("hidden card %s on a spectator's page", card).doesNotContain(card);
        }
        // what the page fetched: spectator endpoints only (no token anywhere), and none of it names
        // a hidden card
        @SuppressWarnings("unchecked")
        List<String> fetched =
                (List<String>)
                        ((org.openqa.selenium.JavascriptExecutor) d)
                                .executeScript(
                                        "return performance.getEntriesByType('resource').map(e => e.name)");
        assertThat(fetched).anyMatch(u -> u.contains("/api/matches/" + id + "/"));
        for (String u : fetched) {
            URI uri = URI.create(u);
            assertThat(u).doesNotContain("token");
            // the page's own files (names of letters and hyphens: biome-words.js), or the API
            assertThat(uri.getPath())
                    .matches("/(js|css)/[a-z][a-z-]*\\.(js|css)|/favicon\\.svg|/api/.*");
            if (uri.getPath().startsWith("/api/") && !uri.getPath().endsWith("/stream")) {
                String body =
                        api.get(
                                        uri.getRawPath()
                                                + (uri.getRawQuery() == null
                                                        ? ""
                                                        : "?" + uri.getRawQuery()),
                                        null)
                                .raw();
                for (String card : hidden) {
                    assertThat(body).as("hidden card %s in %s", card, u).doesNotContain(card);
                }
            }
        }
    }

    private void play(String id, Map<String, String> tokens, int steps) {
        for (int i = 0; i < steps; i++) {
            if (Bot.ended(bot.step(id, tokens))) {
                throw new EndedEarly();
            }
        }
    }
}
