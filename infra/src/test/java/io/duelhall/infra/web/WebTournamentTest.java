package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;

/**
 * Issue 41 in the browser: an organizer creates a Swiss from the lobby and starts it from its page;
 * a player enters from the page and finds their table there ("Play your table" opens the seat); the
 * rounds show every table with its players and a link to watch it; as the tables end (each loser
 * concedes over the API) the page follows to the end: standings of four, both rounds' results, the
 * seed revealed and the audit's verdict.
 */
class WebTournamentTest extends WebTest {

    private static Map<String, String> as(String playerToken) {
        return Map.of("X-Player-Token", playerToken);
    }

    /**
     * A browser signed in as a registered player (the lobby's storage, as its sign-in leaves it).
     */
    private WebDriver signedIn(String name, String playerToken) {
        WebDriver d = browser(Browser.DESKTOP).driver;
        d.get(url("/how-to-play.html"));
        JsonNode me = api.get("/api/sessions/me", playerToken).body();
        String player =
                JsonHttp.JSON
                        .createObjectNode()
                        .put("accountId", me.get("accountId").asText())
                        .put("name", name)
                        .put("playerToken", playerToken)
                        .toString();
        ((JavascriptExecutor) d)
                .executeScript("localStorage.setItem('duelhall.player', arguments[0])", player);
        return d;
    }

    @Test
    void aSwissIsOrganizedEnteredPlayedAndProvedInTheBrowser() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 5);
        String organizerName = "Org" + run;
        String organizer = api.registered(organizerName);
        WebDriver org = signedIn(organizerName, organizer);
        org.get(url("/"));
        waitFor(org, x -> x.findElements(By.cssSelector("#game option")).size() > 1);
        new org.openqa.selenium.support.ui.Select(org.findElement(By.id("game")))
                .selectByValue("voidexa");
        org.findElement(By.id("tournament-name")).clear();
        org.findElement(By.id("tournament-name")).sendKeys("Friday Swiss " + run);
        org.findElement(By.id("create-tournament")).click();
        waitFor(org, x -> x.getCurrentUrl().contains("/tournament.html?id="));
        String id = org.getCurrentUrl().replaceAll(".*[?&]id=([^&#]+).*", "$1");
        String facts =
                waitFor(
                        org,
                        x ->
                                textOf(x, "t-facts").contains("registering")
                                        ? textOf(x, "t-facts")
                                        : null);
        assertThat(facts).contains("voidexa").contains("Swiss").contains(organizerName);

        // one player enters from the page, three over the API
        String firstName = "Ent" + run;
        String first = api.registered(firstName);
        WebDriver player = signedIn(firstName, first);
        player.get(url("/tournament.html?id=" + id));
        waitFor(player, x -> x.findElements(By.id("t-enter")).size() == 1);
        player.findElement(By.id("t-enter")).click();
        waitFor(player, x -> textOf(x, "t-mine").contains("You are entered"));
        Map<String, String> tokenOf = new HashMap<>();
        tokenOf.put(firstName, first);
        JsonNode decks = api.get("/api/rulesets/voidexa/decks/starter", null).body();
        for (int i = 1; i < 4; i++) {
            String name = "Ent" + i + run;
            String token = api.registered(name);
            tokenOf.put(name, token);
            JsonHttp.Res r =
                    api.post(
                            "/api/tournaments/" + id + "/entries",
                            JsonHttp.JSON.createObjectNode().set("seat", decks.get(i % 2)),
                            null,
                            as(token));
            assertThat(r.status()).as(r.raw()).isEqualTo(201);
        }

        // the organizer starts it from the page; the player's page offers their table
        waitFor(org, x -> x.findElements(By.id("t-start")).size() == 1);
        org.findElement(By.id("t-start")).click();
        waitFor(org, x -> textOf(x, "t-facts").contains("running"));
        String play =
                waitFor(
                        player,
                        Duration.ofSeconds(30),
                        x ->
                                x.findElements(By.id("t-play")).isEmpty()
                                        ? null
                                        : x.findElement(By.id("t-play")).getDomProperty("href"));
        JsonNode mine = api.get("/api/tournaments/" + id + "/me", null, as(first)).body();
        assertThat(play)
                .contains("id=" + mine.get("matchId").asText())
                .contains("#seat=" + mine.get("seat").asText())
                .contains("token=");
        List<String> rows =
                waitFor(
                        org,
                        x -> {
                            List<String> r = new ArrayList<>();
                            x.findElements(By.cssSelector("#t-rounds tr[data-table]"))
                                    .forEach(e -> r.add(e.getText()));
                            return r.size() == 2 ? r : null;
                        });
        assertThat(String.join("\n", rows))
                .contains(firstName)
                .contains("playing")
                .contains("Watch");
        String running =
                waitFor(
                        org,
                        x ->
                                textOf(x, "t-proof").contains("Seed commitment")
                                        ? textOf(x, "t-proof")
                                        : null);
        assertThat(running)
                .as("no verdict before the seed is out")
                .contains("once the seed is revealed")
                .doesNotContain("FAILED");

        // the judge's desk: the organizer's page has it, the entrant's has not; a ruling from it is
        // listed with who, what and why; a refusal is shown as the server gave it
        Boolean desk =
                waitFor(org, x -> x.findElement(By.id("t-judge")).isDisplayed() ? true : null);
        assertThat(desk).isTrue();
        assertThat(player.findElement(By.id("t-judge")).isDisplayed()).isFalse();
        new org.openqa.selenium.support.ui.Select(org.findElement(By.id("t-kind")))
                .selectByValue("MATCH_LOSS");
        org.findElement(By.id("t-reason")).sendKeys("no entrant named");
        org.findElement(By.id("t-rule-submit")).click();
        String refused =
                waitFor(
                        org,
                        x ->
                                textOf(x, "t-judge-error").isEmpty()
                                        ? null
                                        : textOf(x, "t-judge-error"));
        assertThat(refused).contains("entryId");
        new org.openqa.selenium.support.ui.Select(org.findElement(By.id("t-kind")))
                .selectByValue("WARNING");
        new org.openqa.selenium.support.ui.Select(org.findElement(By.id("t-entry")))
                .selectByVisibleText(firstName);
        org.findElement(By.id("t-reason")).clear();
        org.findElement(By.id("t-reason")).sendKeys("slow play at table");
        org.findElement(By.id("t-rule-submit")).click();
        String ruled =
                waitFor(
                        org,
                        x ->
                                textOf(x, "t-rulings").contains("slow play")
                                        ? textOf(x, "t-rulings")
                                        : null);
        assertThat(ruled)
                .contains("warning for " + firstName)
                .contains("by " + organizerName)
                .contains("slow play at table");
        JsonNode rulings = api.get("/api/tournaments/" + id, null).body().get("rulings");
        assertThat(rulings).hasSize(1);
        assertThat(rulings.get(0).get("kind").asText()).isEqualTo("WARNING");

        // every table of both rounds ends (its seat B concedes); the page follows to the end
        for (int round = 1; round <= 2; round++) {
            JsonNode t = awaitRound(id, round);
            JsonNode tables = t.get("rounds").get(round - 1).get("tables");
            Map<String, String> nameOf = new HashMap<>();
            t.get("entries")
                    .forEach(e -> nameOf.put(e.get("entryId").asText(), e.get("name").asText()));
            for (JsonNode table : tables) {
                concede(id, tokenOf.get(nameOf.get(table.at("/seats/B").asText())));
            }
        }
        String ended =
                waitFor(
                        org,
                        Duration.ofSeconds(60),
                        x ->
                                textOf(x, "t-facts").contains("ended")
                                                && textOf(x, "t-proof").contains("Audit")
                                        ? textOf(x, "t-proof")
                                        : null);
        assertThat(ended).contains("seed revealed").contains("Audit passed");
        JsonNode end = api.get("/api/tournaments/" + id, null).body();
        List<String> standings = new ArrayList<>();
        org.findElements(By.cssSelector("#t-standings tbody tr"))
                .forEach(e -> standings.add(e.getText()));
        assertThat(standings).hasSize(4);
        assertThat(standings.get(0)).startsWith("1 " + end.at("/standings/0/name").asText());
        assertThat(org.findElements(By.cssSelector("#t-rounds section.round"))).hasSize(2);
        assertThat(textOf(org, "t-rounds")).contains("wins").doesNotContain("playing");
        assertThat(org.findElement(By.id("t-bracket-panel")).isDisplayed()).isFalse();
        // the lobby's Tournaments panel lists it, ended, with a link to its page (the list is a
        // read model a moment behind the store: the lobby is opened once it has the end)
        long listedBy = System.currentTimeMillis() + 30_000;
        while (!api.get("/api/tournaments?status=ENDED&limit=10", null)
                        .body()
                        .findValuesAsText("tournamentId")
                        .contains(id)
                && System.currentTimeMillis() < listedBy) {
            Thread.sleep(50);
        }
        org.get(url("/"));
        String listed =
                waitFor(
                        org,
                        x ->
                                x.findElements(
                                                        By.cssSelector(
                                                                "#tournament-list li[data-tournament]"))
                                                .isEmpty()
                                        ? null
                                        : textOf(x, "tournament-list"));
        assertThat(listed).contains("Friday Swiss " + run).contains("ended");
        assertThat(
                        org.findElement(
                                        By.cssSelector(
                                                "#tournament-list li[data-tournament='"
                                                        + id
                                                        + "'] a"))
                                .getDomProperty("href"))
                .endsWith("/tournament.html?id=" + id);
    }

    /**
     * A single elimination of four drawn as a tree: a column per round, each meeting a box of its
     * two entrants with the one who went on marked, the final's winner at the end; a Swiss has no
     * bracket panel.
     */
    @Test
    void anEliminationBracketIsDrawnAsATree() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 5);
        String organizer = api.registered("BOrg" + run);
        JsonHttp.Res created =
                api.post(
                        "/api/tournaments",
                        Map.of(
                                "name", "Cup " + run,
                                "ruleset", "voidexa",
                                "format", "SINGLE_ELIMINATION"),
                        null,
                        as(organizer));
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("tournamentId").asText();
        JsonNode decks = api.get("/api/rulesets/voidexa/decks/starter", null).body();
        Map<String, String> tokenOf = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            String name = "B" + i + run;
            String token = api.registered(name);
            tokenOf.put(name, token);
            api.post(
                    "/api/tournaments/" + id + "/entries",
                    JsonHttp.JSON.createObjectNode().set("seat", decks.get(i % 2)),
                    null,
                    as(token));
        }
        api.post("/api/tournaments/" + id + "/start", Map.of(), null, as(organizer));
        WebDriver d = browser(Browser.DESKTOP).driver;
        d.get(url("/tournament.html?id=" + id));
        int matches =
                waitFor(
                        d,
                        x ->
                                x.findElement(By.id("t-bracket-panel")).isDisplayed()
                                        ? x.findElements(
                                                        By.cssSelector("#t-bracket .bracket-match"))
                                                .size()
                                        : null);
        assertThat(matches).isEqualTo(2);
        Map<String, String> winners = new HashMap<>();
        for (int round = 1; round <= 2; round++) {
            JsonNode t = awaitRound(id, round);
            Map<String, String> nameOf = new HashMap<>();
            t.get("entries")
                    .forEach(e -> nameOf.put(e.get("entryId").asText(), e.get("name").asText()));
            for (JsonNode table : t.get("rounds").get(round - 1).get("tables")) {
                concede(id, tokenOf.get(nameOf.get(table.at("/seats/B").asText())));
                winners.put(
                        round + "/" + table.get("table").asInt(),
                        nameOf.get(table.at("/seats/A").asText()));
            }
        }
        List<String> columns =
                waitFor(
                        d,
                        Duration.ofSeconds(30),
                        x -> {
                            List<String> c = new ArrayList<>();
                            x.findElements(By.cssSelector("#t-bracket .bracket-round"))
                                    .forEach(e -> c.add(e.getText()));
                            return c.size() == 2 && c.get(1).contains("✓") ? c : null;
                        });
        assertThat(columns.get(0)).startsWith("Round 1");
        assertThat(
                        d.findElements(
                                By.cssSelector(
                                        "#t-bracket .bracket-round[data-round='1'] .bracket-match")))
                .hasSize(2);
        assertThat(
                        d.findElements(
                                By.cssSelector(
                                        "#t-bracket .bracket-round[data-round='2'] .bracket-match")))
                .hasSize(1);
        List<String> marked = new ArrayList<>();
        d.findElements(By.cssSelector("#t-bracket .bracket-seat.won"))
                .forEach(e -> marked.add(e.getText().replace(" ✓", "")));
        assertThat(marked)
                .containsExactlyInAnyOrder(
                        winners.get("1/1"), winners.get("1/2"), winners.get("2/1"));
        assertThat(columns.get(1)).contains(winners.get("1/1")).contains(winners.get("1/2"));
    }

    private static String textOf(WebDriver d, String id) {
        return d.findElement(By.id(id)).getText();
    }

    private JsonNode awaitRound(String id, int round) throws InterruptedException {
        long end = System.currentTimeMillis() + 30_000;
        while (true) {
            JsonNode t = api.get("/api/tournaments/" + id, null).body();
            if (t.get("rounds").size() >= round) {
                return t;
            }
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("round " + round + " never paired: " + t);
            }
            Thread.sleep(50);
        }
    }

    /**
     * The page's re-entry and the judge's time extension: an entrant who dropped during round 1
     * sees "Come back" on the tournament page and is back (not dropped) after clicking it; the
     * organizer's desk extends a running table's clock by 60 seconds, the rulings list tells it and
     * the seat's deadline moved.
     */
    @Test
    void aDroppedEntrantComesBackAndAJudgeExtendsATableFromThePage() throws Exception {
        String run = UUID.randomUUID().toString().substring(0, 5);
        String organizerName = "ROrg" + run;
        String organizer = api.registered(organizerName);
        JsonHttp.Res created =
                api.post(
                        "/api/tournaments",
                        Map.of(
                                "name",
                                "Back " + run,
                                "ruleset",
                                "voidexa",
                                "format",
                                "SWISS",
                                "rounds",
                                3),
                        null,
                        as(organizer));
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("tournamentId").asText();
        JsonNode decks = api.get("/api/rulesets/voidexa/decks/starter", null).body();
        Map<String, String> tokenOf = new HashMap<>();
        Map<String, String> nameOfEntry = new HashMap<>();
        for (int i = 0; i < 4; i++) {
            String name = "R" + i + run;
            String token = api.registered(name);
            tokenOf.put(name, token);
            JsonHttp.Res e =
                    api.post(
                            "/api/tournaments/" + id + "/entries",
                            JsonHttp.JSON.createObjectNode().set("seat", decks.get(i % 2)),
                            null,
                            as(token));
            nameOfEntry.put(e.body().get("entryId").asText(), name);
        }
        api.post("/api/tournaments/" + id + "/start", Map.of(), null, as(organizer));
        JsonNode t = awaitRound(id, 1);
        JsonNode t1 = t.at("/rounds/0/tables/0");
        JsonNode t2 = t.at("/rounds/0/tables/1");
        String leaverName = nameOfEntry.get(t1.at("/seats/A").asText());
        String leaver = tokenOf.get(leaverName);
        // the leaver's table is running before they drop (their match is conceded for them)
        JsonNode me = api.get("/api/tournaments/" + id + "/me", null, as(leaver)).body();
        clock(me.get("matchId").asText(), me.get("playerToken").asText());
        assertThat(api.delete("/api/tournaments/" + id + "/entries", null, as(leaver)).status())
                .isEqualTo(200);

        WebDriver d = signedIn(leaverName, leaver);
        d.get(url("/tournament.html?id=" + id));
        waitFor(d, x -> x.findElements(By.id("t-return")).size() == 1 ? true : null);
        assertThat(textOf(d, "t-mine")).contains("You left this tournament");
        d.findElement(By.id("t-return")).click();
        waitFor(d, x -> x.findElements(By.id("t-return")).isEmpty() ? true : null);
        JsonNode back = api.get("/api/tournaments/" + id, null).body();
        for (JsonNode e : back.get("entries")) {
            assertThat(e.get("dropped").asBoolean()).as(e.toString()).isFalse();
        }

        // the organizer extends table 2 from the judge's desk
        String b2 = tokenOf.get(nameOfEntry.get(t2.at("/seats/B").asText()));
        JsonNode me2 = api.get("/api/tournaments/" + id + "/me", null, as(b2)).body();
        String match2 = me2.get("matchId").asText();
        String seat2 = me2.get("playerToken").asText();
        java.time.Instant before =
                java.time.Instant.parse(clock(match2, seat2).get("deadline").asText());
        WebDriver org = signedIn(organizerName, organizer);
        org.get(url("/tournament.html?id=" + id));
        waitFor(org, x -> x.findElement(By.id("t-judge")).isDisplayed() ? true : null);
        new org.openqa.selenium.support.ui.Select(org.findElement(By.id("t-kind")))
                .selectByValue("TIME_EXTENSION");
        org.findElement(By.id("t-table")).sendKeys(String.valueOf(t2.get("table").asInt()));
        org.findElement(By.id("t-seconds")).sendKeys("60");
        org.findElement(By.id("t-reason")).sendKeys("a judge call at the table");
        org.findElement(By.id("t-rule-submit")).click();
        String told =
                waitFor(
                        org,
                        x ->
                                textOf(x, "t-rulings").contains("+60 s on its clock")
                                        ? textOf(x, "t-rulings")
                                        : null);
        assertThat(told).contains("time extension").contains("table " + t2.get("table").asInt());
        assertThat(textOf(org, "t-judge-error")).isEmpty();
        assertThat(java.time.Instant.parse(clock(match2, seat2).get("deadline").asText()))
                .isEqualTo(before.plusSeconds(60));
    }

    /** The clock running in a seat's view of its match, once there is one. */
    private JsonNode clock(String matchId, String seatToken) throws InterruptedException {
        long end = System.currentTimeMillis() + 30_000;
        while (true) {
            JsonHttp.Res r = api.get("/api/matches/" + matchId + "/view", seatToken);
            JsonNode c = r.status() == 200 ? r.body().get("clock") : null;
            if (c != null && c.hasNonNull("deadline")) {
                return c;
            }
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("no clock in " + matchId + ": " + r.raw());
            }
            Thread.sleep(50);
        }
    }

    /** The player concedes their current table (through "my table"'s seat token). */
    private void concede(String id, String playerToken) throws InterruptedException {
        JsonNode me = api.get("/api/tournaments/" + id + "/me", null, as(playerToken)).body();
        String matchId = me.get("matchId").asText();
        long end = System.currentTimeMillis() + 30_000;
        while (true) {
            JsonHttp.Res r =
                    api.post(
                            "/api/matches/" + matchId + "/intents",
                            JsonHttp.intent("CONCEDE"),
                            me.get("playerToken").asText());
            if (r.status() == 200) {
                return;
            }
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("concede refused: " + r.raw());
            }
            Thread.sleep(50);
        }
    }
}
