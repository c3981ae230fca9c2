package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp.Res;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * The table (table.html, issue 14): any ruleset's match played by clicking the moves the server
 * lists, watched live, ended and audited, with no rule in the page. Run for every ruleset the
 * server hosts; a ruleset without a board of its own is sent from the board's address to the table.
 */
class WebTableTest extends WebTest {

    @Test
    void everyRulesetIsPlayedOnTheTableByClickingListedMoves() {
        List<String> seen = new ArrayList<>();
        for (JsonNode r : api.get("/api/rulesets", null).body()) {
            String ruleset = r.get("id").asText();
            JsonNode starters = api.get("/api/rulesets/" + ruleset + "/decks/starter", null).body();
            Res created = api.post("/api/matches", Map.of("ruleset", ruleset), null);
            String id = created.body().get("matchId").asText();
            String[] tokens = new String[2];
            for (int s = 0; s < 2; s++) {
                ObjectNode body =
                        ((ObjectNode) starters.get(s % starters.size()).deepCopy())
                                .put("name", "Table" + s);
                tokens[s] =
                        api.post("/api/matches/" + id + "/seats", body, null)
                                .body()
                                .get("playerToken")
                                .asText();
            }
            // one page per seat, as two players would have, and a spectator's at phone width
            Browser[] seats = {browser(Browser.DESKTOP), browser(Browser.DESKTOP)};
            for (int s = 0; s < 2; s++) {
                seats[s].driver.get(
                        url(
                                "/table.html?id="
                                        + id
                                        + "#seat="
                                        + (s == 0 ? "A" : "B")
                                        + "&token="
                                        + tokens[s]));
            }
            Browser spectator = browser(Browser.PHONE);
            spectator.driver.get(url("/table.html?id=" + id));
            for (int click = 0; click < 8; click++) {
                int owing =
                        api.get("/api/matches/" + id + "/moves", tokens[0])
                                        .body()
                                        .get("moves")
                                        .isEmpty()
                                ? 1
                                : 0;
                JsonNode listed = api.get("/api/matches/" + id + "/moves", tokens[owing]).body();
                long before = listed.get("version").asLong();
                Browser player = seats[owing];
                // the page at the listed version shows exactly the listed moves
                List<WebElement> buttons =
                        waitFor(
                                player.driver,
                                d -> {
                                    List<WebElement> b =
                                            d.findElements(By.cssSelector("#moves button.move"));
                                    return summaryVersion(d) == before
                                                    && b.size() == listed.get("moves").size()
                                            ? b
                                            : null;
                                });
                for (int i = 0; i < buttons.size(); i++) {
                    assertThat(buttons.get(i).getDomAttribute("data-type"))
                            .isEqualTo(listed.at("/moves/" + i + "/type").asText());
                }
                assertThat(
                                seats[1 - owing].driver.findElements(
                                        By.cssSelector("#moves button.move")))
                        .as("the other seat is offered nothing")
                        .isEmpty();
                buttons.get(buttons.size() - 1).click();
                waitFor(
                        player.driver,
                        d ->
                                !d.findElement(By.id("refusal")).getText().isEmpty()
                                        || api.get("/api/matches/" + id + "/view", null)
                                                        .body()
                                                        .get("version")
                                                        .asLong()
                                                > before);
                assertThat(player.driver.findElement(By.id("refusal")).getText())
                        .as("a listed move is never refused")
                        .isEmpty();
                long now =
                        api.get("/api/matches/" + id + "/view", null)
                                .body()
                                .get("version")
                                .asLong();
                waitFor(spectator.driver, Duration.ofSeconds(20), d -> summaryVersion(d) >= now);
                if ("ENDED"
                        .equals(
                                api.get("/api/matches/" + id + "/view", null)
                                        .body()
                                        .get("status")
                                        .asText())) {
                    break;
                }
            }
            if (ruleset.equals(
                    "voidlit")) { // its own part of the table: the numbers of the view, the seat's
                // hand
                JsonNode pub = api.get("/api/matches/" + id + "/view", null).body();
                waitFor(spectator.driver, d -> summaryVersion(d) >= pub.get("version").asLong());
                for (String seat : new String[] {"A", "B"}) {
                    String at = "#state .vl-seat[data-seat='" + seat + "'] ";
                    assertThat(
                                    spectator
                                            .driver
                                            .findElement(
                                                    By.cssSelector(at + "[data-stat='health'] dd"))
                                            .getText())
                            .isEqualTo(pub.at("/seats/" + seat + "/health").asText());
                    assertThat(
                                    spectator
                                            .driver
                                            .findElement(
                                                    By.cssSelector(at + "[data-stat='energy'] dd"))
                                            .getText())
                            .isEqualTo(
                                    pub.at("/seats/" + seat + "/energy").asText()
                                            + "/"
                                            + pub.at("/seats/" + seat + "/maxEnergy").asText());
                    assertThat(spectator.driver.findElements(By.cssSelector(at + ".vl-unit")))
                            .hasSize(pub.at("/seats/" + seat + "/units").size());
                }
                JsonNode own = api.get("/api/matches/" + id + "/view", tokens[0]).body();
                waitFor(seats[0].driver, d -> summaryVersion(d) >= own.get("version").asLong());
                assertThat(
                                seats[0]
                                        .driver
                                        .findElements(
                                                By.cssSelector(
                                                        "#state .vl-seat[data-seat='A'] .vl-chips li[data-id]"))
                                        .stream()
                                        .map(e -> e.getDomAttribute("data-id"))
                                        .toList())
                        .as("the seat's own hand is on its page")
                        .containsAll(ids(own.at("/seats/A/hand")));
                seats[0].fullScreenshot("table-voidlit-player.png", Browser.DESKTOP.getWidth());
            }
            // the spectator's page never holds a card a seat holds hidden: no id in a seat's hand
            // view is on it
            for (int s = 0; s < 2; s++) {
                JsonNode own = api.get("/api/matches/" + id + "/view", tokens[s]).body();
                JsonNode pub = api.get("/api/matches/" + id + "/view", null).body();
                for (String hidden : hiddenIds(own, pub)) {
                    assertThat(spectator.driver.getPageSource())
                            .as(ruleset + ": " + hidden + " is hidden from spectators")
                            .doesNotContain(hidden);
                }
            }
            // conceding from the page ends the match; the audit verdict shows on both pages
            Browser player = seats[0];
            WebElement concede =
                    waitFor(
                            player.driver,
                            d ->
                                    d.findElement(By.id("concede")).isEnabled()
                                            ? d.findElement(By.id("concede"))
                                            : null);
            concede.click();
            concede.click(); // armed, then confirmed
            for (Browser b : List.of(player, spectator)) {
                WebElement verdict =
                        waitFor(
                                b.driver,
                                Duration.ofSeconds(30),
                                d ->
                                        d.findElements(By.cssSelector("#audit .verdict")).stream()
                                                .findFirst()
                                                .orElse(null));
                assertThat(verdict.getText()).as(ruleset).startsWith("Audit passed");
            }
            assertThat(
                            player.driver
                                    .findElement(By.cssSelector("#summary [data-field='status']"))
                                    .getText())
                    .isEqualTo("ENDED");
            if (!ruleset.equals(
                    "voidexa")) { // a ruleset without a board of its own: the board's address leads
                // here
                spectator.driver.get(url("/match.html?id=" + id));
                waitFor(spectator.driver, d -> d.getCurrentUrl().contains("/table.html?id=" + id));
                spectator.fullScreenshot("table-" + ruleset + ".png", Browser.DESKTOP.getWidth());
            }
            seen.add(ruleset);
            // the next ruleset's pages open in the same browsers, reset as for a new test
            release(seats[0], seats[1], spectator);
        }
        assertThat(seen).contains("voidexa");
    }

    /**
     * A new user's way in: the lobby's Game choice set to voidlit, "Play against the AI", and the
     * table played by clicking listed moves until the match ends (the AI plays its own turns); the
     * audit verdict then shows.
     */
    @Test
    void aPersonPlaysVoidlitAgainstTheAiFromTheLobbyToTheEnd() {
        Browser b = browser(Browser.DESKTOP);
        WebDriver d = b.driver;
        d.get(url("/"));
        waitFor(d, x -> x.findElements(By.cssSelector("#game option[value='voidlit']")).size() > 0);
        new org.openqa.selenium.support.ui.Select(d.findElement(By.id("game")))
                .selectByValue("voidlit");
        waitFor(
                d,
                x ->
                        x.findElements(By.cssSelector("#deck option")).stream()
                                .anyMatch(
                                        o ->
                                                o.getText().contains("EMBERWAKE")
                                                        || o.getText().contains("TIDEBOUND")));
        d.findElement(By.id("name")).clear();
        d.findElement(By.id("name")).sendKeys("Table Pilot");
        d.findElement(By.id("play-ai")).click();
        waitFor(
                d,
                x ->
                        x.getCurrentUrl().contains("/table.html?id=")
                                && x.getCurrentUrl().contains("#seat="));
        String id = d.getCurrentUrl().replaceAll(".*id=([^&#]+).*", "$1");
        JsonNode created = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(created.get("ruleset").asText()).isEqualTo("voidlit");
        int clicks = 0;
        long until = System.currentTimeMillis() + 240_000;
        while (!"ENDED"
                .equals(
                        api.get("/api/matches/" + id + "/view", null)
                                .body()
                                .get("status")
                                .asText())) {
            assertThat(System.currentTimeMillis())
                    .as("the match against the AI ends")
                    .isLessThan(until);
            List<WebElement> moves = d.findElements(By.cssSelector("#moves button.move"));
            if (moves.isEmpty()) {
                sleep(100);
                continue;
            }
            long before = summaryVersion(d);
            try {
                moves.get(moves.size() - 1)
                        .click(); // the last listed: mostly ending the turn, so the AI wins in time
            } catch (org.openqa.selenium.StaleElementReferenceException e) {
                continue; // the list was drawn again for a newer state
            }
            clicks++;
            waitFor(
                    d,
                    Duration.ofSeconds(20),
                    x ->
                            summaryVersion(x) > before
                                    || !x.findElement(By.id("refusal")).getText().isEmpty());
        }
        assertThat(clicks).isPositive();
        WebElement verdict =
                waitFor(
                        d,
                        Duration.ofSeconds(30),
                        x ->
                                x.findElements(By.cssSelector("#audit .verdict")).stream()
                                        .findFirst()
                                        .orElse(null));
        assertThat(verdict.getText()).startsWith("Audit passed");
        JsonNode end = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(end.at("/seats/A/name").asText() + end.at("/seats/B/name").asText())
                .contains("Table Pilot");
    }

    private static List<String> ids(JsonNode cards) {
        List<String> out = new ArrayList<>();
        cards.forEach(c -> out.add(c.get("id").asText()));
        return out;
    }

    /**
     * Instance ids in a seat's own view that its public view does not show (its hand, its deck
     * order).
     */
    private static List<String> hiddenIds(JsonNode own, JsonNode pub) {
        List<String> mine = new ArrayList<>();
        collectIds(own, mine);
        String shown = pub.toString();
        return mine.stream().filter(i -> !shown.contains("\"" + i + "\"")).distinct().toList();
    }

    private static void collectIds(JsonNode n, List<String> out) {
        if (n.isObject()) {
            if (n.has("id") && n.get("id").isTextual() && n.get("id").asText().length() >= 4) {
                out.add(n.get("id").asText());
            }
            n.forEach(c -> collectIds(c, out));
        } else if (n.isArray()) {
            n.forEach(c -> collectIds(c, out));
        }
    }
}
