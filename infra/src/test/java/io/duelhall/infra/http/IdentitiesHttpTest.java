package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.domain.SeatTokens;
import io.duelhall.infra.AppTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issue 20 item 4: registered players, player tokens, rated play only between registered players.
 */
class IdentitiesHttpTest extends AppTest {
    @LocalServerPort int port;
    @Autowired JdbcTemplate jdbc;
    Api api;
    final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    private int send(String method, String path, String header, String value) throws Exception {
        HttpRequest.Builder b =
                HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                        .method(method, HttpRequest.BodyPublishers.noBody());
        if (header != null) {
            b.header(header, value);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private Res seat(String matchId, String name, int deck, String playerToken) throws Exception {
        String body =
                JsonHttp.JSON.writeValueAsString(api.seatBody(name, api.starterDecks().get(deck)));
        HttpRequest.Builder b =
                HttpRequest.newBuilder(
                                URI.create(
                                        "http://localhost:"
                                                + port
                                                + "/api/matches/"
                                                + matchId
                                                + "/seats"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body));
        if (playerToken != null) {
            b.header("X-Player-Token", playerToken);
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        return new Res(r.statusCode(), JsonHttp.JSON.readTree(r.body()), r.body(), r.headers());
    }

    private JsonNode rating(String name) {
        return api.get("/api/players/" + name + "/matches", null).body().get("rating");
    }

    /** Waits until the ratings projection has caught up to {@code games} games for {@code name}. */
    private JsonNode ratingAfter(String name, int games) throws InterruptedException {
        Instant until = Instant.now().plusSeconds(20);
        while (Instant.now().isBefore(until)) {
            JsonNode r = rating(name);
            if (r != null && !r.isNull() && r.get("games").asInt() >= games) {
                return r;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("no rating of " + name + " with " + games + " games");
    }

    private String login(String name, String password) {
        Res r = api.post("/api/sessions", Map.of("name", name, "password", password), null);
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return r.body().get("playerToken").asText();
    }

    private void concede(String matchId, String seatToken) {
        Res r = api.post("/api/matches/" + matchId + "/intents", Api.intent("CONCEDE"), seatToken);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
    }

    @Test
    void registerLoginLogoutConfusablesAndTokensHashedAtRest() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 6);
        String name = "Ada" + suffix;
        Res reg =
                api.post(
                        "/api/players",
                        Map.of("name", name, "password", "correct horse battery"),
                        null);
        assertThat(reg.status()).as(reg.raw()).isEqualTo(201);
        String accountId = reg.body().get("accountId").asText();
        String location = reg.headers().firstValue("Location").orElseThrow();
        assertThat(location).endsWith("/api/players/" + name + "/matches");
        assertThat(api.get(location.replaceAll("^https?://[^/]+", ""), null).status())
                .isEqualTo(200);

        // the same name in other case or in fullwidth letters (NFKC) is taken
        Res dup =
                api.post(
                        "/api/players",
                        Map.of("name", name.toUpperCase(), "password", "another password"),
                        null);
        assertThat(dup.status()).as(dup.raw()).isEqualTo(409);
        assertThat(dup.error()).isEqualTo("NAME_TAKEN");
        Res confusable =
                api.post(
                        "/api/players",
                        Map.of(
                                "name",
                                "\uFF21\uFF44\uFF41" + suffix,
                                "password",
                                "another password"),
                        null);
        assertThat(confusable.status()).as(confusable.raw()).isEqualTo(409);
        Res weak =
                api.post(
                        "/api/players", Map.of("name", "Weak" + suffix, "password", "short"), null);
        assertThat(weak.status()).as(weak.raw()).isEqualTo(400);
        assertThat(weak.error()).isEqualTo("WEAK_PASSWORD");

        Res wrong =
                api.post(
                        "/api/sessions", Map.of("name", name, "password", "wrong password!"), null);
        assertThat(wrong.status()).as(wrong.raw()).isEqualTo(401);
        assertThat(wrong.error()).isEqualTo("WRONG_CREDENTIALS");
        assertThat(wrong.body().has("message")).isTrue();

        String token = login(name, "correct horse battery");
        Res me = api.get("/api/sessions/me", token);
        assertThat(me.status()).as(me.raw()).isEqualTo(200);
        assertThat(me.body().get("accountId").asText()).isEqualTo(accountId);

        // at rest: neither the token nor the password, only their hashes
        List<Map<String, Object>> sessions =
                jdbc.queryForList("select * from player_session where account_id = ?", accountId);
        assertThat(sessions).hasSize(1);
        assertThat(sessions.get(0).toString()).doesNotContain(token);
        assertThat(sessions.get(0).get("TOKEN_HASH")).isEqualTo(SeatTokens.hash(token));
        String hash =
                jdbc.queryForObject(
                        "select password_hash from player_account where account_id = ?",
                        String.class,
                        accountId);
        assertThat(hash).startsWith("$2").doesNotContain("correct horse");

        assertThat(send("DELETE", "/api/sessions/me", "Authorization", "Bearer " + token))
                .isEqualTo(204);
        assertThat(api.get("/api/sessions/me", token).status()).isEqualTo(401);
        assertThat(send("DELETE", "/api/sessions/me", "Authorization", "Bearer " + token))
                .isEqualTo(401);
    }

    @Test
    void badInputGetsAClearJsonErrorAndChangesNothing() throws Exception {
        int accounts = jdbc.queryForObject("select count(*) from player_account", Integer.class);
        // NFKC can make a short name long (U+FDFA is 18 letters): still a 400, never a database
        // error
        Res expanding =
                api.post(
                        "/api/players",
                        Map.of("name", "\uFDFA".repeat(32), "password", "a long passphrase"),
                        null);
        assertThat(expanding.status()).as(expanding.raw()).isEqualTo(400);
        assertThat(expanding.error()).isEqualTo("INVALID_NAME");
        for (String name : List.of("", "   ", "x".repeat(33), "bidi\u202Eevil", "tab\tname")) {
            Res r =
                    api.post(
                            "/api/players",
                            Map.of("name", name, "password", "a long passphrase"),
                            null);
            assertThat(r.status()).as(name + ": " + r.raw()).isEqualTo(400);
            assertThat(r.error()).isEqualTo("INVALID_NAME");
        }
        Res tooLong =
                api.post(
                        "/api/players",
                        Map.of(
                                "name",
                                "Long" + UUID.randomUUID().toString().substring(0, 6),
                                "password",
                                "\u00e9".repeat(37)),
                        null);
        assertThat(tooLong.error()).as(tooLong.raw()).isEqualTo("PASSWORD_TOO_LONG");
        for (String body :
                List.of(
                        "",
                        "{",
                        "[]",
                        "{\"name\": {\"a\": 1}, \"password\": \"a long passphrase\"}",
                        "null")) {
            for (String path : List.of("/api/players", "/api/sessions")) {
                Res r = api.post(path, body, null);
                assertThat(r.status()).as(path + " " + body + ": " + r.raw()).isEqualTo(400);
                assertThat(r.error()).as(r.raw()).isNotBlank();
            }
        }
        Res longLogin =
                api.post(
                        "/api/sessions",
                        Map.of("name", "n".repeat(5000), "password", "a long passphrase"),
                        null);
        assertThat(longLogin.status()).as(longLogin.raw()).isEqualTo(401);
        assertThat(longLogin.error()).isEqualTo("WRONG_CREDENTIALS");
        Res noPassword = api.post("/api/sessions", Map.of("name", "Ada"), null);
        assertThat(noPassword.status()).as(noPassword.raw()).isEqualTo(401);
        assertThat(send("GET", "/api/sessions/me", "Authorization", "Basic YWRhOnNlY3JldA=="))
                .isEqualTo(401);
        assertThat(send("GET", "/api/sessions/me", null, null)).isEqualTo(401);
        assertThat(
                        send(
                                "DELETE",
                                "/api/sessions/me",
                                "Authorization",
                                "Bearer " + "x".repeat(3000)))
                .isEqualTo(401);
        assertThat(jdbc.queryForObject("select count(*) from player_account", Integer.class))
                .isEqualTo(accounts);
    }

    @Test
    void ratedOnlyBetweenRegisteredPlayersAndAGuestCannotSinkARegisteredRating() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 6);
        String ada = "Reg" + suffix + "a", bo = "Reg" + suffix + "b";
        assertThat(
                        api.post(
                                        "/api/players",
                                        Map.of("name", ada, "password", "ada's long password"),
                                        null)
                                .status())
                .isEqualTo(201);
        assertThat(
                        api.post(
                                        "/api/players",
                                        Map.of("name", bo, "password", "bo's long password!"),
                                        null)
                                .status())
                .isEqualTo(201);
        String adaToken = login(ada, "ada's long password");
        String boToken = login(bo, "bo's long password!");

        // a rated match: both registered; Bo concedes
        String m1 = api.createMatch();
        Res a1 = seat(m1, "anything", 0, adaToken);
        assertThat(a1.status()).as(a1.raw()).isEqualTo(201);
        assertThat(a1.body().get("playerToken").asText()).isNotEqualTo(adaToken);
        Res b1 = seat(m1, bo, 1, boToken);
        concede(m1, b1.body().get("playerToken").asText());
        JsonNode adaAfter = ratingAfter(ada, 1);
        JsonNode boAfter = ratingAfter(bo, 1);
        assertThat(adaAfter.get("rating").asDouble()).isGreaterThan(1500);
        assertThat(boAfter.get("rating").asDouble()).isLessThan(1500);

        // the griefing attack: a guest takes a seat under Ada's name and concedes to registered Bo
        String m2 = api.createMatch();
        Res griefer = seat(m2, ada, 0, null);
        assertThat(griefer.status())
                .as("a guest join works as before: " + griefer.raw())
                .isEqualTo(201);
        seat(m2, bo, 1, boToken);
        concede(m2, griefer.body().get("playerToken").asText());
        // then a rated match that moves Bo again, so the projection has certainly passed m2
        String m3 = api.createMatch();
        Res a3 = seat(m3, ada, 0, adaToken);
        Res b3 = seat(m3, bo, 1, boToken);
        concede(m3, a3.body().get("playerToken").asText());
        JsonNode adaLast = ratingAfter(ada, 2);
        assertThat(adaLast.get("games").asInt()).as("m2 was not rated").isEqualTo(2);
        assertThat(adaLast.get("losses").asInt()).isEqualTo(1);
        assertThat(ratingAfter(bo, 2).get("games").asInt()).isEqualTo(2);

        // the rated match and the griefer's match audit clean, from the store and as uploaded
        // signed records
        for (String m : List.of(m1, m2)) {
            Res audit = api.get("/api/matches/" + m + "/audit", null);
            assertThat(audit.body().get("passed").asBoolean()).as(audit.raw()).isTrue();
            Res record = api.get("/api/matches/" + m + "/export", null);
            assertThat(record.status()).as(record.raw()).isEqualTo(200);
            Res uploaded = api.post("/api/audit", record.raw(), null);
            assertThat(uploaded.body().get("passed").asBoolean()).as(uploaded.raw()).isTrue();
        }
        assertThat(api.get("/api/matches/" + m1 + "/export", null).raw())
                .contains(adaAfter.get("accountId").asText());

        // an invalid player token is refused, not silently played as a guest
        Res bad = seat(api.createMatch(), ada, 0, "pt_nope");
        assertThat(bad.status()).as(bad.raw()).isEqualTo(401);
        assertThat(bad.error()).isEqualTo("INVALID_PLAYER_TOKEN");
    }
}
