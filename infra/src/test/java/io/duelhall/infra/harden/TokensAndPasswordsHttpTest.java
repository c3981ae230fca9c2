package io.duelhall.infra.harden;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 45, findings 6 and 7 over HTTP: a malformed {@code Authorization} header ({@code Basic …},
 * an empty {@code Bearer}) silently gave the spectator's view; a password of ten spaces was
 * accepted; a lookalike of a registered name registered.
 */
class TokensAndPasswordsHttpTest extends AppTest {
    @LocalServerPort int port;

    HttpResponse<String> view(String matchId, String authorization) throws Exception {
        return HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(
                                        URI.create(
                                                "http://127.0.0.1:"
                                                        + port
                                                        + "/api/matches/"
                                                        + matchId
                                                        + "/view"))
                                .header("Authorization", authorization)
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aMalformedAuthorizationHeaderIsRefusedNotReadAsASpectator() throws Exception {
        Api api = new Api(port);
        String[] m = api.startedMatch();
        for (String header :
                new String[] {"Basic " + m[1], "Bearer", "Bearer   ", "Token " + m[1]}) {
            HttpResponse<String> r = view(m[0], header);
            assertThat(r.statusCode()).as(header + " " + r.body()).isEqualTo(401);
            assertThat(r.body()).contains("BAD_TOKEN").doesNotContain("\"hand\"");
        }
        // the well-formed ones still work: a seat's token, and no header at all
        assertThat(view(m[0], "Bearer " + m[1]).statusCode()).isEqualTo(200);
        assertThat(api.get("/api/matches/" + m[0] + "/view", null).status()).isEqualTo(200);
        Res seat = api.get("/api/matches/" + m[0] + "/events?from=0", null);
        assertThat(seat.status()).isEqualTo(200);
    }

    @Test
    void aBlankPasswordIsRefused() {
        Api api = new Api(port);
        String name = "Blank" + UUID.randomUUID().toString().substring(0, 6);
        for (String password : new String[] {" ".repeat(10), "\t".repeat(12), " \n ".repeat(5)}) {
            Res r = api.post("/api/players", Map.of("name", name, "password", password), null);
            assertThat(r.status()).as(r.raw()).isEqualTo(400);
            assertThat(r.error()).isEqualTo("WEAK_PASSWORD");
        }
        assertThat(
                        api.post(
                                        "/api/sessions",
                                        Map.of("name", name, "password", " ".repeat(10)),
                                        null)
                                .status())
                .isEqualTo(401);
    }

    @Test
    void aLookalikeOfARegisteredNameIsTakenAndAMixedScriptNameRefused() {
        Api api = new Api(port);
        String tail = UUID.randomUUID().toString().substring(0, 4).replaceAll("[0-9]", "x");
        String name = "Adelaide" + tail;
        api.registered(name);
        // a capital I for the l: the same skeleton
        Res lookalike =
                api.post(
                        "/api/players",
                        Map.of("name", name.replace("l", "I"), "password", Api.PASSWORD),
                        null);
        assertThat(lookalike.status()).as(lookalike.raw()).isEqualTo(409);
        assertThat(lookalike.error()).isEqualTo("NAME_TAKEN");
        // a Cyrillic е among Latin letters
        Res mixed =
                api.post(
                        "/api/players",
                        Map.of("name", name.replace("e", "\u0435"), "password", Api.PASSWORD),
                        null);
        assertThat(mixed.status()).as(mixed.raw()).isEqualTo(400);
        assertThat(mixed.error()).isEqualTo("INVALID_NAME");
        // the account itself still logs in
        assertThat(
                        api.post(
                                        "/api/sessions",
                                        Map.of("name", name, "password", Api.PASSWORD),
                                        null)
                                .status())
                .isEqualTo(201);
    }
}
