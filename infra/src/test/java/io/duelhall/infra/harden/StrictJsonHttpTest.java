package io.duelhall.infra.harden;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.client.JsonHttp.Res;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 45, findings 2 and 7: duplicate keys were read "last one wins" (a body with two {@code
 * type} keys conceded, two {@code ruleset} keys chose the second game, two {@code name} keys signed
 * in as the second), fractions were cut into integer fields, numbers and numeric strings were
 * interchanged and a type with a trailing NUL was trimmed into a valid one. Each is now {@code 400}
 * and changes nothing.
 */
class StrictJsonHttpTest extends AppTest {
    @LocalServerPort int port;
    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    long version(String id) {
        return api.get("/api/matches/" + id + "/view", null).body().get("version").asLong();
    }

    String status(String id) {
        return api.get("/api/matches/" + id + "/view", null).body().get("status").asText();
    }

    static void refused(Res r) {
        assertThat(r.status()).as(r.raw()).isEqualTo(400);
        assertThat(r.raw()).contains("\"error\"").doesNotContain("Exception");
    }

    @Test
    void aDuplicateKeyInAnIntentIsRefusedAndTheMatchGoesOn() {
        String[] m = api.startedMatch();
        long before = version(m[0]);
        String path = "/api/matches/" + m[0] + "/intents";
        for (String token : new String[] {m[1], m[2]}) {
            refused(
                    api.post(
                            path,
                            "{\"intentId\":\"dup-"
                                    + UUID.randomUUID()
                                    + "\",\"type\":\"NOPE\",\"type\":\"CONCEDE\"}",
                            token));
            refused(
                    api.post(
                            path,
                            "{\"intentId\":\"a\",\"intentId\":\"b\",\"type\":\"CONCEDE\"}",
                            token));
        }
        assertThat(version(m[0])).isEqualTo(before);
        assertThat(status(m[0])).isNotEqualTo("ENDED");
    }

    @Test
    void aDuplicateKeyWhenCreatingAMatchOrLoggingInIsRefused() {
        refused(api.post("/api/matches", "{\"ruleset\":\"voidexa\",\"ruleset\":\"casket\"}", null));
        refused(
                api.post(
                        "/api/matches",
                        "{\"options\":{\"spectatorDelaySeconds\":0,\"spectatorDelaySeconds\":5}}",
                        null));
        String name = "Dup" + UUID.randomUUID().toString().substring(0, 6);
        api.registered(name);
        String other = "Dup" + UUID.randomUUID().toString().substring(0, 6);
        api.registered(other);
        Res login =
                api.post(
                        "/api/sessions",
                        "{\"name\":\""
                                + name
                                + "\",\"name\":\""
                                + other
                                + "\",\"password\":\""
                                + Api.PASSWORD
                                + "\"}",
                        null);
        refused(login);
        assertThat(login.raw()).doesNotContain("playerToken").doesNotContain("token\":\"");
    }

    @Test
    void numbersAreNotCoercedNorTypesTrimmed() {
        String[] m = api.startedMatch();
        long before = version(m[0]);
        String path = "/api/matches/" + m[0] + "/intents";
        // a fraction is not an expectedVersion (was read as 1)
        refused(
                api.post(
                        path,
                        "{\"intentId\":\"f1\",\"type\":\"CONCEDE\",\"expectedVersion\":"
                                + before
                                + ".5}",
                        m[1]));
        // a numeric string is not a number, nor a number a string
        refused(
                api.post(
                        path,
                        "{\"intentId\":\"f2\",\"type\":\"CONCEDE\",\"expectedVersion\":\""
                                + before
                                + "\"}",
                        m[1]));
        refused(api.post(path, "{\"intentId\":17,\"type\":\"CONCEDE\"}", m[1]));
        refused(api.post(path, "{\"intentId\":\"f3\",\"type\":true}", m[1]));
        // a type with a NUL or spaces around it is not a type
        refused(api.post(path, "{\"intentId\":\"f4\",\"type\":\"CONCEDE\\u0000\"}", m[1]));
        refused(api.post(path, "{\"intentId\":\"f5\",\"type\":\" CONCEDE\"}", m[1]));
        refused(api.post("/api/matches", "{\"options\":{\"spectatorDelaySeconds\":\"5\"}}", null));
        refused(api.post("/api/matches", "{\"options\":{\"spectatorDelaySeconds\":2.5}}", null));
        assertThat(version(m[0])).isEqualTo(before);
        assertThat(status(m[0])).isNotEqualTo("ENDED");
        // the plain forms still work
        Res conceded =
                api.post(
                        path,
                        "{\"intentId\":\"f6\",\"type\":\"concede\",\"expectedVersion\":"
                                + before
                                + "}",
                        m[1]);
        assertThat(conceded.status()).as(conceded.raw()).isEqualTo(200);
    }
}
