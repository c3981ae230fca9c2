package io.duelhall.infra.fairness;

import static io.duelhall.infra.fairness.TamperHttpTest.check;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.infra.DuelhallApplication;
import io.duelhall.infra.http.Api;
import io.duelhall.query.log.MatchLogs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Bytes of stored events changed directly in the database with SQL, and the audit naming the first
 * broken event. In an app and database of its own: a corrupted store would trouble the event
 * processors of the shared test app.
 */
class StoreTamperTest {
    static final Path DIR =
            Path.of("target", "tamper-data", UUID.randomUUID().toString()).toAbsolutePath();
    static ConfigurableApplicationContext app;
    static Api api;
    static MatchDriver driver;
    static JdbcTemplate jdbc;
    static MatchLogs logs;

    @BeforeAll
    static void start() {
        app =
                new SpringApplicationBuilder(DuelhallApplication.class)
                        .run(
                                "--server.port=0",
                                "--duelhall.data-dir=" + DIR); // arguments win over application.yml
        api = new Api(((WebServerApplicationContext) app).getWebServer().getPort());
        logs = app.getBean(MatchLogs.class);
        driver =
                new MatchDriver(
                        api,
                        app.getBean(CommandGateway.class),
                        logs,
                        app.getBean(VoidexaRuleset.class));
        jdbc = app.getBean(JdbcTemplate.class);
    }

    @AfterAll
    static void stop() {
        app.close();
    }

    static JsonNode auditOf(String matchId) {
        Api.Res r = api.get("/api/matches/" + matchId + "/audit", null);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r.body();
    }

    static byte[] stored(String matchId, long seq, String column) {
        return jdbc.queryForObject(
                "select "
                        + column
                        + " from domain_event_entry where aggregate_identifier = ?"
                        + " and sequence_number = ?",
                byte[].class,
                matchId,
                seq);
    }

    static void store(String matchId, long seq, String column, byte[] value) {
        int n =
                jdbc.update(
                        "update domain_event_entry set "
                                + column
                                + " = ? where aggregate_identifier = ?"
                                + " and sequence_number = ?",
                        value,
                        matchId,
                        seq);
        assertThat(n).isEqualTo(1);
    }

    @Test
    void oneByteChangedInAStoredEventBreaksTheChainAtThatEvent() {
        MatchDriver.Played m = driver.play(301, false, 0);
        assertThat(auditOf(m.matchId()).get("passed").asBoolean()).isTrue();
        long k = logs.load(m.matchId()).version() / 2;
        byte[] payload = stored(m.matchId(), k, "payload");
        while (new String(payload, java.nio.charset.StandardCharsets.UTF_8)
                .chars()
                .noneMatch(Character::isDigit)) {
            payload =
                    stored(
                            m.matchId(),
                            ++k,
                            "payload"); // e.g. {"seat":"A"} has no digit to change: take the next
        }
        int at = 0;
        while (!Character.isDigit(payload[at])) {
            at++;
        }
        payload[at] =
                (byte)
                        (payload[at] == '9'
                                ? '8'
                                : payload[at] + 1); // still valid JSON, one byte different
        store(m.matchId(), k, "payload", payload);

        JsonNode report = auditOf(m.matchId());
        assertThat(report.get("passed").asBoolean()).isFalse();
        JsonNode chain = check(report, "chain");
        assertThat(chain.get("passed").asBoolean()).isFalse();
        assertThat(chain.get("event").asLong()).isEqualTo(k);
        assertThat(chain.get("details").asText()).startsWith("broken at event " + k + ":");
    }

    @Test
    void aStoredEventThatIsNoLongerJsonOrAChangedChainValueIsNamedToo() {
        MatchDriver.Played m = driver.play(302, true, 0);
        byte[] payload = stored(m.matchId(), 5, "payload");
        payload[0] = 'x';
        store(m.matchId(), 5, "payload", payload);
        JsonNode report = auditOf(m.matchId());
        assertThat(check(report, "chain").get("event").asLong()).isEqualTo(5);
        assertThat(check(report, "chain").get("details").asText()).contains("not valid JSON");

        MatchDriver.Played n = driver.play(303, true, 0);
        byte[] meta = stored(n.matchId(), 3, "meta_data");
        String text = new String(meta, StandardCharsets.UTF_8);
        int c = text.indexOf("\"chain\":\"") + 9;
        char flipped = text.charAt(c) == 'a' ? 'b' : 'a';
        store(
                n.matchId(),
                3,
                "meta_data",
                (text.substring(0, c) + flipped + text.substring(c + 1))
                        .getBytes(StandardCharsets.UTF_8));
        assertThat(check(auditOf(n.matchId()), "chain").get("event").asLong()).isEqualTo(3);
    }
}
