package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * Issue 44: the event log of voidlit, biome and casket in words, as voidexa's: for a spectator and
 * a player alike, the last play named above the board, no raw event name or field dump anywhere.
 * The words are run on whole recorded matches (the golden records of release 3ede9b7, with the
 * catalog they were played under) and on live pages of each game.
 */
class WebGameWordsTest extends WebTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A whole recorded match of each game (src/test/resources/golden/2026-11-26-3ede9b7). */
    private static final Map<String, String> RECORDS =
            Map.of(
                    "voidlit", "740af06b-6d84-45ec-89ea-69b6da1c5e14",
                    "biome", "502852fa-f717-4666-b4a8-1320c6e95d96",
                    "casket", "101ad74a-0af3-4d5d-b65d-a2579c4e1427");

    /** Sentences each record must be told with (every number from its events). */
    private static final Map<String, List<String>> SENTENCES =
            Map.of(
                    "casket",
                    List.of(
                            "D attacks B's head with Missile Pod: needs 7 (base 5, range 6 +1, arc FRONT +1)",
                            "D rolls DEATH BLOW + HEAVY = 9",
                            "D hits B: 9, critical, 5 damage",
                            "B's defence: 2 blocked, +2 Heat; B pays 3 damage",
                            "A misses C: 5 against 7",
                            "C reacts with Countermeasures: −4 damage",
                            "Round 1: the order is D, A, B, C",
                            "D moves to -5,5 (1 SP)"),
                    "voidlit",
                    List.of(
                            "A's Cinder Runner attacks B's Reef Sentry",
                            "B loses 2 Health to an attack (28 left)",
                            "A takes a mulligan: 4 cards back to the deck (Ember Rain, Ember Whelp, Pyre Bomber, Blaze Captain)"),
                    "biome",
                    List.of(
                            "The match starts: B goes first; the biomes Ember Crater (6), Tidal Shelf (8) and Verdant Deep (10)",
                            "A plays Ion Bolt at B's Field Medic; B may answer",
                            "A's Ion Bolt resolves",
                            "B's Field Medic advances to Verdant Deep (1/2)",
                            "A's Ridge Runner attacks Ember Crater",
                            "B defends: Scout Drone blocks Vanguard Striker"));

    @SuppressWarnings("unchecked")
    private static List<Object> tell(WebDriver d, String ruleset, String catalog, String events) {
        return (List<Object>)
                ((JavascriptExecutor) d)
                        .executeAsyncScript(
                                """
                const done = arguments[arguments.length - 1];
                Promise.all([import('/js/boards.js'), import('/js/api.js')])
                  .then(([b, api]) => b.catalogOf(api.get, arguments[0], arguments[1]).then((cards) => {
                    const t = b.tellerFor(arguments[0], cards);
                    const evs = JSON.parse(arguments[2]);
                    done([t.worded ? t.worded() : [], evs.map((e) => t.say(e))]);
                  }))
                  .catch((e) => done([[], ['ERROR ' + e]]));
                """,
                                ruleset,
                                catalog,
                                events);
    }

    private static JsonNode record(String ruleset) throws IOException {
        try (InputStream in =
                WebGameWordsTest.class.getResourceAsStream(
                        "/golden/2026-11-26-3ede9b7/records/" + RECORDS.get(ruleset) + ".json")) {
            return JSON.readTree(in);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"voidlit", "biome", "casket"})
    @SuppressWarnings("unchecked")
    void aWholeRecordedMatchIsToldInWords(String ruleset) throws IOException {
        JsonNode rec = record(ruleset);
        JsonNode events = rec.get("events");
        Set<String> types = new TreeSet<>();
        events.forEach(e -> types.add(e.get("type").asText()));
        Browser b = browser(Browser.DESKTOP);
        b.driver.get(url("/"));
        List<Object> out =
                tell(b.driver, ruleset, rec.get("catalogVersion").asText(), events.toString());
        List<String> worded = (List<String>) out.get(0);
        List<String> said = (List<String>) out.get(1);
        assertThat(worded).as("every event type of the match has words").containsAll(types);
        assertThat(said).hasSize(events.size());
        List<String> told = new ArrayList<>();
        for (int i = 0; i < said.size(); i++) {
            String s = said.get(i);
            String type = events.get(i).get("type").asText();
            if (s == null) {
                assertThat(type)
                        .as("only bookkeeping is left out")
                        .isIn("SeatTokenIssued", "IntentAccepted", "ClockSet");
                continue;
            }
            told.add(s);
            assertThat(s)
                    .as("event %s (%s)", i, type)
                    .doesNotContain("undefined", "null", "NaN", "[object", "ERROR")
                    .doesNotContain(type)
                    .doesNotContain(type.toLowerCase());
        }
        // names from the catalog, never instance ids
        assertThat(told).noneMatch(s -> s.matches(".*\\bc[0-9a-f]{8}\\b.*"));
        assertThat(told).contains(SENTENCES.get(ruleset).toArray(String[]::new));
        switch (ruleset) {
            case "voidlit" -> {
                assertThat(told).anyMatch(s -> s.matches("[AB] plays .+ \\(\\d+ Energy\\)"));
                assertThat(told)
                        .anyMatch(s -> s.matches("[AB] loses \\d+ Health to .+ \\(\\d+ left\\)"));
                assertThat(told).anyMatch(s -> s.matches("[AB]'s [A-Z][a-z].* attacks .+"));
            }
            case "biome" -> {
                // "B's Ridge Runner attacks Ember Crater": an agent by its name at a biome by its
                assertThat(told)
                        .anyMatch(
                                s ->
                                        s.matches(
                                                "[AB]'s [A-Z].* attacks? (Ember Crater|Tidal Shelf|Verdant Deep)"));
                assertThat(told).anyMatch(s -> s.matches("[AB]'s .+ resolves"));
                assertThat(told).anyMatch(s -> s.matches("[AB] defends: [A-Z].* blocks [A-Z].*"));
            }
            default -> {}
        }
    }

    /**
     * A live match of {@code ruleset} (seat A a person played through the API, B the greedy AI):
     * the spectator's and the player's table tell it in words, name the last play above the board,
     * and show no raw event name; after the person concedes, the lobby's recent matches link its
     * replay, and the replay steps through it with the game's own board.
     */
    @ParameterizedTest
    @ValueSource(strings = {"voidlit", "biome", "casket"})
    void theTableTellsALiveMatchInWordsAndItsReplayStepsThroughIt(String ruleset) {
        String[] m = matchAgainstAi(ruleset);
        String id = m[0];
        String token = m[1];
        Browser spectator = browser(Browser.DESKTOP);
        Browser player = browser(Browser.DESKTOP);
        spectator.driver.get(url("/table.html?id=" + id));
        player.driver.get(url("/table.html?id=" + id + "#seat=A&token=" + token));
        play(id, token, 6);
        long now = api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
        Set<String> types = new TreeSet<>();
        api.get("/api/matches/" + id + "/events?from=0&limit=5000", null)
                .body()
                .get("events")
                .forEach(e -> types.add(e.get("type").asText()));
        for (Browser b : List.of(spectator, player)) {
            WebDriver d = b.driver;
            waitFor(d, Duration.ofSeconds(30), x -> shownVersion(x) >= now);
            String log = d.findElement(By.id("log")).getText();
            for (String t : types) {
                assertThat(log).as("no raw event name").doesNotContain(t, t.toLowerCase());
            }
            assertThat(log)
                    .doesNotContain("undefined", "[object")
                    .contains(
                            ruleset.equals("casket")
                                    ? "Match created (casket, 2 seats)"
                                    : "Match created (" + ruleset + ")");
            assertThat(log)
                    .as("no field dump")
                    .doesNotContainPattern("\\bmatchid\\b|seed commitment");
            // the newest entry on top, each entry one sentence with its sequence number
            List<WebElement> entries = d.findElements(By.cssSelector("#log li"));
            assertThat(entries.size()).isGreaterThan(5);
            assertThat(Long.parseLong(entries.get(0).getDomAttribute("data-seq")))
                    .isGreaterThan(Long.parseLong(entries.get(1).getDomAttribute("data-seq")));
            WebElement last = d.findElement(By.id("last-play"));
            assertThat(last.isDisplayed()).as("the last play above the board").isTrue();
            String seq = last.getDomAttribute("data-seq");
            String play =
                    d.findElement(By.cssSelector("#log li[data-seq='" + seq + "']"))
                            .getText()
                            .replaceFirst("^\\d+\\s*", "");
            assertThat(last.getText()).isEqualTo("Last play " + play);
        }
        player.fullScreenshot("table-" + ruleset + "-words.png", Browser.DESKTOP.getWidth());

        // the person concedes: the lobby's recent matches link the replay of this game too
        assertThat(
                        api.post(
                                        "/api/matches/" + id + "/intents",
                                        Map.of(
                                                "type",
                                                "CONCEDE",
                                                "intentId",
                                                UUID.randomUUID().toString()),
                                        token)
                                .status())
                .isEqualTo(200);
        WebDriver d = spectator.driver;
        d.get(url("/"));
        By replayLink =
                By.cssSelector(
                        "#recent tr[data-match='" + id + "'] a[href*='replay.html?id=" + id + "']");
        waitFor(d, Duration.ofSeconds(30), x -> !x.findElements(replayLink).isEmpty());
        d.findElement(replayLink).click();
        waitFor(d, x -> x.getCurrentUrl().contains("/replay.html?id=" + id));
        long end = api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
        waitFor(d, x -> x.findElement(By.id("step-max")).getText().equals(String.valueOf(end)));
        waitFor(d, x -> "0".equals(x.findElement(By.id("board")).getDomAttribute("data-step")));
        String events = d.findElement(By.id("events")).getText();
        for (String t : types) {
            assertThat(events).as("the replay's events in words").doesNotContain(t);
        }
        // step forward (bookkeeping folded in) until a turn has begun: the game's own board
        d.findElement(By.id("next-turn")).click();
        waitFor(
                d,
                x -> {
                    String s = x.findElement(By.id("board")).getDomAttribute("data-step");
                    return s != null && Long.parseLong(s) > 0;
                });
        long step = Long.parseLong(d.findElement(By.id("board")).getDomAttribute("data-step"));
        assertThat(d.findElement(By.id("step-link")).getDomAttribute("href"))
                .endsWith("/replay.html?id=" + id + "&at=" + step);
        assertThat(d.findElements(By.cssSelector("#board .vl-board")))
                .as("the game's board")
                .hasSize(1);
        assertThat(d.findElement(By.cssSelector("#board")).getText()).contains("REPLAY");
        d.findElement(By.id("next")).click();
        waitFor(
                d,
                x ->
                        Long.parseLong(x.findElement(By.id("board")).getDomAttribute("data-step"))
                                > step);
        long next = Long.parseLong(d.findElement(By.id("board")).getDomAttribute("data-step"));
        assertThat(
                        d.findElement(By.cssSelector("#events li[aria-current='step']"))
                                .getDomAttribute("data-seq"))
                .isEqualTo(String.valueOf(next));
        // the link to a step opens that step; the last step shows the end
        d.get(url("/replay.html?id=" + id + "&at=" + end));
        waitFor(
                d,
                x ->
                        String.valueOf(end)
                                .equals(
                                        x.findElement(By.id("board"))
                                                .getDomAttribute("data-step")));
        waitFor(
                d,
                x -> x.findElement(By.cssSelector("#board .vl-result")).getText().contains("wins"));
        assertThat(d.findElement(By.id("current")).getText()).contains("Match over");
        spectator.fullScreenshot("replay-" + ruleset + ".png", Browser.DESKTOP.getWidth());
    }

    /**
     * Each game's table and replay at phone width: nothing overflows sideways (the page is no wider
     * than the screen), the board and the log are there.
     */
    @ParameterizedTest
    @ValueSource(strings = {"voidlit", "biome", "casket"})
    void eachBoardFitsAPhone(String ruleset) {
        String[] m = matchAgainstAi(ruleset);
        play(m[0], m[1], 4);
        long now = api.get("/api/matches/" + m[0] + "/view", null).body().get("version").asLong();
        Browser phone = browser(Browser.PHONE);
        WebDriver d = phone.driver;
        for (String page :
                List.of(
                        "/table.html?id=" + m[0] + "#seat=A&token=" + m[1],
                        "/table.html?id=" + m[0],
                        "/replay.html?id=" + m[0] + "&at=" + now)) {
            d.get(url(page));
            if (page.startsWith("/table")) {
                waitFor(d, Duration.ofSeconds(30), x -> shownVersion(x) >= now);
            } else {
                waitFor(
                        d,
                        x ->
                                String.valueOf(now)
                                        .equals(
                                                x.findElement(By.id("board"))
                                                        .getDomAttribute("data-step")));
            }
            assertThat(d.findElements(By.cssSelector(".vl-board"))).hasSize(1);
            Object wide =
                    ((JavascriptExecutor) d)
                            .executeScript(
                                    "const w = document.documentElement.clientWidth;"
                                            + "const over = [...document.querySelectorAll('body *')]"
                                            + ".filter((e) => e.getBoundingClientRect().right > w + 1 && e.offsetParent !== null"
                                            + " && !e.closest('svg, .hand, [hidden]'))"
                                            + ".slice(0, 5).map((e) => e.tagName + '.' + e.className + '#' + e.id);"
                                            + "return [document.documentElement.scrollWidth, w, over.join(' ')];");
            @SuppressWarnings("unchecked")
            List<Object> size = (List<Object>) wide;
            assertThat(((Number) size.get(0)).longValue())
                    .as("%s is no wider than the phone: %s", page, size.get(2))
                    .isLessThanOrEqualTo(((Number) size.get(1)).longValue());
            assertThat(size.get(2)).as("%s: nothing sticks out", page).isEqualTo("");
        }
        phone.screenshot("table-" + ruleset + "-phone.png");
    }

    /**
     * What changed, shown as it changes: a match between two AIs, its replay stepped forward by one
     * told event onto voidlit's Health falling, biome's queue entry resolving, casket's Casket
     * moving and the dice of an attack. The step's change is marked on the game's own board.
     */
    @ParameterizedTest
    @ValueSource(strings = {"voidlit", "biome", "casket"})
    void whatChangedIsShownWhenTheReplayStepsForward(String ruleset) {
        Map<String, String> wanted =
                switch (ruleset) {
                    case "voidlit" -> Map.of("HealthLost", "");
                    case "biome" -> Map.of("ActionExecuted", "");
                    default -> Map.of("CasketMoved", "", "DiceRolled", "ATTACK");
                };
        // an AI match that reaches the wanted events; the server shuffles and seat B plays at
        // random, so a match may go a long way without them (once a casket match rolled no attack
        // in 120 s: its caskets never came in reach): then another match is played
        String tried = null;
        List<JsonNode> events = new ArrayList<>();
        for (int attempt = 0; attempt < 4; attempt++) {
            tried = api.aiMatch(ruleset, Map.of("A", "greedy", "B", "random"));
            if (reaches(tried, wanted, events, 40_000)) {
                break;
            }
        }
        String id = tried;
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        for (Map.Entry<String, String> w : wanted.entrySet()) {
            JsonNode target =
                    events.stream()
                            .filter(e -> is(e, w.getKey(), w.getValue()))
                            .findFirst()
                            .orElseThrow(() -> new AssertionError("no " + w + " in " + id));
            long k = target.get("seq").asLong();
            // the told step before it (bookkeeping is folded into its step)
            long before =
                    events.stream()
                            .filter(e -> e.get("seq").asLong() < k)
                            .filter(
                                    e ->
                                            !Set.of("SeatTokenIssued", "IntentAccepted", "ClockSet")
                                                    .contains(e.get("type").asText()))
                            .mapToLong(e -> e.get("seq").asLong())
                            .max()
                            .orElse(0);
            d.get(url("/replay.html?id=" + id + "&at=" + before));
            waitFor(
                    d,
                    x ->
                            String.valueOf(before)
                                    .equals(
                                            x.findElement(By.id("board"))
                                                    .getDomAttribute("data-step")));
            d.findElement(By.id("next")).click();
            JsonNode p = target.get("payload");
            String seat = p.path("seat").asText();
            By mark =
                    switch (w.getKey()) {
                        case "HealthLost" ->
                                By.cssSelector(
                                        "#board [data-watch='"
                                                + seat
                                                + ".health'][data-fx='hurt'], #board [data-watch='"
                                                + seat
                                                + ".health'] .float-delta.worse");
                        case "ActionExecuted" ->
                                By.cssSelector(
                                        "#board .bm-left .bm-entry.resolved[data-entry='"
                                                + p.get("entry").asText()
                                                + "']");
                        case "CasketMoved" ->
                                By.cssSelector(
                                        "#board polyline.ck-trail[data-seat='" + seat + "']");
                        default ->
                                By.cssSelector(
                                        "#board .ck-dice li[data-seq='"
                                                + k
                                                + "'][data-purpose='ATTACK']");
                    };
            waitFor(
                    d,
                    Duration.ofSeconds(10),
                    x ->
                            String.valueOf(k)
                                            .equals(
                                                    x.findElement(By.id("board"))
                                                            .getDomAttribute("data-step"))
                                    && !x.findElements(mark).isEmpty());
            if (w.getKey().equals("CasketMoved")) {
                assertThat(
                                d.findElements(
                                        By.cssSelector(
                                                "#board g.ck-casket.moved[data-seat='"
                                                        + seat
                                                        + "']")))
                        .as("the Casket slides from where it was")
                        .hasSize(1);
            }
            if (w.getKey().equals("HealthLost")) {
                assertThat(
                                d.findElement(
                                                By.cssSelector(
                                                        "#board [data-watch='"
                                                                + seat
                                                                + ".health']"))
                                        .getDomAttribute("data-value"))
                        .isEqualTo(p.get("health").asText());
            }
        }
    }

    /**
     * Reads the events of match {@code id} into {@code events} until it holds every wanted one
     * (true), or the match ended or {@code ms} passed without them (false).
     */
    private boolean reaches(String id, Map<String, String> wanted, List<JsonNode> events, long ms) {
        long until = System.currentTimeMillis() + ms;
        while (true) {
            events.clear();
            api.get("/api/matches/" + id + "/events?from=0&limit=5000", null)
                    .body()
                    .get("events")
                    .forEach(events::add);
            if (wanted.entrySet().stream()
                    .allMatch(
                            w -> events.stream().anyMatch(e -> is(e, w.getKey(), w.getValue())))) {
                return true;
            }
            if (System.currentTimeMillis() > until
                    || events.stream().anyMatch(e -> is(e, "MatchEnded", ""))) {
                return false;
            }
            sleep(200);
        }
    }

    private static boolean is(JsonNode e, String type, String purpose) {
        return e.get("type").asText().equals(type)
                && (purpose.isEmpty() || purpose.equals(e.at("/payload/purpose").asText()));
    }

    /** A match of {@code ruleset}: seat A a person (its token returned), B the greedy AI. */
    private String[] matchAgainstAi(String ruleset) {
        String id = api.aiMatch(ruleset, Map.of("B", "greedy"));
        ObjectNode seat =
                ((ObjectNode)
                                api.get("/api/rulesets/" + ruleset + "/decks/starter", null)
                                        .body()
                                        .get(0)
                                        .deepCopy())
                        .put("name", "Words Ann");
        JsonNode taken = api.post("/api/matches/" + id + "/seats", seat, null).body();
        assertThat(taken.get("seat").asText()).isEqualTo("A");
        return new String[] {id, taken.get("playerToken").asText()};
    }

    /**
     * Seat A sends {@code n} moves (every other one the last card play listed, or the last move
     * listed when none is: PASS and END come first in most lists), the AI answering between.
     */
    private void play(String id, String token, int n) {
        long until = System.currentTimeMillis() + 60_000;
        for (int sent = 0; sent < n && System.currentTimeMillis() < until; ) {
            JsonNode moves = api.get("/api/matches/" + id + "/moves", token).body().path("moves");
            if (moves.isEmpty()) {
                if (!"LIVE"
                        .equals(
                                api.get("/api/matches/" + id + "/view", null)
                                        .body()
                                        .path("status")
                                        .asText())) {
                    return;
                }
                sleep(50);
                continue;
            }
            JsonNode pick = moves.get(sent % 2 == 0 ? moves.size() - 1 : 0);
            if (sent % 2 == 0) {
                // a card played when one is listed: the board names the last play, and an AI
                // may play none (casket's greedy B, stuck behind the reservoir's walls, passed
                // for the whole match once, and nobody had played when the board was read)
                for (JsonNode m : moves) {
                    if (m.path("type").asText().startsWith("PLAY")) {
                        pick = m;
                    }
                }
            }
            if ("CONCEDE".equals(pick.path("type").asText())) {
                pick = moves.get(0);
            }
            ObjectNode move =
                    ((ObjectNode) pick.deepCopy()).put("intentId", UUID.randomUUID().toString());
            int status = api.post("/api/matches/" + id + "/intents", move, token).status();
            assertThat(status).as("a listed move: %s", move).isEqualTo(200);
            sent++;
        }
    }
}
