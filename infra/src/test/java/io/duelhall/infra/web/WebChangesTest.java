package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.http.Api;
import io.duelhall.infra.http.Bot;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * Issue 19, "show what changed": the board is updated in place (not thrown away and drawn again),
 * each meter that moves floats its change, the last card played and its targets are marked; a
 * spectator can slow down, pause and catch up, and sees how many watch; a finished seat's page
 * offers a rematch.
 */
class WebChangesTest extends WebTest {

    /**
     * Records, in the page, every meter change (from the morph's attribute updates) and every
     * floating number.
     */
    private static final String OBSERVE =
            """
            window.seen = {changes: [], floats: [], marked: []};
            const board = document.getElementById('board');
            for (const s of board.querySelectorAll('article.ship')) s.duelhallMark = 'kept';
            new MutationObserver((records) => {
              for (const r of records) {
                if (r.type === 'attributes' && r.attributeName === 'aria-valuenow') {
                  const meter = r.target.closest('[data-meter]');
                  const ship = r.target.closest('article.ship');
                  window.seen.changes.push({seat: ship.dataset.seat, meter: meter.dataset.meter,
                    delta: Number(r.target.getAttribute('aria-valuenow')) - Number(r.oldValue),
                    version: Number(board.dataset.version)});
                }
                if (r.type === 'attributes' && r.attributeName === 'data-fx' && r.target.getAttribute('data-fx')) {
                  window.seen.marked.push(r.target.getAttribute('data-fx'));
                }
                for (const n of r.addedNodes) {
                  if (n.nodeType === 1 && n.classList.contains('float-delta')) {
                    window.seen.floats.push({seat: n.closest('article.ship').dataset.seat, meter: n.dataset.meterOf,
                      text: n.textContent, delta: Number(n.dataset.delta)});
                  }
                }
              }
            }).observe(board, {subtree: true, attributes: true, attributeOldValue: true, childList: true});
            """;

    @Test
    @SuppressWarnings("unchecked")
    void theBoardIsUpdatedInPlaceAndFloatsEveryChange() {
        String[] m = api.startedMatch("Morph Ada", "Morph Bo", 0);
        String id = m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + id));
        boardAt(
                d,
                api.get("/api/matches/" + id + "/view", null).body().get("version").asLong(),
                WAIT);
        waitFor(d, x -> x.findElement(By.id("conn")).getText().startsWith("live"));
        JavascriptExecutor js = (JavascriptExecutor) d;
        js.executeScript(OBSERVE);

        // play until a card has been played at the other ship and some meter moved
        JsonNode view = null;
        long lastPlay = -1;
        boolean shot = false;
        for (int i = 0; i < 120; i++) {
            Res answer = bot.step(id, tokens);
            assertThat(answer.status()).as(answer.raw()).isEqualTo(200);
            if (!shot
                    && Boolean.TRUE.equals(
                            js.executeScript(
                                    "return !!document.querySelector('#board .float-delta')"))) {
                b.screenshot("board-changes.png"); // a mid-animation frame for docs/img
                shot = true;
            }
            view = api.get("/api/matches/" + id + "/view", null).body();
            lastPlay = lastPlaySeq(view);
            if (lastPlay >= 0
                            && ((Number) js.executeScript("return window.seen.floats.length"))
                                            .intValue()
                                    > 3
                    || view.get("status").asText().equals("ENDED")) {
                break;
            }
        }
        long version = view.get("version").asLong();
        boardAt(d, version, WAIT);
        List<Map<String, Object>> changes =
                (List<Map<String, Object>>) js.executeScript("return window.seen.changes");
        List<Map<String, Object>> floats =
                (List<Map<String, Object>>) js.executeScript("return window.seen.floats");
        assertThat(
                        js.executeScript(
                                "return [...document.querySelectorAll('#board article.ship')]"
                                        + ".every((s) => s.duelhallMark === 'kept')"))
                .as("the ships are the same elements: updated, not redrawn")
                .isEqualTo(true);
        assertThat(changes).as("meters changed in place").isNotEmpty();
        assertThat(floats).as("each change floats a number").isNotEmpty();
        // every floating number is the change of its meter's value: the sum per meter equals the
        // sum of the changes
        Map<String, Long> changed = new java.util.TreeMap<>();
        for (Map<String, Object> c : changes) {
            changed.merge(
                    c.get("seat") + "/" + c.get("meter"),
                    ((Number) c.get("delta")).longValue(),
                    Long::sum);
        }
        Map<String, Long> floated = new java.util.TreeMap<>();
        for (Map<String, Object> f : floats) {
            long delta = ((Number) f.get("delta")).longValue();
            assertThat(delta).isNotZero();
            assertThat((String) f.get("text")).isEqualTo((delta > 0 ? "+" : "−") + Math.abs(delta));
            floated.merge(f.get("seat") + "/" + f.get("meter"), delta, Long::sum);
        }
        changed.values().removeIf(v -> v == 0);
        floated.values().removeIf(v -> v == 0);
        assertThat(floated)
                .as("the floating numbers add up to what each meter moved")
                .isEqualTo(changed);
        assertThat((List<Object>) js.executeScript("return window.seen.marked"))
                .as("a changed meter flashes")
                .anyMatch(k -> k.equals("hurt") || k.equals("helped"));

        // the last play, as the view's recent events have it, is named above the ships
        if (lastPlay >= 0) {
            JsonNode play = null;
            for (JsonNode e : view.get("recentEvents")) {
                if (e.get("seq").asLong() == lastPlay) {
                    play = e;
                }
            }
            WebElement line = d.findElement(By.cssSelector("#board .last-play"));
            assertThat(line.getDomAttribute("data-seq")).isEqualTo(String.valueOf(lastPlay));
            String name = cardName(play.at("/payload/card/card").asText());
            assertThat(line.getText())
                    .contains("Last play", play.at("/payload/seat").asText(), name);
        }
        if (!view.get("status").asText().equals("ENDED")) {
            bot.playToEnd(id, tokens, 3000);
        }
    }

    private String cardName(String catalogId) {
        for (JsonNode c : api.get("/api/cards", null).body()) {
            if (c.get("id").asText().equals(catalogId)) {
                return c.get("name").asText();
            }
        }
        return catalogId;
    }

    private static long lastPlaySeq(JsonNode view) {
        long seq = -1;
        for (JsonNode e : view.get("recentEvents")) {
            String type = e.get("type").asText();
            if (type.equals("CardPlayed") || type.equals("AbilityActivated")) {
                seq = e.get("seq").asLong();
            }
        }
        return seq;
    }

    /**
     * Card text everywhere (issue 19): a log entry about a card carries the card's text on hover
     * (title) and shows it on a tap; so does a card chip on the board.
     */
    @Test
    void aLogEntryAndAChipShowTheirCardsTextOnHoverAndTap() {
        String[] m = api.startedMatch("Text Ada", "Text Bo", 0);
        String id = m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        JsonNode played = null;
        for (int i = 0; i < 200 && played == null; i++) {
            bot.step(id, tokens);
            for (JsonNode e :
                    api.get("/api/matches/" + id + "/events?from=0&limit=5000", null)
                            .body()
                            .get("events")) {
                if (e.get("type").asText().equals("CardPlayed")) {
                    played = e;
                }
            }
        }
        assertThat(played).as("a card was played").isNotNull();
        String catalogId = played.at("/payload/card/card").asText();
        String text = null;
        for (JsonNode c : api.get("/api/cards", null).body()) {
            if (c.get("id").asText().equals(catalogId)) {
                text = c.get("text").asText();
            }
        }
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + id));
        long seq = played.get("seq").asLong();
        WebElement entry =
                waitFor(d, x -> x.findElement(By.cssSelector("#log li[data-seq='" + seq + "']")));
        assertThat(entry.getDomAttribute("title")).isEqualTo(text);
        entry.click();
        JavascriptExecutor js = (JavascriptExecutor) d;
        String shown =
                (String)
                        js.executeScript(
                                "return getComputedStyle(arguments[0], '::after').content", entry);
        assertThat(shown).as("the text under the entry after a tap").contains(text);
        entry.click();
        assertThat(
                        (String)
                                js.executeScript(
                                        "return getComputedStyle(arguments[0], '::after').content",
                                        entry))
                .as("a second tap hides it")
                .isIn("none", "normal", "");

        // a chip on the board (a card in play, a field, a drone) shares the attribute and the tap
        Map<String, String> texts = new java.util.HashMap<>();
        for (JsonNode c : api.get("/api/cards", null).body()) {
            texts.put(c.get("id").asText(), c.get("text").asText());
        }
        String chipId = null;
        for (int i = 0; i < 400 && chipId == null; i++) {
            List<WebElement> chips = d.findElements(By.cssSelector(".ship .chip[data-card]"));
            if (!chips.isEmpty()) {
                chipId = chips.get(0).getDomAttribute("data-id");
            } else if (Bot.ended(bot.step(id, tokens))) {
                break;
            }
        }
        assertThat(chipId).as("a card chip appeared on the board of " + id).isNotNull();
        String chipSelector = ".ship .chip[data-id='" + chipId + "']";
        WebElement chip = d.findElement(By.cssSelector(chipSelector));
        String chipText = texts.get(chip.getDomAttribute("data-card"));
        assertThat(chip.getDomAttribute("title")).as("the chip's hover text").isEqualTo(chipText);
        chip.click();
        assertThat(
                        (String)
                                js.executeScript(
                                        "return getComputedStyle(document.querySelector(arguments[0]),"
                                                + " '::after').content",
                                        chipSelector))
                .as("the chip's text under it after a tap")
                .contains(chipText);
        if (!"ENDED"
                .equals(
                        api.get("/api/matches/" + id + "/view", null)
                                .body()
                                .get("status")
                                .asText())) {
            bot.playToEnd(id, tokens, 3000);
        }
    }

    /**
     * A spectator pauses (frames wait, counted), resumes at a slower pace, then catches up to the
     * match now.
     */
    @Test
    void aSpectatorPausesSlowsAndCatchesUp() {
        String[] m = api.startedMatch("Pace Ada", "Pace Bo", 0);
        String id = m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + id));
        long start = api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
        boardAt(d, start, WAIT);
        waitFor(d, x -> x.findElement(By.id("conn")).getText().startsWith("live"));
        assertThat(d.findElement(By.id("pace")).isDisplayed()).isTrue();
        // the spectator count: this page's stream is one
        waitFor(
                d,
                x ->
                        "1"
                                .equals(
                                        x.findElement(By.id("watching"))
                                                .getDomAttribute("data-spectators")));
        assertThat(d.findElement(By.id("watching")).getText()).isEqualTo("1 watching");

        d.findElement(By.id("pace-pause")).click();
        long now = start;
        for (int i = 0; i < 4; i++) {
            now = bot.step(id, tokens).body().get("version").asLong();
        }
        long target = now;
        waitFor(
                d,
                x -> {
                    String behind = x.findElement(By.id("pace")).getDomAttribute("data-behind");
                    return behind != null && Integer.parseInt(behind) > 0;
                });
        assertThat(boardVersion(d)).as("paused: the board waits").isEqualTo(start);
        assertThat(d.findElement(By.id("pace-behind")).getText()).matches("\\d+ events? behind");

        // slower: one frame a second, so the board moves but is still behind a second later
        new org.openqa.selenium.support.ui.Select(d.findElement(By.id("pace-speed")))
                .selectByValue("1000");
        d.findElement(By.id("pace-pause")).click();
        waitFor(d, x -> boardVersion(x) > start);
        assertThat(boardVersion(d)).as("slower: not all at once").isLessThan(target);
        d.findElement(By.id("pace-live")).click();
        boardAt(d, target, WAIT);
        assertThat(d.findElement(By.id("pace-behind")).getText()).isEmpty();
        bot.playToEnd(id, tokens, 3000);
    }

    /**
     * A phone (390 px): the hand and the actions stay pinned at the bottom while the board scrolls,
     * the opponent is drawn compact above the seat's own ship, and neither the match page nor the
     * lobby scrolls sideways.
     */
    @Test
    void onAPhoneTheHandIsPinnedAndNothingScrollsSideways() {
        String[] m = api.startedMatch("Phone Ada", "Phone Bo", 0);
        String id = m[0];
        Browser phone = browser(Browser.PHONE);
        WebDriver d = phone.driver;
        d.get(url("/match.html?id=" + id + "#seat=A&token=" + m[1]));
        waitFor(d, x -> !x.findElements(By.cssSelector("#hand li.card")).isEmpty());
        JavascriptExecutor js = (JavascriptExecutor) d;
        assertThat(
                        js.executeScript(
                                "return getComputedStyle(document.getElementById('player')).position"))
                .isEqualTo("sticky");
        Number viewport = (Number) js.executeScript("return window.innerHeight");
        Number bottom =
                (Number)
                        js.executeScript(
                                "return document.getElementById('player').getBoundingClientRect().bottom");
        assertThat(
                        js.executeScript(
                                "return document.documentElement.scrollHeight > window.innerHeight"))
                .as("the board is longer than the screen")
                .isEqualTo(true);
        assertThat(Math.abs(bottom.doubleValue() - viewport.doubleValue()))
                .as("the hand sits at the screen's bottom")
                .isLessThan(2.0);
        // own ship below the opponent's, the opponent's meters in two columns
        Number mineTop =
                (Number)
                        js.executeScript(
                                "return document.querySelector('#board .ship.mine').getBoundingClientRect().top");
        Number otherTop =
                (Number)
                        js.executeScript(
                                "return document.querySelector('#board .ship:not(.mine)').getBoundingClientRect().top");
        assertThat(mineTop.doubleValue()).isGreaterThan(otherTop.doubleValue());
        assertThat(
                        (String)
                                js.executeScript(
                                        "return getComputedStyle(document.querySelector('#board .ship:not(.mine) .meters'))"
                                                + ".gridTemplateColumns"))
                .as("two columns")
                .matches("\\S+ \\S+");
        assertThat(
                        js.executeScript(
                                "return document.documentElement.scrollWidth <= window.innerWidth"))
                .as("no sideways scroll on the match page")
                .isEqualTo(true);
        phone.screenshot("player-phone.png");
        d.get(url("/"));
        waitFor(
                d,
                x ->
                        !x.findElements(
                                        By.cssSelector(
                                                "#recent tr[data-match], #live tr[data-match]"))
                                .isEmpty());
        assertThat(
                        js.executeScript(
                                "return document.documentElement.scrollWidth <= window.innerWidth"))
                .as("no sideways scroll in the lobby")
                .isEqualTo(true);
        api.post("/api/matches/" + id + "/intents", Api.intent("CONCEDE"), m[1]);
    }

    /** The spectator count answers 404 for a match that does not exist, not 0. */
    @Test
    void theSpectatorCountOfAnUnknownMatchIsNotFound() {
        Res answer = api.get("/api/matches/no-such-match/spectators", null);
        assertThat(answer.status()).isEqualTo(404);
        assertThat(answer.error()).as(answer.raw()).isEqualTo("MATCH_NOT_FOUND");
    }

    /**
     * A finished seat's page offers a rematch: a new match of the same options and AI seat, the
     * same deck.
     */
    @Test
    void aFinishedSeatStartsARematchAgainstTheSameAi() {
        Res created =
                api.post(
                        "/api/matches",
                        Map.of(
                                "ruleset",
                                "voidexa",
                                "ai",
                                Map.of("B", "greedy"),
                                "options",
                                Map.of(
                                        "turnClockSeconds",
                                        120,
                                        "responseSeconds",
                                        30,
                                        "timeoutLoss",
                                        3)),
                        null);
        String id = created.body().get("matchId").asText();
        JsonNode decks = api.starterDecks();
        Res seat =
                api.post(
                        "/api/matches/" + id + "/seats",
                        api.seatBody("Rematch Ada", decks.get(1)),
                        null);
        String token = seat.body().get("playerToken").asText();
        assertThat(
                        api.post("/api/matches/" + id + "/intents", Api.intent("CONCEDE"), token)
                                .status())
                .isEqualTo(200);

        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/match.html?id=" + id + "#seat=A&token=" + token));
        waitFor(
                d,
                x -> "ENDED".equals(x.findElement(By.id("board")).getDomAttribute("data-status")));
        assertThat(d.findElement(By.id("concede")).isDisplayed()).isFalse();
        d.findElement(By.id("rematch")).click();
        String next =
                waitFor(
                        d,
                        x -> {
                            String u = x.getCurrentUrl();
                            return u.contains("id=") && !u.contains("id=" + id) ? u : null;
                        });
        String newId = next.replaceAll(".*[?&]id=([^&#]+).*", "$1");
        assertThat(next).contains("#seat=A&token=");
        JsonNode events =
                api.get("/api/matches/" + newId + "/events?from=0&limit=100", null)
                        .body()
                        .get("events");
        JsonNode opening = events.get(0).get("payload");
        assertThat(opening.at("/options/ai/B").asText()).isEqualTo("greedy");
        assertThat(opening.at("/options/turnClockSeconds").asInt()).isEqualTo(120);
        assertThat(opening.at("/options/timeoutLoss").asInt()).isEqualTo(3);
        JsonNode oldJoin = null;
        JsonNode newJoin = null;
        for (JsonNode e :
                api.get("/api/matches/" + id + "/events?from=0&limit=100", null)
                        .body()
                        .get("events")) {
            if (e.get("type").asText().equals("PlayerJoined")
                    && e.at("/payload/seat").asText().equals("A")) {
                oldJoin = e.get("payload");
            }
        }
        String newToken = next.replaceAll(".*token=([^&]+).*", "$1");
        for (JsonNode e :
                api.get(
                                "/api/matches/" + newId + "/events?from=0&limit=100",
                                java.net.URLDecoder.decode(
                                        newToken, java.nio.charset.StandardCharsets.UTF_8))
                        .body()
                        .get("events")) {
            if (e.get("type").asText().equals("PlayerJoined")
                    && e.at("/payload/seat").asText().equals("A")) {
                newJoin = e.get("payload");
            }
        }
        assertThat(newJoin.get("name").asText()).isEqualTo("Rematch Ada");
        assertThat(newJoin.get("deck")).isEqualTo(oldJoin.get("deck"));
        assertThat(newJoin.get("shipCore")).isEqualTo(oldJoin.get("shipCore"));
        // the new match is live against the AI, and this page plays it
        waitFor(
                d,
                x -> "LIVE".equals(x.findElement(By.id("board")).getDomAttribute("data-status")));
        assertThat(d.findElement(By.id("player")).isDisplayed()).isTrue();
        api.post(
                "/api/matches/" + newId + "/intents",
                Api.intent("CONCEDE"),
                java.net.URLDecoder.decode(newToken, java.nio.charset.StandardCharsets.UTF_8));
    }
}
