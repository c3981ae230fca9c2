package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.command.ai.AiPlayers;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.ai.Player;
import io.duelhall.domain.voidexa.ai.Players;
import io.duelhall.infra.DuelhallApplication;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;

/**
 * Issue 20, finding 1: an AI never concedes because a move of its was refused. The app runs with AI
 * players of this test's own (a {@code @Primary} {@link AiPlayers}): "sloppy" sends a move the
 * rules refuse (a card that is not in its hand) at every fifth decision and plays greedily
 * otherwise; "broken" sends only refused moves. The driver logs each refusal as a defect, reads the
 * match again and acts again: the sloppy AI's own next choice is accepted, the broken one falls
 * back to a random legal move. Both matches are played to their end without a single AI concession.
 */
class AiDefectTest {
    static final Path DIR =
            Path.of("target", "ai-defect-data", UUID.randomUUID().toString()).toAbsolutePath();
    static final AtomicInteger REFUSABLE = new AtomicInteger();
    static ConfigurableApplicationContext app;
    static Api api;

    @Configuration(proxyBeanMethods = false)
    static class DefectivePlayers {
        @Bean
        @Primary
        AiPlayers defectiveAiPlayers() {
            return new AiPlayers.Server(java.util.List.of(Players.ROSTER)) {
                @Override
                public Optional<io.duelhall.domain.AiPlayer> of(
                        String name, io.duelhall.domain.Ruleset rules, long seed) {
                    Player greedy =
                            Players.of("greedy", (VoidexaRuleset) rules, seed).orElseThrow();
                    return switch (name) {
                        case "greedy" -> Optional.of(new Defective("sloppy", greedy, 5));
                        case "random" -> Optional.of(new Defective("broken", greedy, 1));
                        default -> Optional.empty();
                    };
                }
            };
        }
    }

    /** Sends a refused move at every {@code every}-th decision, the greedy choice otherwise. */
    record Defective(String name, Player greedy, int every, AtomicInteger decisions)
            implements Player {
        Defective(String name, Player greedy, int every) {
            this(name, greedy, every, new AtomicInteger());
        }

        @Override
        public VoidexaRuleset rules() {
            return greedy.rules();
        }

        @Override
        public Intent choose(VoidexaState state, Seat seat) {
            Intent good = greedy.choose(state, seat);
            if (good == null || decisions.incrementAndGet() % every != 0) {
                return good;
            }
            REFUSABLE.incrementAndGet();
            return new Intent(
                    seat,
                    io.duelhall.domain.voidexa.VoidexaIntents.Type.PLAY_CARD.name(),
                    "no-such-card",
                    null,
                    java.util.List.of(),
                    java.util.List.of());
        }
    }

    @BeforeAll
    static void start() {
        app =
                new SpringApplicationBuilder(DuelhallApplication.class, DefectivePlayers.class)
                        .run(
                                "--server.port=0",
                                "--duelhall.data-dir=" + DIR,
                                "--duelhall.limits.creates-per-address-per-minute=1000");
        api = new Api(((WebServerApplicationContext) app).getWebServer().getPort());
    }

    @AfterAll
    static void stop() {
        if (app != null) {
            app.close();
        }
    }

    @Test
    void aRefusedAiMoveIsTakenAgainNeverConceded() throws Exception {
        // "greedy" is the sloppy AI here, "random" the broken one
        var created =
                api.post(
                        "/api/matches",
                        Map.of("ruleset", "voidexa", "ai", Map.of("A", "greedy", "B", "random")),
                        null);
        assertThat(created.status()).as(created.raw()).isEqualTo(201);
        String id = created.body().get("matchId").asText();
        long deadline = System.currentTimeMillis() + 120_000;
        JsonNode view = api.get("/api/matches/" + id + "/view", null).body();
        while (!view.get("status").asText().equals("ENDED")) {
            assertThat(System.currentTimeMillis())
                    .as("match %s should end; at %s", id, view.get("version"))
                    .isLessThan(deadline);
            Thread.sleep(100);
            view = api.get("/api/matches/" + id + "/view", null).body();
        }
        assertThat(REFUSABLE.get()).as("refused moves were sent").isGreaterThan(3);
        JsonNode events =
                api.get("/api/matches/" + id + "/events?from=0&limit=5000", null)
                        .body()
                        .get("events");
        int a = 0;
        int b = 0;
        for (JsonNode e : events) {
            if (e.get("type").asText().equals("IntentAccepted")) {
                assertThat(e.at("/payload/intent/type").asText())
                        .as("no AI concedes for a refused move")
                        .isNotEqualTo("CONCEDE");
                if (e.at("/payload/seat").asText().equals("A")) {
                    a++;
                } else {
                    b++;
                }
            }
        }
        assertThat(a).as("the sloppy AI played on").isGreaterThan(5);
        assertThat(b).as("the broken AI played on with random legal moves").isGreaterThan(5);
        assertThat(view.at("/result/reason").asText()).isNotEqualTo("CONCEDED");
    }
}
