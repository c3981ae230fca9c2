package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * Issue 16, casket's board: a person creates a casket match against the greedy AI from the lobby,
 * the map draws every hex and the Caskets at their hexes, the person moves by clicking a reachable
 * hex (the server records exactly that path), plays on by clicking the moves the board lists until
 * the match ends (or concedes when it runs long), and the finished match audits clean; a spectator
 * watches a 4-seat AI match live.
 */
class WebCasketTest extends WebTest {
    /** How long the person plays before conceding. */
    static final long PLAY_MILLIS = 150_000;

    @Test
    void aPersonMovesByClickingAHexAndPlaysTheAiToTheEnd() {
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/"));
        waitFor(d, x -> x.findElements(By.cssSelector("#game option[value='casket']")).size() > 0);
        new Select(d.findElement(By.id("game"))).selectByValue("casket");
        waitFor(d, x -> x.findElement(By.id("seats-field")).isDisplayed());
        assertThat(
                        d.findElements(By.cssSelector("#seats option")).stream()
                                .map(o -> o.getDomAttribute("value"))
                                .toList())
                .as("casket's seat counts")
                .containsExactly("2", "3", "4", "5", "6");
        new Select(d.findElement(By.id("seats"))).selectByValue("2");
        waitFor(
                d,
                x ->
                        x.findElements(By.cssSelector("#deck option")).stream()
                                .anyMatch(o -> o.getText().startsWith("Starter 1")));
        d.findElement(By.id("name")).clear();
        d.findElement(By.id("name")).sendKeys("Casket Pilot");
        d.findElement(By.id("play-ai")).click();
        waitFor(
                d,
                x ->
                        x.getCurrentUrl().contains("/table.html?id=")
                                && x.getCurrentUrl().contains("#seat="));
        String id = d.getCurrentUrl().replaceAll(".*id=([^&#]+).*", "$1");
        String me = d.getCurrentUrl().replaceAll(".*seat=([A-F]).*", "$1");
        String token = d.getCurrentUrl().replaceAll(".*token=([^&]+).*", "$1");

        // the map: every hex of the board, each Casket at its hex
        JsonNode first = api.get("/api/matches/" + id + "/view", token).body();
        assertThat(first.get("seats").size()).isEqualTo(2);
        int hexes = first.at("/board/hexes").size();
        assertThat(hexes).isGreaterThan(10);
        waitFor(d, x -> x.findElements(By.cssSelector(".ck-map g.ck-hex")).size() == hexes);
        Set<String> terrains = new HashSet<>();
        for (JsonNode hx : first.at("/board/hexes")) {
            terrains.add(hx.get("terrain").asText());
        }
        for (String t : terrains) {
            assertThat(
                            d.findElements(
                                    By.cssSelector(
                                            ".ck-map g.ck-hex.t-" + t.toLowerCase() + " polygon")))
                    .as("hexes of terrain %s", t)
                    .isNotEmpty();
        }
        JsonNode seatsNow = api.get("/api/matches/" + id + "/view", token).body();
        waitFor(d, x -> shownVersion(x) >= seatsNow.get("version").asLong());
        seatsNow.get("seats")
                .fields()
                .forEachRemaining(
                        e -> {
                            WebElement marker =
                                    waitFor(
                                            d,
                                            x ->
                                                    x
                                                            .findElements(
                                                                    By.cssSelector(
                                                                            ".ck-map g.ck-casket[data-seat='"
                                                                                    + e.getKey()
                                                                                    + "']"))
                                                            .stream()
                                                            .findFirst()
                                                            .orElse(null));
                            if (shownVersion(d) == seatsNow.get("version").asLong()) {
                                assertThat(marker.getDomAttribute("data-hex"))
                                        .as("seat %s's casket", e.getKey())
                                        .isEqualTo(e.getValue().get("hex").asText());
                            }
                        });

        List<String> seen = new ArrayList<>();
        List<String> clickedPath = null;
        int clickedCost = -1;
        int movedTurn = -1;
        long until = System.currentTimeMillis() + PLAY_MILLIS;
        boolean conceded = false;
        while (true) {
            JsonNode view = api.get("/api/matches/" + id + "/view", token).body();
            if (!view.get("status").asText().equals("LIVE")) {
                break;
            }
            if (System.currentTimeMillis() > until && clickedPath != null) {
                conceded = true;
                break;
            }
            assertThat(System.currentTimeMillis())
                    .as("the person gets to move; met: %s", seen)
                    .isLessThan(until + 60_000);
            if (!me.equals(view.path("toAct").asText())) {
                sleep(50);
                continue;
            }
            long version = view.get("version").asLong();
            String decision = view.get("decision").asText();
            int turn = view.get("turn").asInt();
            // the board is drawn with the listed moves: its decision buttons or its reachable hexes
            boolean ready =
                    waitQuietly(
                            d,
                            x ->
                                    shownVersion(x) == version
                                            && (!x.findElements(
                                                                    By.cssSelector(
                                                                            ".ck-board .ck-move"))
                                                            .isEmpty()
                                                    || !x.findElements(
                                                                    By.cssSelector(
                                                                            ".ck-map g.ck-hex.reach"))
                                                            .isEmpty()));
            if (!ready) {
                continue; // the match moved on meanwhile
            }
            String pick;
            List<String> path = null;
            int cost = -1;
            JsonNode reach = view.get("reach");
            switch (decision) {
                case "MULLIGAN" -> pick = ".ck-board button.ck-move[data-type='KEEP']";
                case "REACT" ->
                        pick =
                                has(d, ".ck-board button.ck-move[data-type='REACT']")
                                        ? ".ck-board button.ck-move[data-type='REACT']"
                                        : ".ck-board button.ck-move[data-type='DECLINE']";
                case "PAY" -> pick = ".ck-board button.ck-move[data-type='PAY']";
                case "DISCARD" -> pick = ".ck-board button.ck-move[data-type='DISCARD']";
                default -> {
                    if (has(d, ".ck-board button.ck-attack-move")) {
                        pick = ".ck-board button.ck-attack-move";
                    } else if (movedTurn != turn
                            && reach.size() > 0
                            && has(d, ".ck-map g.ck-hex.reach")) {
                        // towards the nearest enemy: the reachable hex closest to it
                        JsonNode best = closest(view, me, reach);
                        pick =
                                ".ck-map g.ck-hex.reach[data-hex='"
                                        + best.get("hex").asText()
                                        + "']";
                        path = new ArrayList<>();
                        for (JsonNode p : best.get("path")) {
                            path.add(p.asText());
                        }
                        cost = best.get("cost").asInt();
                    } else {
                        pick = ".ck-board button.ck-move[data-type='PASS']";
                    }
                }
            }
            seen.add(decision + " " + pick);
            if (seen.size() > 40) {
                seen.remove(0);
            }
            if (path != null && clickedPath == null) {
                shot(b, "casket-board.png"); // the reachable hexes highlighted, their cost on them
            }
            if (!click(d, pick)) {
                continue;
            }
            waitQuietly(
                    d,
                    x ->
                            shownVersion(x) > version
                                    || !x.findElement(By.id("refusal")).getText().isEmpty());
            String refusal = d.findElement(By.id("refusal")).getText();
            if (movedOnSince(refusal, version)) {
                // the match moved on between the board's drawing and the click (its clock, on a
                // loaded machine): the server refuses a move made on the old version, as it must;
                // the board is drawn again and the next pass picks from it
                continue;
            }
            assertThat(refusal)
                    .as(
                            "a listed move is never refused (%s); my seat then: %s",
                            pick, view.at("/seats/" + me))
                    .isEmpty();
            if (path != null) {
                movedTurn = turn;
                if (clickedPath == null) {
                    clickedPath = path;
                    clickedCost = cost;
                    // the server recorded exactly that MOVE: the path the board sent, at its cost
                    JsonNode moved = lastMoved(id, token, me);
                    assertThat(moved).as("a CasketMoved of %s", me).isNotNull();
                    List<String> recorded = new ArrayList<>();
                    for (JsonNode p : moved.get("path")) {
                        recorded.add(
                                p.isTextual()
                                        ? p.asText()
                                        : p.get("q").asInt() + "," + p.get("r").asInt());
                    }
                    assertThat(recorded).isEqualTo(clickedPath);
                    assertThat(moved.get("cost").asInt()).isEqualTo(clickedCost);
                    String there = clickedPath.get(clickedPath.size() - 1);
                    waitFor(
                            d,
                            x ->
                                    x.findElements(
                                                            By.cssSelector(
                                                                    ".ck-map g.ck-casket[data-seat='"
                                                                            + me
                                                                            + "'][data-hex='"
                                                                            + there
                                                                            + "']"))
                                                    .size()
                                            == 1);
                    shot(b, "casket-moved.png");
                }
            }
        }
        assertThat(clickedPath).as("the person moved by clicking a hex; met: %s", seen).isNotNull();
        if (conceded) {
            WebElement concede = d.findElement(By.id("concede"));
            concede.click();
            waitFor(
                    d,
                    x ->
                            x.findElement(By.id("concede"))
                                    .getText()
                                    .toLowerCase()
                                    .contains("really"));
            d.findElement(By.id("concede")).click();
        }
        WebElement verdict =
                waitFor(
                        d,
                        Duration.ofSeconds(30),
                        x ->
                                x.findElements(By.cssSelector("#audit .verdict")).stream()
                                        .findFirst()
                                        .orElse(null));
        assertThat(verdict.getText()).startsWith("Audit passed");
        waitFor(d, x -> !x.findElements(By.cssSelector(".ck-board .vl-result")).isEmpty());
        shot(b, "casket-ended.png");
        assertThat(api.get("/api/matches/" + id + "/audit", null).body().get("passed").asBoolean())
                .isTrue();
    }

    /**
     * A spectator of a four-seat match (three AI seats and one person, played here through the API,
     * so the match waits on the person and cannot end before the page opens) sees four caskets and
     * no hand, and the page follows each move without a reload.
     */
    @Test
    void aSpectatorWatchesAFourSeatMatchLive() {
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        JsonNode created =
                api.post(
                                "/api/matches",
                                Map.of(
                                        "ruleset",
                                        "casket",
                                        "options",
                                        Map.of("seats", 4),
                                        "ai",
                                        Map.of("B", "greedy", "C", "random", "D", "greedy")),
                                null)
                        .body();
        assertThat(created.has("matchId")).as("created: %s", created).isTrue();
        String id = created.get("matchId").asText();
        ObjectNode seatBody =
                ((ObjectNode)
                                api.get("/api/rulesets/casket/decks/starter", null)
                                        .body()
                                        .get(0)
                                        .deepCopy())
                        .put("name", "Watched Ann");
        JsonNode seat = api.post("/api/matches/" + id + "/seats", seatBody, null).body();
        assertThat(seat.get("seat").asText()).isEqualTo("A");
        String token = seat.get("playerToken").asText();

        d.get(url("/table.html?id=" + id));
        waitFor(d, x -> x.findElements(By.cssSelector(".ck-map g.ck-casket")).size() == 4);
        assertThat(d.findElements(By.cssSelector(".ck-seat"))).hasSize(4);
        long firstShown = waitFor(d, x -> shownVersion(x) > 0 ? shownVersion(x) : null);
        JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(view.get("status").asText()).as("the match waits on seat A").isEqualTo("LIVE");
        assertThat(d.findElements(By.cssSelector(".ck-map g.ck-hex")))
                .hasSize(view.at("/board/hexes").size());
        for (String other : List.of("A", "B", "C", "D")) {
            assertThat(
                            view.at("/seats/" + other + "/hand").isMissingNode()
                                    || view.at("/seats/" + other + "/hand").isNull())
                    .as("a spectator sees no hand of " + other)
                    .isTrue();
        }
        assertThat(d.findElements(By.cssSelector(".ck-seat .ck-hand button")))
                .as("no hand on the spectator's page")
                .isEmpty();
        ((org.openqa.selenium.JavascriptExecutor) d)
                .executeScript("window.__sameCasketPage = true");
        // seat A moves (what /moves lists first); the AIs answer; the page follows each version
        for (int sent = 0; sent < 3; ) {
            JsonNode moves = api.get("/api/matches/" + id + "/moves", token).body().path("moves");
            if (moves.isEmpty()) {
                if (!"LIVE"
                        .equals(
                                api.get("/api/matches/" + id + "/view", null)
                                        .body()
                                        .path("status")
                                        .asText())) {
                    break;
                }
                sleep(100);
                continue;
            }
            ObjectNode move =
                    ((ObjectNode) moves.get(0).deepCopy())
                            .put("intentId", java.util.UUID.randomUUID().toString());
            assertThat(api.post("/api/matches/" + id + "/intents", move, token).status())
                    .isEqualTo(200);
            sent++;
        }
        long now = api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
        assertThat(now).isGreaterThan(firstShown);
        waitFor(d, Duration.ofSeconds(30), x -> shownVersion(x) >= now);
        shot(b, "casket-spectator.png");
        assertThat(
                        ((org.openqa.selenium.JavascriptExecutor) d)
                                .executeScript("return window.__sameCasketPage === true"))
                .as("no reload")
                .isEqualTo(true);
    }

    /** The reach step nearest (hex distance) to the nearest other casket alive. */
    private static JsonNode closest(JsonNode view, String me, JsonNode reach) {
        List<int[]> enemies = new ArrayList<>();
        view.get("seats")
                .fields()
                .forEachRemaining(
                        e -> {
                            if (!e.getKey().equals(me)
                                    && !e.getValue().path("defeated").asBoolean()
                                    && e.getValue().hasNonNull("hex")) {
                                enemies.add(hex(e.getValue().get("hex").asText()));
                            }
                        });
        JsonNode best = reach.get(0);
        int bestDistance = Integer.MAX_VALUE;
        for (JsonNode st : reach) {
            int[] h = hex(st.get("hex").asText());
            for (int[] e : enemies) {
                int dq = h[0] - e[0];
                int dr = h[1] - e[1];
                int dist = (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
                if (dist < bestDistance) {
                    bestDistance = dist;
                    best = st;
                }
            }
        }
        return best;
    }

    private static int[] hex(String s) {
        String[] p = s.split(",");
        return new int[] {Integer.parseInt(p[0].trim()), Integer.parseInt(p[1].trim())};
    }

    /** The payload of the last CasketMoved of {@code seat}. */
    private JsonNode lastMoved(String id, String token, String seat) {
        JsonNode found = null;
        for (JsonNode e :
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", token)
                        .body()
                        .get("events")) {
            if (e.get("type").asText().equals("CasketMoved")
                    && e.at("/payload/seat").asText().equals(seat)) {
                found = e.get("payload");
            }
        }
        return found;
    }

    /**
     * Issue 44: four people, each in a browser of their own, hold the seats of a four-seat casket
     * and play it by clicking their tables (whoever owes the decision: keep the hand, decline a
     * reaction, move by a reachable hex once a turn, pass); each page shows only its own hand;
     * after every seat has acted, three concede on their pages and the fourth page shows the end
     * and a passed audit.
     */
    @Test
    void fourPeoplePlayAFourSeatMatchInTheirBrowsers() {
        JsonNode starters = api.get("/api/rulesets/casket/decks/starter", null).body();
        String[] names = {"Pod Ann", "Pod Bea", "Pod Cy", "Pod Dov"};
        JsonNode created =
                api.post(
                                "/api/matches",
                                Map.of("ruleset", "casket", "options", Map.of("seats", 4)),
                                null)
                        .body();
        assertThat(created.has("matchId")).as("created: %s", created).isTrue();
        String id = created.get("matchId").asText();
        String[] seatTokens = new String[4];
        for (int s = 0; s < 4; s++) {
            ObjectNode body =
                    ((ObjectNode) starters.get(s % starters.size()).deepCopy())
                            .put("name", names[s]);
            JsonNode seat = api.post("/api/matches/" + id + "/seats", body, null).body();
            assertThat(seat.path("seat").asText())
                    .as("seat of %s: %s", names[s], seat)
                    .isNotEmpty();
            seatTokens["ABCD".indexOf(seat.get("seat").asText())] =
                    seat.get("playerToken").asText();
        }
        String[] seats = {"A", "B", "C", "D"};
        Map<String, WebDriver> pages = new java.util.LinkedHashMap<>();
        Map<String, String> tokens = new java.util.HashMap<>();
        for (int s = 0; s < 4; s++) {
            tokens.put(seats[s], seatTokens[s]);
            WebDriver d = browser(Browser.DESKTOP).driver;
            d.get(
                    url(
                            "/table.html?id="
                                    + id
                                    + "#seat="
                                    + seats[s]
                                    + "&token="
                                    + java.net.URLEncoder.encode(
                                            seatTokens[s],
                                            java.nio.charset.StandardCharsets.UTF_8)));
            pages.put(seats[s], d);
        }
        Map<String, Integer> clicks = new java.util.HashMap<>();
        Set<String> movedBy = new HashSet<>();
        Map<String, Integer> movedTurn = new java.util.HashMap<>();
        long until = System.currentTimeMillis() + 240_000;
        while (clicks.size() < 4 || clicks.values().stream().anyMatch(c -> c < 3)) {
            assertThat(System.currentTimeMillis())
                    .as("every person acts three times; clicks so far %s", clicks)
                    .isLessThan(until);
            JsonNode spectator = api.get("/api/matches/" + id + "/view", null).body();
            assertThat(spectator.get("status").asText())
                    .as("the match is live while they play")
                    .isEqualTo("LIVE");
            String me = spectator.path("toAct").asText();
            if (!tokens.containsKey(me)) {
                sleep(50);
                continue;
            }
            JsonNode view = api.get("/api/matches/" + id + "/view", tokens.get(me)).body();
            long version = view.get("version").asLong();
            WebDriver d = pages.get(me);
            boolean ready =
                    waitQuietly(
                            d,
                            x ->
                                    shownVersion(x) == version
                                            && (has(x, ".ck-board .ck-move")
                                                    || has(x, ".ck-map g.ck-hex.reach")));
            if (!ready) {
                continue; // the match moved on meanwhile
            }
            // each page holds its own hand and no other seat's: each other page's source, read
            // once, holds none of the hand's cards (issue 47: a casket page's source is large)
            JsonNode hand = view.at("/seats/" + me + "/hand");
            if (!hand.isEmpty()) {
                for (Map.Entry<String, WebDriver> other : pages.entrySet()) {
                    if (other.getKey().equals(me)) {
                        continue;
                    }
                    String source = other.getValue().getPageSource();
                    for (JsonNode card : hand) {
                        String cardId = card.get("id").asText();
                        assertThat(source)
                                .as("%s's page holds %s's card %s", other.getKey(), me, cardId)
                                .doesNotContain(cardId);
                    }
                }
            }
            int turn = view.get("turn").asInt();
            String pick;
            switch (view.get("decision").asText()) {
                case "MULLIGAN" -> pick = ".ck-board button.ck-move[data-type='KEEP']";
                case "REACT" -> pick = ".ck-board button.ck-move[data-type='DECLINE']";
                case "DISCARD" -> pick = ".ck-board button.ck-move[data-type='DISCARD']";
                default ->
                        pick =
                                movedTurn.getOrDefault(me, -1) != turn
                                                && has(d, ".ck-map g.ck-hex.reach")
                                        ? ".ck-map g.ck-hex.reach"
                                        : ".ck-board button.ck-move[data-type='PASS']";
            }
            if (!click(d, pick)) {
                continue;
            }
            waitQuietly(
                    d,
                    x ->
                            shownVersion(x) > version
                                    || !x.findElement(By.id("refusal")).getText().isEmpty());
            String refusal = d.findElement(By.id("refusal")).getText();
            if (movedOnSince(refusal, version)) {
                continue; // moved on between drawing and clicking (a clock): refused, as it must
            }
            assertThat(refusal).as("%s's listed move %s is never refused", me, pick).isEmpty();
            clicks.merge(me, 1, Integer::sum);
            if (pick.contains("ck-hex")) {
                movedTurn.put(me, turn);
                movedBy.add(me);
            }
        }
        assertThat(movedBy).as("people who moved their casket by clicking a hex").isNotEmpty();
        // three concede on their pages; the last one standing wins
        for (String s : List.of("A", "B", "C")) {
            WebDriver d = pages.get(s);
            waitFor(d, x -> x.findElement(By.id("concede")).isDisplayed());
            d.findElement(By.id("concede")).click();
            waitFor(
                    d,
                    x ->
                            x.findElement(By.id("concede"))
                                    .getText()
                                    .toLowerCase()
                                    .contains("really"));
            d.findElement(By.id("concede")).click();
            waitFor(
                    d,
                    Duration.ofSeconds(30),
                    x ->
                            api.get("/api/matches/" + id + "/view", tokens.get(s))
                                    .body()
                                    .at("/seats/" + s + "/defeated")
                                    .asBoolean());
        }
        WebDriver last = pages.get("D");
        WebElement verdict =
                waitFor(
                        last,
                        Duration.ofSeconds(60),
                        x ->
                                x.findElements(By.cssSelector("#audit .verdict")).stream()
                                        .findFirst()
                                        .orElse(null));
        assertThat(verdict.getText()).startsWith("Audit passed");
        waitFor(last, x -> has(x, ".ck-board .vl-result"));
        assertThat(api.get("/api/matches/" + id + "/view", null).body().get("status").asText())
                .isEqualTo("ENDED");
    }

    /** The whole page from its top (the driver may have scrolled to what it clicked). */
    private static void shot(Browser b, String name) {
        ((org.openqa.selenium.JavascriptExecutor) b.driver).executeScript("window.scrollTo(0, 0)");
        b.fullScreenshot(name, Browser.DESKTOP.getWidth());
    }

    private static boolean has(WebDriver d, String css) {
        return !d.findElements(By.cssSelector(css)).isEmpty();
    }

    private static boolean waitQuietly(
            WebDriver d, org.openqa.selenium.support.ui.ExpectedCondition<Boolean> c) {
        try {
            waitFor(d, Duration.ofSeconds(20), c);
            return true;
        } catch (org.openqa.selenium.TimeoutException e) {
            return false;
        }
    }

    private static boolean click(WebDriver d, String css) {
        try {
            List<WebElement> found = d.findElements(By.cssSelector(css));
            if (found.isEmpty()) {
                return false;
            }
            found.get(0).click();
            return true;
        } catch (org.openqa.selenium.StaleElementReferenceException
                | org.openqa.selenium.ElementNotInteractableException e) {
            return false;
        }
    }

    /**
     * Whether {@code refusal} is the server's STALE_VERSION for a move sent on a version the match
     * had left (its clock, on a loaded machine), the move sent at {@code version} (the one the
     * board showed) or later: the refusal names the match's version from the write side, which the
     * read model of the view may not show yet.
     */
    static boolean movedOnSince(String refusal, long version) {
        java.util.regex.Matcher m =
                java.util.regex.Pattern.compile(
                                "expectedVersion (\\d+) is not the match's version (\\d+)")
                        .matcher(refusal);
        // the page offers only moves listed at the version the board shows (table.js): the move
        // sent
        // carries that version, the one waited for or a later one drawn before the click, never an
        // earlier one; and the match must have left it
        return refusal.contains("STALE_VERSION")
                && m.find()
                && Long.parseLong(m.group(1)) >= version
                && Long.parseLong(m.group(2)) > Long.parseLong(m.group(1));
    }
}
