package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.Select;

/**
 * Issue 40 in the browser: registered players pressing "Play rated" meet in one match — two for
 * voidexa, four in a 4-seat casket — each page showing its wait, then opening the board on the seat
 * the queue gave. A rated table never seats two players of one address, so each browser session
 * stands for a player of its own address: every request it sends carries an {@code
 * X-Forwarded-For}, which the test app believes from 127.0.0.1 as a server behind a proxy does
 * (AppTest, docs/operations.md).
 */
class WebQueueTest extends WebTest {
    @org.springframework.beans.factory.annotation.Autowired
    org.springframework.jdbc.core.JdbcTemplate jdbc;

    /** Each registered player's token, by name. */
    private final Map<String, String> tokens = new java.util.HashMap<>();

    /** A browser of a registered player at {@code address}, on the lobby, signed in. */
    private WebDriver player(String name, String address) {
        ChromeDriver d = browser(Browser.DESKTOP).driver;
        d.executeCdpCommand("Network.enable", Map.of());
        d.executeCdpCommand(
                "Network.setExtraHTTPHeaders",
                Map.of("headers", Map.of("X-Forwarded-For", address)));
        String token = api.registered(name);
        tokens.put(name, token);
        d.get(url("/how-to-play.html"));
        JsonNode me = api.get("/api/sessions/me", token).body();
        String player =
                JsonHttp.JSON
                        .createObjectNode()
                        .put("accountId", me.get("accountId").asText())
                        .put("name", name)
                        .put("playerToken", token)
                        .toString();
        ((JavascriptExecutor) d)
                .executeScript("localStorage.setItem('duelhall.player', arguments[0])", player);
        d.get(url("/"));
        waitFor(d, x -> x.findElements(By.cssSelector("#deck option")).size() > 1);
        waitFor(d, x -> x.findElement(By.id("account-who")).getText().equals(name));
        return d;
    }

    private void choose(WebDriver d, String game, int seats, int deck) {
        new Select(d.findElement(By.id("game"))).selectByValue(game);
        waitFor(d, x -> x.findElements(By.cssSelector("#deck option")).size() > 1);
        if (seats > 2) {
            waitFor(d, x -> x.findElement(By.id("seats-field")).isDisplayed());
            new Select(d.findElement(By.id("seats"))).selectByValue(String.valueOf(seats));
        }
        Select decks = new Select(d.findElement(By.id("deck")));
        decks.selectByIndex(deck % decks.getOptions().size());
    }

    /** What a board opened at once says instead of the queue's words. */
    private static final String MATCHED_AT_ONCE = "(matched at once: the board opened)";

    /**
     * Presses "Play rated": the queue's words once the ticket's stream has said where it stands, or
     * {@link #MATCHED_AT_ONCE} when a wave seated the newcomer on arrival (issue 40: a ticket that
     * completes a table is matched within milliseconds, and the board opens before the queue box
     * has shown its window).
     */
    private String rated(WebDriver d) {
        d.findElement(By.id("play-rated")).click();
        return waitFor(
                d,
                x -> {
                    if (x.getCurrentUrl().contains("#seat=")) {
                        return MATCHED_AT_ONCE;
                    }
                    List<org.openqa.selenium.WebElement> queue = x.findElements(By.id("queue"));
                    String t = queue.isEmpty() ? "" : queue.get(0).getText();
                    // the window shows once the ticket's stream has said where it stands
                    return t.contains("Looking for") && t.contains("window ±") ? t : null;
                });
    }

    private static String matchOf(WebDriver d) {
        return d.getCurrentUrl().replaceAll(".*[?&]id=([^&#]+).*", "$1");
    }

    private static String seatOf(WebDriver d) {
        return d.getCurrentUrl().replaceAll(".*#seat=([A-F]).*", "$1");
    }

    private List<String> meet(List<WebDriver> players, List<String> names) {
        for (WebDriver d : players) {
            waitFor(d, x -> x.getCurrentUrl().contains("#seat="));
        }
        String id = matchOf(players.get(0));
        Set<String> seats = new HashSet<>();
        for (WebDriver d : players) {
            assertThat(matchOf(d)).as("one match for all").isEqualTo(id);
            seats.add(seatOf(d));
        }
        assertThat(seats).hasSize(players.size());
        JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(view.get("status").asText()).isEqualTo("LIVE");
        assertThat(view.get("clock").isNull()).as("rated queues play on the clock").isFalse();
        List<String> seated = new ArrayList<>();
        for (String s : seats) {
            seated.add(view.at("/seats/" + s + "/name").asText());
        }
        assertThat(seated).containsExactlyInAnyOrderElementsOf(names);
        return List.of(id);
    }

    @Test
    void twoRegisteredPlayersPressingPlayRatedMeetInOneRatedMatch() {
        String tag = UUID.randomUUID().toString().substring(0, 5);
        List<String> names = List.of("Rada" + tag, "Rbo" + tag);
        WebDriver a = player(names.get(0), "10.40.0.1");
        choose(a, "voidexa", 2, 0);
        String waiting = rated(a);
        assertThat(waiting)
                .contains("opponent of your strength")
                .contains("rated voidexa queue")
                .contains("rating window ±")
                .contains("Cancel");
        WebDriver b = player(names.get(1), "10.40.0.2");
        choose(b, "voidexa", 2, 1);
        rated(b);
        String match = meet(List.of(a, b), names).get(0);
        // b concedes: the lobby's board of voidexa (what its queue weighs) shows a above b
        String tokenB =
                java.net.URLDecoder.decode(
                        b.getCurrentUrl().replaceAll(".*token=", ""),
                        java.nio.charset.StandardCharsets.UTF_8);
        assertThat(
                        api.post(
                                        "/api/matches/" + match + "/intents",
                                        io.duelhall.infra.http.Api.intent("CONCEDE"),
                                        tokenB)
                                .status())
                .isEqualTo(200);
        a.get(url("/"));
        waitFor(a, x -> x.findElements(By.cssSelector("#board-of option")).size() > 1);
        new Select(a.findElement(By.id("board-of"))).selectByValue("voidexa:2");
        String board =
                waitFor(
                        a,
                        x -> {
                            String t = x.findElement(By.id("leaderboard")).getText();
                            return t.contains(names.get(0)) && t.contains(names.get(1)) ? t : null;
                        });
        assertThat(board.indexOf(names.get(0))).isLessThan(board.indexOf(names.get(1)));
        assertThat(board).contains("1–0").contains("0–1");
        // casket's board of 4 seats is by placing
        new Select(a.findElement(By.id("board-of"))).selectByValue("casket:4");
        waitFor(
                a,
                x ->
                        x.findElement(By.id("leaderboard")).getText().contains("Firsts")
                                || x.findElement(By.id("leaderboard"))
                                        .getText()
                                        .contains("No rated match"));
    }

    @Test
    void fourRegisteredPlayersMeetInAFourSeatCasket() {
        String tag = UUID.randomUUID().toString().substring(0, 5);
        List<String> names = new ArrayList<>();
        List<WebDriver> players = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String name = "Pod" + i + tag;
            names.add(name);
            WebDriver d = player(name, "10.41.0." + (i + 1));
            choose(d, "casket", 4, i);
            String waiting = rated(d);
            if (i < 3) {
                // a pod of 4 cannot be seated before its fourth player
                assertThat(waiting).contains("rated casket (4 seats) queue");
            } else if (!waiting.equals(MATCHED_AT_ONCE)) {
                assertThat(waiting).contains("rated casket (4 seats) queue");
            }
            players.add(d);
        }
        meet(players, names);
    }

    /**
     * The lobby's block list: a signed-in player blocks another by name (listed, and the API
     * agrees), is told in words when the name is nobody's, and unblocks from the list.
     */
    @Test
    void aSignedInPlayerBlocksAndUnblocksAnotherFromTheLobby() {
        String tag = UUID.randomUUID().toString().substring(0, 5);
        String me = "Blk" + tag;
        String other = "Blkd" + tag;
        api.registered(other);
        WebDriver d = player(me, "10.42.0.1");
        waitFor(d, x -> x.findElement(By.id("block-list")).getText().contains("You block nobody."));
        d.findElement(By.id("block-name")).sendKeys(other);
        d.findElement(By.id("block")).click();
        String listed =
                waitFor(
                        d,
                        x -> {
                            String t = x.findElement(By.id("block-list")).getText();
                            return t.contains(other) ? t : null;
                        });
        assertThat(listed).contains(other).contains("Unblock");
        JsonNode blocks =
                api.get("/api/blocks", null, Map.of("X-Player-Token", tokens.get(me))).body();
        assertThat(blocks.size()).isEqualTo(1);
        assertThat(blocks.get(0).get("name").asText()).isEqualTo(other);
        // a name nobody has: refused in words, nothing blocked
        d.findElement(By.id("block-name")).sendKeys("Nobody" + tag);
        d.findElement(By.id("block")).click();
        String error =
                waitFor(
                        d,
                        x -> {
                            String t = x.findElement(By.id("block-error")).getText();
                            return t.isEmpty() ? null : t;
                        });
        assertThat(error).contains("PLAYER_NOT_FOUND");
        assertThat(
                        api.get("/api/blocks", null, Map.of("X-Player-Token", tokens.get(me)))
                                .body()
                                .size())
                .isEqualTo(1);
        // unblocked from the list
        d.findElement(By.cssSelector("#block-list li[data-blocked='" + other + "'] button.unblock"))
                .click();
        waitFor(d, x -> x.findElement(By.id("block-list")).getText().contains("You block nobody."));
        assertThat(
                        api.get("/api/blocks", null, Map.of("X-Player-Token", tokens.get(me)))
                                .body()
                                .size())
                .isZero();
    }

    /**
     * {@code 403 QUEUE_COOLDOWN} in the queue box, in words with its end: the account's dodges are
     * put in the dodges read model (two dodges within the hour, the default before a cooldown;
     * QueueDodgeHttpTest makes real ones from a match left on the clock, which takes minutes), so
     * the refusal itself is the server's.
     */
    @Test
    void aPlayerCoolingDownIsToldInWordsUntilWhenInTheQueueBox() {
        String tag = UUID.randomUUID().toString().substring(0, 5);
        String name = "Cool" + tag;
        WebDriver d = player(name, "10.42.0.2");
        String account =
                api.get("/api/sessions/me", tokens.get(name)).body().get("accountId").asText();
        java.time.OffsetDateTime now = java.time.OffsetDateTime.now(java.time.ZoneOffset.UTC);
        for (int i = 0; i < 2; i++) {
            jdbc.update(
                    "insert into rm_queue_seat (match_id, seat, queue_id, ticket_id, matched_at,"
                            + " account_id, ended_at, outcome, acted, timed_out, dodged)"
                            + " values (?, 'B', 'voidexa-2-rated', ?, ?, ?, ?, 'LOST', false, true,"
                            + " true)",
                    "cool-" + tag + "-" + i,
                    "t-cool-" + tag + "-" + i,
                    now.minusMinutes(10 - i),
                    account,
                    now.minusMinutes(5 - i));
        }
        try {
            String until =
                    api.get("/api/sessions/me", tokens.get(name))
                            .body()
                            .path("queue")
                            .path("cooldownUntil")
                            .asText();
            assertThat(until).as("cooling down").isNotEmpty();
            choose(d, "voidexa", 2, 0);
            d.findElement(By.id("play-rated")).click();
            String box =
                    waitFor(
                            d,
                            x -> {
                                String t = x.findElement(By.id("queue")).getText();
                                return t.contains("You may not queue until") ? t : null;
                            });
            assertThat(box)
                    .contains("2 of the matches the queue seated you in lately were left unplayed")
                    .contains("left)")
                    .contains("QUEUE_COOLDOWN");
            assertThat(d.findElement(By.cssSelector("#queue .cooldown")).getAttribute("data-until"))
                    .isEqualTo(until);
            // the time left counts down (about 6 minutes: the latest dodge ended 4 minutes ago)
            String left = d.findElement(By.cssSelector("#queue .cooldown-left")).getText();
            assertThat(left).matches("[5-6]:[0-5][0-9]");
            waitFor(
                    d,
                    x ->
                            !x.findElement(By.cssSelector("#queue .cooldown-left"))
                                    .getText()
                                    .equals(left));
            assertThat(d.findElement(By.id("start-error")).getText()).isEmpty();
            assertThat(d.findElements(By.id("queue-cancel"))).as("no ticket opened").isEmpty();
        } finally {
            jdbc.update("delete from rm_queue_seat where match_id like ?", "cool-" + tag + "-%");
        }
    }
}
