package io.duelhall.infra.http;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.infra.DuelhallApplication;
import io.duelhall.infra.http.Api.Res;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import java.nio.file.Path;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Matches live in the H2 file store: a stopped and restarted app knows them and can go on playing them. */
class RestartTest {
    static final Path DIR = Path.of("target", "restart-data", UUID.randomUUID().toString()).toAbsolutePath();

    static ConfigurableApplicationContext start() {
        return new SpringApplicationBuilder(DuelhallApplication.class)
                .properties("server.port=0", "duelhall.data-dir=" + DIR)
                .run();
    }

    static int port(ConfigurableApplicationContext c) {
        return ((WebServerApplicationContext) c).getWebServer().getPort();
    }

    @Test
    void aRestartKeepsTheMatch() {
        String[] m;
        JsonNode before;
        try (ConfigurableApplicationContext app = start()) {
            Api api = new Api(port(app));
            m = api.startedMatch();
            JsonNode view = api.get("/api/matches/" + m[0] + "/view", m[1]).body();
            String active = view.get("activeSeat").asText();
            Res ended = api.post("/api/matches/" + m[0] + "/intents", Api.intent("END_TURN"), active.equals("A") ? m[1] : m[2]);
            assertThat(ended.status()).isEqualTo(200);
            before = api.get("/api/matches/" + m[0] + "/view", m[1]).body();
        }
        try (ConfigurableApplicationContext app = start()) {
            Api api = new Api(port(app));
            JsonNode after = api.get("/api/matches/" + m[0] + "/view", m[1]).body();
            assertThat(after).isEqualTo(before);
            String active = after.get("activeSeat").asText();
            Res next = api.post("/api/matches/" + m[0] + "/intents", Api.intent("END_TURN"), active.equals("A") ? m[1] : m[2]);
            assertThat(next.status()).as(next.raw()).isEqualTo(200);
            assertThat(next.body().get("version").asLong()).isGreaterThan(after.get("version").asLong());
        }
    }
}
