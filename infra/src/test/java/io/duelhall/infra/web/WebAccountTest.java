package io.duelhall.infra.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.http.Api;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * Issue 20 item 4 in the lobby: register, sign in and sign out on the page; two signed-in players
 * open and take a match from their pages and it is rated; signed out, the page plays as a guest and
 * nobody's rating moves.
 */
class WebAccountTest extends WebTest {
    static final Duration RATED = Duration.ofSeconds(60);

    @Test
    void signInPlayRatedFromThePagesSignOutAndAGuestStaysUnrated() {
        String tag = UUID.randomUUID().toString().substring(0, 6);
        String ada = "Web Ada " + tag, bo = "Web Bo " + tag;
        String boPassword = Api.PASSWORD; // the password api.ratedMatch logs in with, below
        Res registered = api.post("/api/players", Map.of("name", bo, "password", boPassword), null);
        assertThat(registered.status()).isEqualTo(201);
        String boAccount = registered.body().get("accountId").asText();

        // Ada registers on the page: signed in at once, her seats named after her account
        WebDriver one = browser(Browser.DESKTOP).driver;
        one.get(url("/"));
        waitFor(one, x -> x.findElements(By.cssSelector("#deck option")).size() > 0);
        assertThat(one.findElement(By.id("signed-in")).isDisplayed()).isFalse();
        one.findElement(By.id("account-name")).sendKeys(ada);
        one.findElement(By.id("account-password")).sendKeys(Api.PASSWORD);
        one.findElement(By.id("register")).click();
        waitFor(one, x -> x.findElement(By.id("signed-in")).isDisplayed());
        assertThat(one.findElement(By.id("account-who")).getText()).isEqualTo(ada);
        assertThat(one.findElement(By.id("signed-out")).isDisplayed()).isFalse();
        assertThat(one.findElement(By.id("name")).isEnabled()).isFalse();
        assertThat(one.findElement(By.id("name")).getDomProperty("value")).isEqualTo(ada);
        assertThat(one.findElement(By.id("account-password")).getDomProperty("value"))
                .as("not kept on the page")
                .isEmpty();
        assertThat(one.findElement(By.id("sign-out")).getAccessibleName()).isEqualTo("Sign out");
        for (WebElement control :
                one.findElements(
                        By.cssSelector(
                                "#start-form button, #start-form select, #account button"))) {
            if (control.isDisplayed()) {
                assertThat(control.getAccessibleName())
                        .as(control.getDomAttribute("id"))
                        .isNotBlank();
            }
        }

        // Bo: a wrong password is refused with the server's words, then he signs in
        WebDriver two = browser(Browser.DESKTOP).driver;
        two.get(url("/"));
        waitFor(two, x -> x.findElements(By.cssSelector("#deck option")).size() > 0);
        signIn(two, bo, "not bo's passphrase");
        WebElement error =
                waitFor(
                        two,
                        x ->
                                x.findElements(By.cssSelector("#account-error")).stream()
                                        .filter(e -> !e.getText().isBlank())
                                        .findFirst()
                                        .orElse(null));
        assertThat(error.getText()).contains("WRONG_CREDENTIALS");
        assertThat(two.findElement(By.id("signed-in")).isDisplayed()).isFalse();
        signIn(two, bo, boPassword);
        waitFor(two, x -> x.findElement(By.id("signed-in")).isDisplayed());
        assertThat(two.findElement(By.id("account-error")).getText()).isEmpty();
        // a reload keeps the sign-in
        two.navigate().refresh();
        waitFor(two, x -> x.findElement(By.id("account-who")).getText().equals(bo));

        // a rated match from the pages: Ada opens it and waits, Bo takes the free seat from the
        // lobby, then concedes
        String[] rated = openAndTake(one, two);
        String id = rated[0];
        JsonNode ids = accountIds(id);
        assertThat(ids.get(0).isNull() || ids.get(1).isNull())
                .as("both seats carry the players' accounts: " + ids)
                .isFalse();
        assertThat(ids.get(1).asText()).isEqualTo(boAccount).isNotEqualTo(ids.get(0).asText());
        JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
        assertThat(view.at("/seats/A/name").asText()).isEqualTo(ada);
        assertThat(view.at("/seats/B/name").asText()).isEqualTo(bo);
        assertThat(
                        api.post("/api/matches/" + id + "/intents", Api.intent("CONCEDE"), rated[2])
                                .status())
                .isEqualTo(200);
        await().atMost(RATED).until(() -> games(ada) == 1 && games(bo) == 1);
        assertThat(rating(ada).get("wins").asInt()).isEqualTo(1);
        assertThat(rating(bo).get("losses").asInt()).isEqualTo(1);

        // Bo signs out: the token is revoked on the server, the page is a guest's again
        two.get(url("/"));
        waitFor(two, x -> x.findElement(By.id("signed-in")).isDisplayed());
        String boToken = playerToken(two);
        assertThat(api.get("/api/sessions/me", boToken).status()).isEqualTo(200);
        two.findElement(By.id("sign-out")).click();
        waitFor(two, x -> x.findElement(By.id("signed-out")).isDisplayed());
        assertThat(playerToken(two)).isNull();
        assertThat(api.get("/api/sessions/me", boToken).status()).as("revoked").isEqualTo(401);
        assertThat(two.findElement(By.id("name")).isEnabled()).isTrue();

        // as a guest, the page still plays, under any name, even a registered one: unrated
        WebElement name = two.findElement(By.id("name"));
        name.clear();
        name.sendKeys(bo);
        String[] guest = openAndTake(two, one);
        JsonNode guestIds = accountIds(guest[0]);
        assertThat(guestIds.get(0).isNull()).as("the guest's seat has no account").isTrue();
        assertThat(guestIds.get(1).isNull()).as("Ada's seat has hers").isFalse();
        // the guest "Bo" wins when Ada concedes: were it rated, both would have a second game
        assertThat(
                        api.post(
                                        "/api/matches/" + guest[0] + "/intents",
                                        Api.intent("CONCEDE"),
                                        guest[2])
                                .status())
                .isEqualTo(200);
        // a later rated match (by the API), so the ratings projection has certainly passed the
        // guest's match
        String[] later = api.ratedMatch(ada, bo, 0);
        api.post("/api/matches/" + later[0] + "/intents", Api.intent("CONCEDE"), later[2]);
        await().atMost(RATED).until(() -> games(ada) == 2);
        assertThat(rating(ada).get("wins").asInt()).as("Ada never lost a rated match").isEqualTo(2);
        assertThat(rating(ada).get("losses").asInt()).isZero();
        assertThat(games(bo)).isEqualTo(2);
        assertThat(rating(bo).get("wins").asInt()).as("the guest's win is not Bo's").isZero();
    }

    private void signIn(WebDriver d, String name, String password) {
        WebElement n = d.findElement(By.id("account-name"));
        n.clear();
        n.sendKeys(name);
        WebElement p = d.findElement(By.id("account-password"));
        p.clear();
        p.sendKeys(password);
        d.findElement(By.id("sign-in")).click();
    }

    /**
     * {@code opener} clicks "Wait for an opponent", {@code taker} takes that match's seat from the
     * waiting list; returns [matchId, opener's seat token, taker's seat token] (from the seat
     * links' fragments).
     */
    private String[] openAndTake(WebDriver opener, WebDriver taker) {
        opener.findElement(By.id("wait-opponent")).click();
        waitFor(opener, x -> x.getCurrentUrl().contains("/match.html?id="));
        String id = opener.getCurrentUrl().replaceAll(".*id=([^&#]+).*", "$1");
        taker.get(url("/"));
        By take = By.cssSelector("#waiting tr[data-match='" + id + "'] button");
        waitFor(taker, x -> x.findElements(take).stream().findFirst().orElse(null)).click();
        waitFor(taker, x -> x.getCurrentUrl().contains("/match.html?id=" + id));
        return new String[] {id, seatToken(opener), seatToken(taker)};
    }

    private static String seatToken(WebDriver d) {
        String fragment = d.getCurrentUrl().replaceAll("^[^#]*#", "");
        for (String kv : fragment.split("&")) {
            if (kv.startsWith("token=")) {
                return java.net.URLDecoder.decode(
                        kv.substring(6), java.nio.charset.StandardCharsets.UTF_8);
            }
        }
        throw new AssertionError("no seat token in " + d.getCurrentUrl());
    }

    private static String playerToken(WebDriver d) {
        return (String)
                ((JavascriptExecutor) d)
                        .executeScript(
                                "const p = JSON.parse(localStorage.getItem('duelhall.player')); return p ? p.playerToken : null;");
    }

    /** The account ids of seats A and B, from the match's PlayerJoined events. */
    private JsonNode accountIds(String matchId) {
        com.fasterxml.jackson.databind.node.ArrayNode ids = Api.JSON.createArrayNode();
        for (String seat : new String[] {"A", "B"}) {
            for (JsonNode e :
                    api.get("/api/matches/" + matchId + "/events?from=0", null)
                            .body()
                            .get("events")) {
                if (e.get("type").asText().equals("PlayerJoined")
                        && e.at("/payload/seat").asText().equals(seat)) {
                    JsonNode account = e.at("/payload/accountId");
                    ids.add(
                            account.isMissingNode()
                                    ? com.fasterxml.jackson.databind.node.NullNode.getInstance()
                                    : account);
                }
            }
        }
        assertThat(ids).hasSize(2);
        return ids;
    }

    private JsonNode rating(String name) {
        return api.get("/api/players/" + name.replace(" ", "%20") + "/matches", null)
                .body()
                .get("rating");
    }

    private int games(String name) {
        JsonNode r = rating(name);
        return r == null || r.isNull() ? 0 : r.get("games").asInt();
    }
}
