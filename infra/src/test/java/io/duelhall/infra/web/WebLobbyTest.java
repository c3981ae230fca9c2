package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.http.Sse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/** The lobby at {@code /} in a real browser, and the list field it needs ({@code spectators}). */
class WebLobbyTest extends WebTest {

    @Test
    void theLobbyListsALiveMatchWithItsPlayersTurnAndSpectators() {
        String[] m = api.startedMatch("Lobby Ada", "Lobby Bo", 0);
        String id = m[0];
        // one finished match, so the lists and the leaderboard have something to show
        // rated, so the leaderboard has rows: both seats registered players (a guest match is
        // unrated)
        String[] done = api.ratedMatch("Lobby Ada", "Lobby Cy", 0);
        bot.playToEnd(done[0], Map.of("A", done[1], "B", done[2]), 3000);
        try (Sse spectator = Sse.open(port, "/api/matches/" + id + "/stream", null, null)) {
            assertThat(spectator.status()).isEqualTo(200);
            Browser b = browser(Browser.DESKTOP);
            WebDriver d = b.driver;
            d.get(url("/"));
            By row = By.cssSelector("#live tr[data-match='" + id + "']");
            // The lobby lists the 20 most recently active live matches, and the shared test app has
            // matches of other
            // tests moving all the time: when this one has slipped off the list, it is moved (one
            // bot step) so it is
            // the most recent again. The list is drawn again every 2 s: each check reads the row
            // afresh, again if a
            // redraw replaced it, and a turn the page has not caught up with yet is read again.
            Map<String, String> seats = Map.of("A", m[1], "B", m[2]);
            unlessRedrawn(
                    d,
                    x -> {
                        List<WebElement> rows = x.findElements(row);
                        if (rows.isEmpty()) {
                            bot.step(id, seats);
                            return false;
                        }
                        WebElement live = rows.get(0);
                        assertThat(
                                        live.findElement(By.cssSelector("[data-col='players']"))
                                                .getText())
                                .isEqualTo("Lobby Ada vs Lobby Bo");
                        assertThat(
                                        live.findElement(By.cssSelector("[data-col='ruleset']"))
                                                .getText())
                                .isEqualTo("voidexa");
                        assertThat(
                                        live.findElement(By.cssSelector("[data-col='status']"))
                                                .getText())
                                .isEqualTo("LIVE");
                        String turn =
                                api.get("/api/matches/" + id + "/view", null)
                                        .body()
                                        .get("turn")
                                        .asText();
                        return live.findElement(By.cssSelector("[data-col='turn']"))
                                .getText()
                                .equals(turn);
                    });
            // the spectator stream opened above is counted (the page polls the list every 2 s)
            unlessRedrawn(
                    d,
                    x -> {
                        List<WebElement> rows = x.findElements(row);
                        if (rows.isEmpty()) {
                            bot.step(id, seats);
                            return false;
                        }
                        return rows.get(0)
                                .findElement(By.cssSelector("[data-col='spectators']"))
                                .getText()
                                .contains("1");
                    });
            // the ended match is in "Recent matches" with a replay link; the leaderboard is the
            // API's
            By recent =
                    By.cssSelector(
                            "#recent tr[data-match='"
                                    + done[0]
                                    + "'] a[href*='replay.html?id="
                                    + done[0]
                                    + "']");
            waitFor(d, x -> !x.findElements(recent).isEmpty());
            waitFor(
                    d,
                    x -> {
                        JsonNode top = api.get("/api/leaderboard?limit=20", null).body();
                        List<WebElement> rows =
                                x.findElements(By.cssSelector("#leaderboard tbody tr"));
                        return top.size() > 0
                                && rows.size() == top.size()
                                && rows.get(0)
                                        .findElement(By.cssSelector("[data-col='name']"))
                                        .getText()
                                        .equals(top.get(0).get("name").asText())
                                && rows.get(0)
                                        .findElement(By.cssSelector("[data-col='games']"))
                                        .getText()
                                        .equals(top.get(0).get("games").asText());
                    });
            // every control shown has an accessible name (signed out: the sign-in form;
            // WebAccountTest the signed-in one). The lobby redraws its lists every 2 s, and on a
            // loaded machine reading every control's name (a browser round trip each: the recent
            // matches of every game have their Replay buttons now) takes longer than that: the
            // page's timers stop for the check, and the page is loaded again after it
            ((org.openqa.selenium.JavascriptExecutor) d)
                    .executeScript(
                            "const last = setInterval(() => {}, 1e9);"
                                    + " for (let i = 1; i <= last; i++) clearInterval(i);");
            unlessRedrawn(
                    d,
                    x -> {
                        for (WebElement control :
                                x.findElements(By.cssSelector("button, a.button, input, select"))) {
                            if (!control.isDisplayed()) {
                                continue;
                            }
                            assertThat(control.getAccessibleName())
                                    .as(control.getTagName() + " " + control.getDomAttribute("id"))
                                    .isNotBlank();
                        }
                        return true;
                    });
            d.navigate().refresh();
            unlessRedrawn(
                    d,
                    x -> {
                        List<WebElement> rows = x.findElements(row);
                        if (rows.isEmpty()) {
                            bot.step(id, seats);
                            return false;
                        }
                        rows.get(0).findElement(By.cssSelector("a.button")).click();
                        return true;
                    });
            waitFor(d, x -> x.getCurrentUrl().contains("/match.html?id=" + id));
        }
    }

    @Test
    void watchTwoAisFromTheLobbyAndTheScreenshotsOfIt() {
        // a match of the server's AIs (over in seconds), and a match of two people, watched by one
        // spectator
        Res created =
                api.post(
                        "/api/matches",
                        Map.of("ruleset", "voidexa", "ai", Map.of("A", "greedy", "B", "random")),
                        null);
        assertThat(created.status()).isEqualTo(201);
        String[] people = api.startedMatch("Ada", "Bo", 0);
        bot.step(people[0], Map.of("A", people[1], "B", people[2]));
        String watched = people[0];
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        try (Sse spectator = Sse.open(port, "/api/matches/" + watched + "/stream", null, null)) {
            assertThat(spectator.status()).isEqualTo(200);
            d.get(url("/"));
            waitFor(d, x -> x.findElements(By.cssSelector("#deck option")).size() > 0);
            waitFor(d, x -> !x.findElements(By.cssSelector("#recent tr[data-match]")).isEmpty());
            b.fullScreenshot("lobby.png", Browser.DESKTOP.getWidth());
        }
        d.findElement(By.id("watch-ai")).click();
        waitFor(d, x -> x.getCurrentUrl().contains("/match.html?id="));
        String id = d.getCurrentUrl().replaceAll(".*id=([^&#]+).*", "$1");
        // the AIs play on their own: the board follows them to the end, then shows the audit
        // verdict
        waitFor(
                d,
                Duration.ofSeconds(60),
                x -> "ENDED".equals(x.findElement(By.id("board")).getDomAttribute("data-status")));
        WebElement verdict =
                waitFor(
                        d,
                        x ->
                                x.findElements(By.cssSelector("#audit .verdict")).stream()
                                        .findFirst()
                                        .orElse(null));
        assertThat(verdict.getText()).startsWith("Audit passed");
        assertThat(d.findElement(By.cssSelector("#audit a[download]")).getDomAttribute("href"))
                .isEqualTo("/api/matches/" + id + "/export");
        assertThat(numbers(d))
                .isEqualTo(numbers(api.get("/api/matches/" + id + "/view", null).body()));
        // issue 19: the finished board says the result, not "A to play" and "over phase"
        assertThat(d.findElement(By.cssSelector("#board [data-field='status']")).getText())
                .isEqualTo("ENDED");
        assertThat(
                        d.findElements(
                                By.cssSelector(
                                        "#board [data-field='active'], #board [data-field='phase']")))
                .isEmpty();
        assertThat(d.findElement(By.cssSelector("#board .result")).getText()).isNotBlank();

        Browser phone = browser(Browser.PHONE);
        phone.driver.get(url("/"));
        waitFor(
                phone.driver,
                x -> !x.findElements(By.cssSelector("#recent tr[data-match]")).isEmpty());
        // one column at phone width: the panels stack, nothing is wider than the screen
        List<WebElement> panels = phone.driver.findElements(By.cssSelector(".lobby > .panel"));
        assertThat(panels.get(1).getRect().getX()).isEqualTo(panels.get(2).getRect().getX());
        Number scrollWidth =
                (Number) phone.driver.executeScript("return document.documentElement.scrollWidth");
        assertThat(scrollWidth.intValue()).isLessThanOrEqualTo(Browser.PHONE.getWidth());
        phone.screenshot("lobby-phone.png");
    }

    /**
     * Issue 19: a match whose free seat nobody takes expires at its seats' deadline: it leaves the
     * lobby's waiting list for the recent ones ("expired"), and its page says so, with the audit.
     */
    @Test
    void anAbandonedMatchExpiresOffTheWaitingList() {
        Res created =
                api.post("/api/matches", Map.of("options", Map.of("seatingSeconds", 4)), null);
        String id = created.body().get("matchId").asText();
        JsonNode decks = api.starterDecks();
        Res seat =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Abandoned Ada", decks.get(0)),
                        null);
        assertThat(seat.status()).as(seat.raw()).isEqualTo(201);
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/"));
        String row = "tr[data-match='" + id + "']";
        waitFor(d, x -> !x.findElements(By.cssSelector("#waiting " + row)).isEmpty());
        // then, the page redrawing every 2 s: gone from the waiting list, among the recent ones as
        // expired
        waitFor(
                d,
                java.time.Duration.ofSeconds(30),
                x ->
                        x.findElements(By.cssSelector("#waiting " + row)).isEmpty()
                                && !x.findElements(By.cssSelector("#recent " + row)).isEmpty());
        unlessRedrawn(
                d,
                x -> x.findElement(By.cssSelector("#recent " + row)).getText().contains("expired"));

        d.get(
                url(
                        "/match.html?id="
                                + id
                                + "#seat=A&token="
                                + seat.body().get("playerToken").asText()));
        waitFor(
                d,
                x -> "ENDED".equals(x.findElement(By.id("board")).getDomAttribute("data-status")));
        assertThat(d.findElement(By.cssSelector("#board .result")).getText())
                .contains("Nobody joined.", "The match expired: a seat was never taken");
        waitFor(
                d,
                x ->
                        x.findElement(By.id("log"))
                                .getText()
                                .contains("Nobody took seat B in time: the match expired"));
        String verdict =
                waitFor(d, x -> x.findElement(By.cssSelector("#audit .verdict")).getText());
        assertThat(verdict).startsWith("Audit passed");
    }

    /**
     * Issue 19: "Create a match for two" takes the host's seat and gives an invitation; the invited
     * player opens it, chooses their own name and deck, and takes the other seat: the match starts
     * with both names as chosen. Issue 45, finding 3: the match is not listed as waiting and a
     * stranger without the link's secret takes no seat.
     */
    @Test
    void anInvitedPlayerChoosesTheirNameAndTakesTheSecondSeat() {
        WebDriver d = lobby("Host Ada");
        d.findElement(By.id("create-two")).click();
        String invitation =
                waitFor(
                        d,
                        x ->
                                x.findElement(
                                                By.cssSelector(
                                                        "#seat-links [data-link='invite'] input"))
                                        .getDomProperty("value"));
        // the secret rides in the fragment, which a browser never sends (issue 45, finding 3)
        assertThat(invitation).containsPattern("/\\?join=[0-9a-f-]{36}#invite=[A-Za-z0-9_-]{43}$");
        String id = invitation.replaceAll(".*join=", "").replaceAll("#.*", "");
        JsonNode waiting = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(waiting.get("status").asText()).isEqualTo("WAITING");
        // by invitation: not listed as open for anyone, and the seat is not taken without the link
        for (JsonNode m : api.get("/api/matches?status=WAITING&limit=500", null).body()) {
            assertThat(m.get("matchId").asText()).isNotEqualTo(id);
        }
        io.duelhall.infra.http.Api.Res stranger =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Stranger Eve", api.starterDecks().get(1)),
                        null);
        assertThat(stranger.status()).as(stranger.raw()).isEqualTo(403);
        assertThat(stranger.error()).isEqualTo("INVITATION_REQUIRED");

        Browser guest = browser(Browser.DESKTOP);
        WebDriver g = guest.driver;
        g.get(invitation);
        String said =
                waitFor(
                        g,
                        x -> {
                            String t = x.findElement(By.id("invite")).getText();
                            return t.contains("invites you") ? t : null;
                        });
        assertThat(said).contains("Host Ada invites you");
        waitFor(g, x -> x.findElements(By.cssSelector("#deck option")).size() > 1);
        g.findElement(By.id("name")).clear();
        g.findElement(By.id("name")).sendKeys("Guest Zed");
        new org.openqa.selenium.support.ui.Select(g.findElement(By.id("deck"))).selectByIndex(1);
        g.findElement(By.id("take-invite")).click();
        waitFor(
                g,
                x ->
                        x.getCurrentUrl().contains("/match.html?id=" + id)
                                && x.getCurrentUrl().contains("#seat=B"));
        JsonNode live = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(live.get("status").asText()).isEqualTo("LIVE");
        assertThat(live.at("/seats/A/name").asText()).isEqualTo("Host Ada");
        assertThat(live.at("/seats/B/name").asText()).isEqualTo("Guest Zed");
        // the invitation, opened again, says the seats are taken
        Browser late = browser(Browser.DESKTOP);
        late.driver.get(invitation);
        waitFor(
                late.driver,
                x -> x.findElement(By.id("invite")).getText().contains("no longer free"));
        api.post(
                "/api/matches/" + id + "/intents",
                io.duelhall.infra.http.Api.intent("CONCEDE"),
                java.net.URLDecoder.decode(
                        g.getCurrentUrl().replaceAll(".*token=", ""),
                        java.nio.charset.StandardCharsets.UTF_8));
    }

    /** A desktop browser on the lobby, its decks loaded, the name typed. */
    private WebDriver lobby(String name) {
        WebDriver d = browser(Browser.DESKTOP).driver;
        d.get(url("/"));
        waitFor(d, x -> x.findElements(By.cssSelector("#deck option")).size() > 1);
        d.findElement(By.id("name")).clear();
        d.findElement(By.id("name")).sendKeys(name);
        return d;
    }

    /**
     * Issue 40: two people pressing "Play casual" for the same game meet: each page shows its wait
     * in the queue, then opens the board of one match by itself, on seats A and B. "Play rated"
     * signed out says rated queues take registered players and opens no ticket. (Rated meetings in
     * the browser, each session with an address of its own, are WebQueueTest's.)
     */
    @Test
    void twoPlayersPressingPlayCasualMeetInOneMatch() {
        WebDriver a = lobby("Queued Ada");
        a.findElement(By.id("play-rated")).click();
        String refused = waitFor(a, x -> x.findElement(By.id("start-error")).getText());
        assertThat(refused).contains("registered players only");
        assertThat(a.findElement(By.id("queue")).isDisplayed()).isFalse();

        a.findElement(By.id("play-casual")).click();
        String waiting =
                waitFor(
                        a,
                        x -> {
                            String t = x.findElement(By.id("queue")).getText();
                            return t.contains("Looking for") ? t : null;
                        });
        assertThat(waiting).contains("casual voidexa queue").contains("Cancel");

        WebDriver b = lobby("Queued Bo");
        new org.openqa.selenium.support.ui.Select(b.findElement(By.id("deck"))).selectByIndex(1);
        b.findElement(By.id("play-casual")).click();

        waitFor(a, x -> x.getCurrentUrl().contains("#seat="));
        waitFor(b, x -> x.getCurrentUrl().contains("#seat="));
        String idA = a.getCurrentUrl().replaceAll(".*[?&]id=([^&#]+).*", "$1");
        String idB = b.getCurrentUrl().replaceAll(".*[?&]id=([^&#]+).*", "$1");
        assertThat(idA).isEqualTo(idB);
        String seatA = a.getCurrentUrl().replaceAll(".*#seat=([A-F]).*", "$1");
        String seatB = b.getCurrentUrl().replaceAll(".*#seat=([A-F]).*", "$1");
        assertThat(List.of(seatA, seatB)).containsExactlyInAnyOrder("A", "B");
        JsonNode live = api.get("/api/matches/" + idA + "/view", null).body();
        assertThat(live.get("status").asText()).isEqualTo("LIVE");
        assertThat(live.at("/seats/" + seatA + "/name").asText()).isEqualTo("Queued Ada");
        assertThat(live.at("/seats/" + seatB + "/name").asText()).isEqualTo("Queued Bo");
        api.post(
                "/api/matches/" + idA + "/intents",
                io.duelhall.infra.http.Api.intent("CONCEDE"),
                java.net.URLDecoder.decode(
                        a.getCurrentUrl().replaceAll(".*token=", ""),
                        java.nio.charset.StandardCharsets.UTF_8));
    }

    /**
     * Issue 19, onboarding: how to play, with every pilot class and every starter deck's full list
     * from the catalog.
     */
    @Test
    void theHowToPlayPageListsThePilotsAndEveryStarterDeck() {
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/"));
        d.findElement(By.linkText("How to play")).click();
        waitFor(d, x -> !x.findElements(By.cssSelector("#decks .deck")).isEmpty());
        assertThat(d.findElement(By.tagName("h1")).getText()).isEqualTo("How to play voidexa");
        JsonNode decks = api.get("/api/decks/starter", null).body();
        List<WebElement> shown = d.findElements(By.cssSelector("#decks .deck"));
        assertThat(shown).hasSize(decks.size());
        for (int i = 0; i < decks.size(); i++) {
            WebElement deck = shown.get(i);
            assertThat(deck.getDomAttribute("data-deck"))
                    .isEqualTo(decks.get(i).get("name").asText());
            int total = 0;
            for (WebElement row : deck.findElements(By.cssSelector(".deck-list li"))) {
                total +=
                        Integer.parseInt(
                                row.findElement(By.cssSelector(".count"))
                                        .getText()
                                        .replace("×", ""));
                assertThat(row.getDomAttribute("title"))
                        .as("each card's text on hover")
                        .isNotBlank();
            }
            assertThat(total).isEqualTo(decks.get(i).get("cards").size());
        }
        assertThat(d.findElements(By.cssSelector("#pilots dt")))
                .hasSize(api.get("/api/pilot-classes", null).body().size());
        b.fullScreenshot("how-to-play.png", Browser.DESKTOP.getWidth());
    }

    /**
     * Runs {@code check} on the page until it answers true (up to the wait's timeout), again when
     * the page's 2 s redraw replaced an element it held; an assertion that fails fails the test at
     * once.
     */
    static void unlessRedrawn(WebDriver d, java.util.function.Function<WebDriver, Boolean> check) {
        waitFor(
                d,
                x -> {
                    try {
                        return check.apply(x);
                    } catch (org.openqa.selenium.StaleElementReferenceException redrawn) {
                        return false;
                    }
                });
    }
}
