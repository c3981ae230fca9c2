package io.duelhall.infra.topology;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.command.queue.WaveRunner;
import io.duelhall.infra.http.Api;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Issue 40: the queues' matcher runs on one node of a cluster at a time and moves on when that node
 * goes. Two nodes with separate data directories share one PostgreSQL; waves are due every 0.5 s.
 * Over a few seconds the two nodes together run the waves about as often as one node would (each
 * running its own would make twice as many), and no run of one node overlaps a run of the other.
 * Then the node that ran the latest wave stops, and the other seats two new tickets by itself.
 */
@Tag("postgres")
@Tag("slow")
class QueueFailoverTest {
    static final Path DATA =
            Path.of("target", "topology", "queue-failover-" + UUID.randomUUID()).toAbsolutePath();
    static final long WAVE_MS = 500;
    static TestPostgres.Database db;
    static ConfigurableApplicationContext x;
    static ConfigurableApplicationContext y;

    static ConfigurableApplicationContext node(String name) {
        return Nodes.app(
                "spring.profiles.active=postgres",
                "duelhall.data-dir=" + DATA.resolve(name),
                "spring.datasource.url=" + db.url(),
                "spring.datasource.username=" + db.user(),
                "spring.datasource.password=" + db.password(),
                "duelhall.node-name=" + name,
                "duelhall.queue.wave=PT0.5S",
                "duelhall.deadlines.polling-millis=100");
    }

    @AfterAll
    static void stop() {
        for (ConfigurableApplicationContext c : new ConfigurableApplicationContext[] {y, x}) {
            if (c != null && c.isActive()) {
                c.close();
            }
        }
    }

    @Test
    void theWavesRunOnOneNodeAtATimeAndMoveToTheOtherWhenItStops() throws Exception {
        db = TestPostgres.freshDatabase("queuefailover");
        x = node("node-x");
        y = node("node-y");
        WaveRunner onX = x.getBean(WaveRunner.class);
        WaveRunner onY = y.getBean(WaveRunner.class);

        // both nodes up: watch 6 s of waves
        long from = System.currentTimeMillis();
        Thread.sleep(6_000);
        long to = System.currentTimeMillis();
        List<long[]> runs = new ArrayList<>();
        for (long[] r : onX.runs()) {
            if (r[0] >= from && r[1] <= to) {
                runs.add(new long[] {r[0], r[1], 0});
            }
        }
        for (long[] r : onY.runs()) {
            if (r[0] >= from && r[1] <= to) {
                runs.add(new long[] {r[0], r[1], 1});
            }
        }
        long oneNodesShare = (to - from) / WAVE_MS + 1;
        assertThat(runs.size())
                .as(
                        "runs of both nodes in %d ms, due every %d ms after the last",
                        to - from, WAVE_MS)
                .isBetween(2, (int) oneNodesShare);
        runs.sort(Comparator.comparingLong(r -> r[0]));
        for (int i = 1; i < runs.size(); i++) {
            assertThat(runs.get(i)[0])
                    .as("a run of node %d starts after the run before it ended", runs.get(i)[2])
                    .isGreaterThanOrEqualTo(runs.get(i - 1)[1]);
        }

        // two guests meet through whichever node runs the waves
        Api apiX = new Api(Nodes.port(x));
        Api apiY = new Api(Nodes.port(y));
        String[] a = ticket(apiX, "Xa");
        String[] b = ticket(apiY, "Yb");
        assertThat(matchOf(apiY, a)).isEqualTo(matchOf(apiX, b));

        // the node that ran the latest wave stops; the other takes the waves over
        long lastX = last(onX);
        long lastY = last(onY);
        ConfigurableApplicationContext going = lastX >= lastY ? x : y;
        ConfigurableApplicationContext staying = going == x ? y : x;
        WaveRunner survivor = going == x ? onY : onX;
        Api api = going == x ? apiY : apiX;
        going.close();
        long stopped = System.currentTimeMillis();
        String[] c = ticket(api, "Sc");
        String[] d = ticket(api, "Sd");
        String match = matchOf(api, c);
        assertThat(matchOf(api, d)).isEqualTo(match);
        // a run is recorded when it ends, after every queue's wave: the one that seated c and d
        // may still be going round the other queues (a newcomer who fits now wakes the waves at
        // once, so that run can be under way when d reads its match)
        long deadline = System.currentTimeMillis() + 10_000;
        while (last(survivor) <= stopped && System.currentTimeMillis() < deadline) {
            Thread.sleep(50);
        }
        assertThat(last(survivor)).as("the staying node ran a wave since").isGreaterThan(stopped);
        assertThat(staying.isActive()).isTrue();
    }

    static long last(WaveRunner r) {
        List<long[]> runs = r.runs();
        return runs.isEmpty() ? 0 : runs.get(runs.size() - 1)[1];
    }

    /** A casual voidexa ticket of a guest; [ticketId, ticketToken]. */
    static String[] ticket(Api api, String name) {
        JsonNode seat = api.get("/api/rulesets/voidexa/decks/starter", null).body().get(0);
        ObjectNode body = JsonHttp.JSON.createObjectNode();
        body.put("seats", 2).put("rated", false);
        ObjectNode s = seat.deepCopy();
        s.put("name", name);
        body.set("seat", s);
        Res r = api.post("/api/queues/voidexa/tickets", body, null);
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return new String[] {
            r.body().get("ticketId").asText(), r.body().get("ticketToken").asText()
        };
    }

    static String matchOf(Api api, String[] ticket) throws InterruptedException {
        long until = System.currentTimeMillis() + 20_000;
        JsonNode t = null;
        while (System.currentTimeMillis() < until) {
            Res r = api.get("/api/tickets/" + ticket[0], ticket[1]);
            assertThat(r.status()).as(r.raw()).isEqualTo(200);
            t = r.body();
            if (t.get("status").asText().equals("MATCHED")) {
                return t.get("match").get("matchId").asText();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("not matched: " + t);
    }
}
