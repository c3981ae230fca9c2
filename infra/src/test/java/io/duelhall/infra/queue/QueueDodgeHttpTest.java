package io.duelhall.infra.queue;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.duelhall.client.JsonHttp;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.command.queue.QueueEvents.TicketOpened;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * Issue 40, dodges: a player the queue seats who never acts loses on the clock, as any seat does,
 * and that is counted as a dodge (GET /api/sessions/me), from the stored events alone (a rebuild
 * gives the same); the player who played is not counted; past {@code dodges-before-cooldown} the
 * dodger may not queue for a while ({@code 403 QUEUE_COOLDOWN}, nothing stored) while the other
 * player may; the read model is rebuilt through {@code /api/admin/projections/queue-dodges}.
 */
// A context of its own (short clocks, a cooldown after one dodge): closed after the class.
@DirtiesContext
@TestPropertySource(
        properties = {
            "duelhall.queue.turn-clock-seconds=5",
            "duelhall.queue.response-seconds=5",
            "duelhall.queue.dodges-before-cooldown=1",
            "duelhall.queue.dodge-cooldown=10m"
        })
class QueueDodgeHttpTest extends AppTest {
    @LocalServerPort int port;
    @Autowired org.axonframework.eventsourcing.eventstore.EventStore store;
    @Autowired QueueDodgeProjection dodges;

    /** QueueHttpTest's helpers (tickets from addresses of our choice), on this app. */
    QueueHttpTest q() {
        QueueHttpTest q = new QueueHttpTest();
        q.port = port;
        q.api = new Api(port);
        q.store = store;
        return q;
    }

    static <T> T within(int seconds, Supplier<T> read, java.util.function.Predicate<T> done)
            throws InterruptedException {
        Instant until = Instant.now().plusSeconds(seconds);
        T last = read.get();
        while (!done.test(last) && Instant.now().isBefore(until)) {
            Thread.sleep(200);
            last = read.get();
        }
        return last;
    }

    @Test
    void aSeatLeftUnplayedIsADodgeCountedFromTheEventsAndCoolsTheDodgerDown() throws Exception {
        QueueHttpTest q = q();
        Api api = q.api;
        String ada = api.registered(q.unique("DAda"));
        String bo = api.registered(q.unique("DBo"));
        String[] a = q.ticket(21, "voidexa", 2, true, 0, ada);
        String[] b = q.ticket(22, "voidexa", 2, true, 1, bo);
        JsonNode ma = q.matched(a);
        q.matched(b);
        String matchId = ma.get("match").get("matchId").asText();
        String tokenA = ma.get("match").get("playerToken").asText();
        String path = "/api/matches/" + matchId;
        assertThat(api.get("/api/sessions/me", ada).body().path("queue").path("dodges").asInt())
                .isZero();
        // Ada plays (ends every turn of hers); Bo never acts: each of Bo's turns runs out (5 s),
        // and the third timeout loses the rated match (D-CLOCK-5)
        JsonNode view =
                within(
                        90,
                        () -> {
                            JsonNode v = api.get(path + "/view", tokenA).body();
                            String seatA = ma.get("match").get("seat").asText();
                            if (seatA.equals(JsonHttp.actor(v))) {
                                api.post(path + "/intents", JsonHttp.intent("END_TURN"), tokenA);
                            }
                            return v;
                        },
                        v -> v.get("status").asText().equals("ENDED"));
        assertThat(view.get("status").asText()).as(view.toString()).isEqualTo("ENDED");
        // counted from the events by the read model: Bo dodged, Ada did not
        JsonNode boMe =
                within(
                        20,
                        () -> api.get("/api/sessions/me", bo).body(),
                        me -> me.path("queue").path("dodges").asInt() > 0);
        assertThat(boMe.path("queue").path("dodges").asInt()).as(boMe.toString()).isEqualTo(1);
        assertThat(boMe.path("queue").path("recentDodges").asInt()).isEqualTo(1);
        assertThat(boMe.path("queue").path("cooldownUntil").asText())
                .as("cooled down for 10 min after one dodge")
                .isNotEmpty();
        assertThat(Instant.parse(boMe.path("queue").path("cooldownUntil").asText()))
                .isAfter(Instant.now().plusSeconds(8 * 60));
        JsonNode adaMe = api.get("/api/sessions/me", ada).body();
        assertThat(adaMe.path("queue").path("dodges").asInt()).as(adaMe.toString()).isZero();
        assertThat(adaMe.path("queue").path("cooldownUntil").isNull()).isTrue();
        List<Map<String, Object>> rows =
                dodges.ended().stream().filter(r -> matchId.equals(r.get("match_id"))).toList();
        assertThat(rows).as(dodges.ended().toString()).hasSize(2);
        assertThat(rows).extracting(r -> r.get("dodged")).containsExactlyInAnyOrder(true, false);
        // the dodger may not queue, rated or casual, and the refusal stores nothing
        long opened =
                q.events("voidexa-2-rated").stream().filter(TicketOpened.class::isInstance).count();
        for (boolean rated : new boolean[] {true, false}) {
            Res r =
                    q.postFrom(
                            22,
                            "/api/queues/voidexa/tickets",
                            q.ticketBody("voidexa", 2, rated, 1),
                            Map.of("X-Player-Token", bo));
            assertThat(r.status()).as(r.raw()).isEqualTo(403);
            assertThat(r.error()).isEqualTo("QUEUE_COOLDOWN");
        }
        assertThat(
                        q.events("voidexa-2-rated").stream()
                                .filter(TicketOpened.class::isInstance)
                                .count())
                .isEqualTo(opened);
        // the player who played queues again at once
        String[] again = q.ticket(21, "voidexa", 2, true, 0, ada);
        assertThat(api.delete("/api/tickets/" + again[0], again[1]).status()).isEqualTo(204);
        // rebuilt from the store alone, through the admin endpoint as any read model: the same rows
        List<Map<String, Object>> before = dodges.ended();
        String rebuild = "/api/admin/projections/" + QueueDodgeProjection.GROUP + "/rebuild";
        assertThat(api.post(rebuild, "{}", null).status()).as("admin token needed").isEqualTo(401);
        Res asked = api.post(rebuild, "{}", ADMIN_TOKEN);
        assertThat(asked.status()).as(asked.raw()).isEqualTo(202);
        assertThat(asked.body().get("name").asText()).isEqualTo(QueueDodgeProjection.GROUP);
        assertThat(asked.body().get("segments").asInt()).as("one segment").isEqualTo(1);
        JsonNode progress =
                within(
                        60,
                        () -> api.get(rebuild, ADMIN_TOKEN).body(),
                        pr -> pr.get("done").asBoolean());
        assertThat(progress.get("done").asBoolean()).as(progress.toString()).isTrue();
        assertThat(progress.get("position").asLong()).isGreaterThanOrEqualTo(0);
        List<Map<String, Object>> after = within(30, dodges::ended, rows2 -> rows2.equals(before));
        assertThat(after).isEqualTo(before);
    }
}
