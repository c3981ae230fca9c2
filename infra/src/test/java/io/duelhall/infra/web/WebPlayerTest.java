package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.http.Api;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/** Player mode: a seat link (token in the URL fragment), the hand, clicks that become intents. */
class WebPlayerTest extends WebTest {

    @Test
    void aSeatPlaysACardByClickingAndTheOpponentsBoardChanges() {
        String[] m = api.startedMatch("Click Ada", "Click Bo", 0);
        String id = m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        JsonNode start = api.get("/api/matches/" + id + "/view", null).body();
        String me = start.get("activeSeat").asText();
        String foe = me.equals("A") ? "B" : "A";

        Browser mine = browser(Browser.DESKTOP);
        Browser theirs = browser(Browser.PHONE);
        open(mine.driver, id, me, tokens.get(me), start.get("version").asLong());
        open(theirs.driver, id, foe, tokens.get(foe), start.get("version").asLong());

        // the hand as the API gives it: total costs and playable flags
        JsonNode view = api.get("/api/matches/" + id + "/view", tokens.get(me)).body();
        JsonNode hand = view.at("/seats/" + me + "/hand");
        assertThat(mine.driver.findElements(By.cssSelector("#hand li.card"))).hasSize(hand.size());
        JsonNode card = null;
        for (JsonNode c : hand) {
            WebElement li =
                    mine.driver.findElement(
                            By.cssSelector(
                                    "#hand li.card[data-id='" + c.get("id").asText() + "']"));
            assertThat(li.findElement(By.cssSelector(".cost")).getText())
                    .startsWith(c.at("/cost/total").asText());
            assertThat(li.getDomAttribute("class").contains("playable"))
                    .isEqualTo(c.get("playable").asBoolean());
            if (c.get("playable").asBoolean()
                    && (card == null || c.get("targets").size() > card.get("targets").size())) {
                card = c; // prefer a card with a target choice, to click through it
            }
        }
        assertThat(card).as("a playable card in the opening hand").isNotNull();
        // issue 19: no cost badge cuts off what it says (the total and a printed cost beside it)
        Object clipped =
                ((org.openqa.selenium.JavascriptExecutor) mine.driver)
                        .executeScript(
                                "return [...document.querySelectorAll('#hand .cost')].filter(c => c.scrollWidth > c.clientWidth + 1"
                                        + " || c.scrollHeight > c.clientHeight + 1).map(c => c.textContent)");
        assertThat((List<?>) clipped).as("cost badges whose text does not fit").isEmpty();
        mine.fullScreenshot("player.png", Browser.DESKTOP.getWidth());

        String before = numbers(theirs.driver);
        mine.driver
                .findElement(
                        By.cssSelector(
                                "#hand li.card[data-id='" + card.get("id").asText() + "'] button"))
                .click();
        if (card.get("targets").size() > 1) {
            WebElement choice =
                    waitFor(
                            mine.driver,
                            x ->
                                    x
                                            .findElements(By.cssSelector("#target-buttons button"))
                                            .stream()
                                            .filter(WebElement::isDisplayed)
                                            .findFirst()
                                            .orElse(null));
            choice.click();
        }
        // the card was played through the API, as the click said
        String played = card.get("id").asText();
        waitFor(mine.driver, x -> playedIn(id, tokens.get(me), played));
        JsonNode pending =
                api.get("/api/matches/" + id + "/view", tokens.get(foe))
                        .body()
                        .get("pendingDecision");
        if (!pending.isNull() && pending.get("kind").asText().equals("RESPONSE")) {
            // the opponent may answer: its page offers Pass, and passing lets the card resolve
            WebElement pass =
                    waitFor(
                            theirs.driver,
                            x -> {
                                WebElement p = x.findElement(By.id("pass"));
                                return p.isDisplayed()
                                                && p.getDomAttribute("class").contains("primary")
                                        ? p
                                        : null;
                            });
            pass.click();
        }
        JsonNode after = api.get("/api/matches/" + id + "/view", tokens.get(foe)).body();
        waitFor(
                theirs.driver,
                x ->
                        boardVersion(x) >= after.get("version").asLong()
                                && numbers(x).equals(numbers(after)));
        assertThat(numbers(theirs.driver)).isNotEqualTo(before);
        String name =
                api.get("/api/cards/" + card.get("card").asText(), null)
                        .body()
                        .get("name")
                        .asText();
        assertThat(theirs.driver.findElement(By.id("log")).getText())
                .contains(me + " plays " + name);
        // the opponent's page never holds the player's hand
        for (JsonNode c :
                api.get("/api/matches/" + id + "/view", tokens.get(me))
                        .body()
                        .at("/seats/" + me + "/hand")) {
            assertThat(theirs.driver.getPageSource()).doesNotContain(c.get("id").asText());
        }

        // issue 19: what can only be refused is not offered: End Turn in the opponent's turn is
        // disabled, Pass hidden
        WebElement endTurn = theirs.driver.findElement(By.id("end-turn"));
        assertThat(endTurn.isEnabled()).as("End Turn in the opponent's turn").isFalse();
        assertThat(endTurn.getDomAttribute("title")).isEqualTo("Not your turn");
        assertThat(theirs.driver.findElement(By.id("pass")).isDisplayed()).isFalse();
        // a refusal is shown as the server words it (a stale page: the button pressed as the board
        // changed)
        Res refused =
                api.post(
                        "/api/matches/" + id + "/intents", Api.intent("END_TURN"), tokens.get(foe));
        assertThat(refused.status()).isEqualTo(403);
        ((org.openqa.selenium.JavascriptExecutor) theirs.driver)
                .executeScript(
                        "const b = document.getElementById('end-turn'); b.disabled = false; b.click();");
        String shown =
                waitFor(
                        theirs.driver,
                        x -> {
                            String t = x.findElement(By.id("refusal")).getText();
                            return t.isBlank() ? null : t;
                        });
        assertThat(shown)
                .startsWith(refused.body().get("message").asText())
                .contains(refused.error());
        // and it goes once the board moves on (the seat to act ends its turn)
        Res ended =
                api.post("/api/matches/" + id + "/intents", Api.intent("END_TURN"), tokens.get(me));
        assertThat(ended.status()).as(ended.raw()).isEqualTo(200);
        waitFor(theirs.driver, x -> boardVersion(x) >= ended.body().get("version").asLong());
        assertThat(theirs.driver.findElement(By.id("refusal")).getText())
                .as("the refusal of a board that is gone")
                .isBlank();
        waitFor(theirs.driver, x -> x.findElement(By.id("end-turn")).isEnabled());
    }

    @Test
    void playAgainstTheAiFromTheLobby() {
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/"));
        waitFor(d, x -> x.findElements(By.cssSelector("#deck option")).size() > 0);
        d.findElement(By.id("name")).clear();
        d.findElement(By.id("name")).sendKeys("Lobby Pilot");
        d.findElement(By.id("play-ai")).click();
        waitFor(
                d,
                x ->
                        x.getCurrentUrl().contains("/match.html?id=")
                                && x.getCurrentUrl().contains("#seat="));
        String id = d.getCurrentUrl().replaceAll(".*id=([^&#]+).*", "$1");
        String token = d.getCurrentUrl().replaceAll(".*token=([^&]+).*", "$1");
        JsonNode view = api.get("/api/matches/" + id + "/view", token).body();
        String seat = view.at("/seats/A/hand").isArray() ? "A" : "B";
        assertThat(view.at("/seats/" + seat + "/name").asText()).isEqualTo("Lobby Pilot");
        // issue 19: a lobby match has clocks, so one a person walks away from ends by the rules of
        // time
        assertThat(view.at("/clock/deadline").isTextual())
                .as("a clock runs: %s", view.get("clock"))
                .isTrue();
        assertThat(view.get("timeoutLoss").asInt()).isEqualTo(3);
        waitFor(d, x -> x.findElements(By.cssSelector("#hand li.card")).size() > 0);
        // the AI plays its turns on its own; the person ends theirs by clicking, answering response
        // windows with Pass
        for (int i = 0; i < 2; i++) {
            JsonNode mine = waitFor(d, x -> myTurn(x, id, token, seat));
            waitFor(d, x -> boardVersion(x) >= mine.get("version").asLong());
            if (i == 0) {
                d.findElement(By.id("end-turn")).click();
            } else { // issue 19: the keyboard's E ends the turn as the button does
                d.findElement(By.tagName("body")).sendKeys("e");
            }
            waitFor(
                    d,
                    x ->
                            api.get("/api/matches/" + id + "/view", token)
                                            .body()
                                            .get("turn")
                                            .asInt()
                                    > mine.get("turn").asInt());
        }
        JsonNode end = api.get("/api/matches/" + id + "/view", token).body();
        assertThat(end.get("turn").asInt()).isGreaterThanOrEqualTo(3);
        waitFor(d, x -> boardVersion(x) >= end.get("version").asLong());
        // issue 19: the person concedes; the page says "You lost." and leads back to the lobby
        d.findElement(By.id("concede")).click();
        waitFor(d, x -> x.findElement(By.id("concede")).getText().startsWith("Really"));
        d.findElement(By.id("concede")).click();
        WebElement verdict =
                waitFor(
                        d,
                        x ->
                                x
                                        .findElements(By.cssSelector("#board .result .verdict-me"))
                                        .stream()
                                        .findFirst()
                                        .orElse(null));
        assertThat(verdict.getText()).isEqualTo("You lost.");
        assertThat(verdict.getDomAttribute("data-outcome")).isEqualTo("lost");
        assertThat(d.findElement(By.cssSelector("#board .result a[href='/']")).getText())
                .isEqualTo("Back to the lobby");
    }

    /**
     * The view when it is {@code seat}'s main phase; presses Pass on the page when the AI's card
     * waits for an answer.
     */
    private JsonNode myTurn(WebDriver d, String id, String token, String seat) {
        JsonNode v = api.get("/api/matches/" + id + "/view", token).body();
        JsonNode pending = v.get("pendingDecision");
        if (!pending.isNull()) {
            // the page at exactly this version offers Pass (a page already past it has answered:
            // Pass is gone)
            if (pending.get("seat").asText().equals(seat)
                    && pending.get("kind").asText().equals("RESPONSE")
                    && boardVersion(d) == v.get("version").asLong()) {
                WebElement pass = d.findElement(By.id("pass"));
                try {
                    pass.click();
                } catch (org.openqa.selenium.ElementNotInteractableException movedOn) {
                    // the page took a newer view between the version read and the click: look again
                    assertThat(boardVersion(d))
                            .as(
                                    "Pass hidden in the seat's response window at version %s",
                                    v.get("version"))
                            .isGreaterThan(v.get("version").asLong());
                }
            }
            return null;
        }
        return v.get("activeSeat").asText().equals(seat) ? v : null;
    }

    /**
     * Issue 19, every action on the page: an ability of a card in play (Overcharge Coupling's
     * Overcharge) is offered as a button exactly when the server lists it (`/moves`), and clicking
     * it activates it. Both seats play Hot Barrage (two Couplings each) through the API, playing a
     * Coupling when they can and otherwise ending turns, until a seat may activate one (at most
     * three matches).
     */
    @Test
    void anAbilityIsActivatedFromThePage() {
        JsonNode decks = api.starterDecks();
        JsonNode barrage = null;
        for (JsonNode deck : decks) {
            if (deck.get("name").asText().equals("Hot Barrage")) {
                barrage = deck;
            }
        }
        assertThat(barrage).isNotNull();
        String id = null;
        String seat = null;
        Map<String, String> tokens = new java.util.HashMap<>();
        JsonNode activate = null;
        for (int match = 0; match < 6 && activate == null; match++) {
            Res created = api.post("/api/matches", Map.of("ruleset", "voidexa"), null);
            id = created.body().get("matchId").asText();
            tokens.put(
                    "A",
                    api.post(
                                    "/api/matches/" + id + "/seats",
                                    api.seatBody("Ability Ada", barrage),
                                    null)
                            .body()
                            .get("playerToken")
                            .asText());
            tokens.put(
                    "B",
                    api.post(
                                    "/api/matches/" + id + "/seats",
                                    api.seatBody("Ability Bo", barrage),
                                    null)
                            .body()
                            .get("playerToken")
                            .asText());
            for (int step = 0; step < 600 && activate == null; step++) {
                JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
                if (!view.get("status").asText().equals("LIVE")) {
                    break;
                }
                seat = Api.actor(view);
                String token = tokens.get(seat);
                JsonNode mine = api.get("/api/matches/" + id + "/view", token).body();
                JsonNode moves =
                        api.get("/api/matches/" + id + "/moves", token).body().get("moves");
                JsonNode pick = null;
                for (JsonNode m : moves) {
                    String type = m.get("type").asText();
                    if (type.equals("ACTIVATE")) {
                        activate = m;
                    } else if (type.equals("PLAY_CARD")
                            && pick == null
                            && handCardIs(
                                    mine, seat, m.get("card").asText(), "overcharge-coupling")) {
                        pick = m;
                    }
                }
                if (activate != null) {
                    break;
                }
                if (pick == null) {
                    for (String type : List.of("END_TURN", "PASS")) {
                        for (JsonNode m : moves) {
                            if (pick == null && m.get("type").asText().equals(type)) {
                                pick = m;
                            }
                        }
                    }
                }
                if (pick == null) {
                    pick = moves.get(0); // a discard owed: the first listed choice
                }
                com.fasterxml.jackson.databind.node.ObjectNode body =
                        ((com.fasterxml.jackson.databind.node.ObjectNode) pick.deepCopy());
                body.put("intentId", "ab-" + match + "-" + step);
                Res r = api.post("/api/matches/" + id + "/intents", body, token);
                assertThat(r.status()).as(r.raw()).isEqualTo(200);
            }
        }
        assertThat(activate).as("a seat could activate Overcharge within six matches").isNotNull();
        JsonNode before = api.get("/api/matches/" + id + "/view", tokens.get(seat)).body();
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        open(d, id, seat, tokens.get(seat), before.get("version").asLong());
        String card = activate.get("card").asText();
        WebElement button =
                waitFor(
                        d,
                        x ->
                                x
                                        .findElements(
                                                By.cssSelector(
                                                        "#abilities button.ability[data-card='"
                                                                + card
                                                                + "']"))
                                        .stream()
                                        .filter(WebElement::isDisplayed)
                                        .findFirst()
                                        .orElse(null));
        assertThat(button.getText())
                .startsWith("Overcharge Coupling: Overcharge (1 Energy, +2 Heat)");
        button.click();
        waitFor(d, x -> boardVersion(x) > before.get("version").asLong());
        boolean activated = false;
        for (JsonNode e :
                api.get(
                                "/api/matches/"
                                        + id
                                        + "/events?from="
                                        + (before.get("version").asLong() + 1),
                                null)
                        .body()
                        .get("events")) {
            activated |=
                    e.get("type").asText().equals("IntentAccepted")
                            && e.at("/payload/intent/type").asText().equals("ACTIVATE")
                            && e.at("/payload/intent/card").asText().equals(card);
        }
        assertThat(activated).as("the click activated the ability").isTrue();
        assertThat(d.findElement(By.id("refusal")).getText()).isBlank();
        // once a turn: the server no longer lists it, and the page no longer offers it
        waitFor(
                d,
                x ->
                        x.findElements(
                                        By.cssSelector(
                                                "#abilities button.ability[data-card='"
                                                        + card
                                                        + "']"))
                                .isEmpty());
    }

    /**
     * Issue 19: a splash card at several targets from the page. Hot Barrage (seat A, Scatter Shot:
     * up to 3 targets) against Hive Swarm (seat B, drones); the API plays both seats until A may
     * play Scatter Shot with a drone of B's out, then A's page picks two targets in order (the
     * server lists each single target; the page combines them up to the card's maxTargets) and the
     * server records the card played at exactly those two, in that order.
     */
    @Test
    void aSplashCardIsPlayedAtTwoTargetsFromThePage() {
        String id = null;
        Map<String, String> tokens = new java.util.HashMap<>();
        String card = null;
        JsonNode choices = null;
        for (int match = 0; match < 16 && card == null; match++) {
            String[] m =
                    api.startedMatch("Splash Ada", "Splash Bo", 0); // A: Hot Barrage, B: Hive Swarm
            id = m[0];
            tokens.put("A", m[1]);
            tokens.put("B", m[2]);
            for (int step = 0; step < 400 && card == null; step++) {
                JsonNode view = api.get("/api/matches/" + id + "/view", tokens.get("A")).body();
                if (!view.get("status").asText().equals("LIVE")) {
                    break;
                }
                if ("A".equals(Api.actor(view)) && view.get("pendingDecision").isNull()) {
                    for (JsonNode c : view.at("/seats/A/hand")) {
                        if (card == null
                                && c.get("card").asText().equals("scatter-shot")
                                && c.get("playable").asBoolean()
                                && c.get("targets").size() >= 2) {
                            card = c.get("id").asText();
                            choices = c.get("targets");
                        }
                    }
                }
                if (card == null) {
                    bot.step(id, tokens);
                }
            }
        }
        assertThat(card)
                .as(
                        "seat A could play Scatter Shot with a drone of B's out, within sixteen matches")
                .isNotNull();
        JsonNode before = api.get("/api/matches/" + id + "/view", tokens.get("A")).body();
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        open(d, id, "A", tokens.get("A"), before.get("version").asLong());
        String instance = card;
        waitFor(
                        d,
                        x ->
                                x.findElement(
                                        By.cssSelector(
                                                "#hand li.card[data-id='"
                                                        + instance
                                                        + "'] .card-button")))
                .click();
        waitFor(d, x -> x.findElement(By.id("targets")).isDisplayed());
        assertThat(d.findElement(By.id("targets-title")).getText())
                .startsWith("Scatter Shot: choose up to");
        List<WebElement> picks =
                d.findElements(By.cssSelector("#target-buttons button.target-pick"));
        assertThat(picks).as("one button per target the server lists").hasSize(choices.size());
        assertThat(d.findElement(By.cssSelector("#target-buttons .play-targets")).isEnabled())
                .isFalse();
        // the second listed target first, then the first: the order clicked is the order sent
        d.findElement(By.cssSelector("#target-buttons [data-index='1']")).click();
        d.findElement(By.cssSelector("#target-buttons [data-index='0']")).click();
        assertThat(d.findElement(By.cssSelector("#target-buttons [data-index='1']")).getText())
                .startsWith("1. ");
        assertThat(d.findElement(By.cssSelector("#target-buttons [data-index='0']")).getText())
                .startsWith("2. ");
        WebElement play = d.findElement(By.cssSelector("#target-buttons .play-targets"));
        assertThat(play.getText()).isEqualTo("Play at 2 targets");
        play.click();
        waitFor(d, x -> boardVersion(x) > before.get("version").asLong());
        JsonNode played = null;
        for (JsonNode e :
                api.get(
                                "/api/matches/"
                                        + id
                                        + "/events?from="
                                        + (before.get("version").asLong() + 1),
                                null)
                        .body()
                        .get("events")) {
            if (e.get("type").asText().equals("CardPlayed") && played == null) {
                played = e;
            }
        }
        assertThat(played).as("the click played the card").isNotNull();
        assertThat(played.at("/payload/card/id").asText()).isEqualTo(instance);
        assertThat(played.at("/payload/targets")).hasSize(2);
        assertThat(played.at("/payload/targets/0")).isEqualTo(choices.get(1).get(0));
        assertThat(played.at("/payload/targets/1")).isEqualTo(choices.get(0).get(0));
        assertThat(d.findElement(By.id("refusal")).getText()).isBlank();
        // the board names the play and both targets
        waitFor(
                d,
                x ->
                        x.findElement(By.cssSelector("#board .last-play"))
                                .getText()
                                .contains("Scatter Shot → "));
    }

    /**
     * Issue 19: a discard owed is asked in words ("choose 1 card to discard"), the hand's cards
     * marked to click; Escape clears the choice; the chosen card is discarded by the Discard
     * button. Both seats only end their turns until a hand is over its limit of 10.
     */
    @Test
    void aDiscardOwedIsAskedInWordsAndChosenByClicking() {
        String[] m = api.startedMatch("Hoard Ada", "Hoard Bo", 0);
        String id = m[0];
        Map<String, String> tokens = Map.of("A", m[1], "B", m[2]);
        String seat = null;
        JsonNode owed = null;
        for (int i = 0; i < 60 && owed == null; i++) {
            JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
            JsonNode pending = view.get("pendingDecision");
            if (pending != null
                    && !pending.isNull()
                    && pending.get("kind").asText().equals("DISCARD_DOWN")) {
                owed = pending;
                seat = pending.get("seat").asText();
                break;
            }
            String actor = Api.actor(view);
            String type = pending != null && !pending.isNull() ? "PASS" : "END_TURN";
            Res r =
                    api.post(
                            "/api/matches/" + id + "/intents", Api.intent(type), tokens.get(actor));
            assertThat(r.status()).as(r.raw()).isEqualTo(200);
        }
        assertThat(owed).as("a hand went over its limit").isNotNull();
        int count = owed.get("count").asInt();
        JsonNode before = api.get("/api/matches/" + id + "/view", tokens.get(seat)).body();
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        open(d, id, seat, tokens.get(seat), before.get("version").asLong());
        WebElement prompt = waitFor(d, x -> x.findElement(By.id("discard-prompt")));
        assertThat(prompt.isDisplayed()).isTrue();
        assertThat(prompt.getText())
                .startsWith("Your hand is over its limit: choose " + count + " card")
                .contains("(0 chosen)");
        assertThat(d.findElement(By.id("hand")).getDomAttribute("class"))
                .contains("choosing-discard");
        assertThat(d.findElement(By.id("end-turn")).isEnabled())
                .as("no End Turn while a discard is owed")
                .isFalse();
        List<WebElement> cards = d.findElements(By.cssSelector("#hand li.card .card-button"));
        org.openqa.selenium.JavascriptExecutor js = (org.openqa.selenium.JavascriptExecutor) d;
        js.executeScript(
                "document.querySelectorAll('#hand li.card').forEach((li) => { li.duelhallMark = 'kept'; })");
        cards.get(0).click();
        waitFor(d, x -> x.findElement(By.id("discard-prompt")).getText().contains("(1 chosen)"));
        assertThat(
                        js.executeScript(
                                "return [...document.querySelectorAll('#hand li.card')].every((li) => li.duelhallMark === 'kept')"))
                .as("the hand is updated in place, not rebuilt")
                .isEqualTo(true);
        assertThat(d.findElements(By.cssSelector("#hand li.card.selected"))).hasSize(1);
        d.findElement(By.tagName("body")).sendKeys(Keys.ESCAPE);
        waitFor(d, x -> x.findElement(By.id("discard-prompt")).getText().contains("(0 chosen)"));
        List<String> chosen = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            WebElement c = d.findElements(By.cssSelector("#hand li.card")).get(i);
            chosen.add(c.getDomAttribute("data-id"));
            c.findElement(By.cssSelector(".card-button")).click();
        }
        WebElement discard = d.findElement(By.id("discard"));
        assertThat(discard.isEnabled()).isTrue();
        discard.click();
        waitFor(d, x -> !x.findElement(By.id("discard-prompt")).isDisplayed());
        java.util.Set<String> discarded = new java.util.HashSet<>();
        for (JsonNode e :
                api.get(
                                "/api/matches/"
                                        + id
                                        + "/events?from="
                                        + (before.get("version").asLong() + 1),
                                null)
                        .body()
                        .get("events")) {
            if (e.get("type").asText().equals("CardDiscarded")) {
                discarded.add(e.at("/payload/card/id").asText());
            }
        }
        assertThat(discarded).containsExactlyInAnyOrderElementsOf(chosen);
    }

    private static boolean handCardIs(
            JsonNode view, String seat, String instance, String catalogId) {
        for (JsonNode c : view.at("/seats/" + seat + "/hand")) {
            if (c.get("id").asText().equals(instance)) {
                return c.get("card").asText().equals(catalogId);
            }
        }
        return false;
    }

    private void open(WebDriver d, String id, String seat, String token, long version) {
        d.get(url("/match.html?id=" + id + "#seat=" + seat + "&token=" + token));
        boardAt(d, version, WAIT);
        waitFor(d, x -> x.findElement(By.id("conn")).getText().startsWith("live"));
    }

    private boolean playedIn(String id, String token, String card) {
        for (JsonNode e :
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", token)
                        .body()
                        .get("events")) {
            if (e.get("type").asText().equals("CardPlayed")
                    && e.at("/payload/card/id").asText().equals(card)) {
                return true;
            }
        }
        return false;
    }
}
