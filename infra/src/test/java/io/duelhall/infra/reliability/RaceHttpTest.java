package io.duelhall.infra.reliability;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Fault figure 3 (docs/reliability.md): 32 clients send intents for the same few matches at once —
 * both seats, reused intent ids, stale expectedVersion. Afterwards every match's log is gap-free
 * and duplicate-free, every 200 answer's events are in the log at the sequence numbers it gave, no
 * intent id was accepted twice, and no status other than 200/403/409/422/429 was seen. 403 is the
 * rules' "not your turn", which a client racing the other seat meets by design.
 *
 * <p>{@code -Drace.clients=32 -Drace.requests=20} (per client) are the CI defaults; the recorded
 * figure used {@code -Drace.requests=400}.
 */
class RaceHttpTest extends AppTest {
    @LocalServerPort int port;

    record Answer(String match, JsonNode body) {}

    @Test
    void concurrentClientsLoseAndDuplicateNothing() throws Exception {
        int clients = Integer.getInteger("race.clients", 32);
        int requests = Integer.getInteger("race.requests", 20);
        Api api = new Api(port);
        List<String[]> matches = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            matches.add(api.startedMatch());
        }
        Map<Integer, AtomicInteger> statuses = new ConcurrentHashMap<>();
        Set<String> forbiddenCodes = ConcurrentHashMap.newKeySet();
        ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        List<Future<?>> done = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            int client = c;
            done.add(
                    pool.submit(
                            () -> {
                                Random rnd = new Random(client);
                                String[] m = matches.get(client % matches.size());
                                String seat =
                                        (client / matches.size()) % 2 == 0
                                                ? "A"
                                                : "B"; // both seats of every match
                                String token = seat.equals("A") ? m[1] : m[2];
                                List<ObjectNode> sent = new ArrayList<>();
                                for (int n = 0; n < requests; n++) {
                                    JsonNode view =
                                            api.get("/api/matches/" + m[0] + "/view", token).body();
                                    ObjectNode intent;
                                    if (!sent.isEmpty() && rnd.nextInt(6) == 0) {
                                        intent =
                                                sent.get(rnd.nextInt(sent.size()))
                                                        .deepCopy(); // a retry, same body
                                        if (rnd.nextBoolean()) {
                                            intent.put(
                                                    "type",
                                                    "PASS".equals(intent.get("type").asText())
                                                            ? "END_TURN"
                                                            : "PASS"); // same id, other body
                                            // without the fields PASS and END_TURN do not take
                                            // (400 UNUSED_FIELD, issue 45): the body differs by
                                            // its type
                                            intent.remove(List.of("card", "cards"));
                                        }
                                    } else {
                                        intent = choose(view, seat, rnd);
                                        if (rnd.nextInt(3) == 0) {
                                            intent.put(
                                                    "expectedVersion",
                                                    view.get("version").asLong() - rnd.nextInt(2));
                                        }
                                        sent.add(intent);
                                    }
                                    Api.Res r =
                                            api.post(
                                                    "/api/matches/" + m[0] + "/intents",
                                                    intent,
                                                    token);
                                    statuses.computeIfAbsent(r.status(), k -> new AtomicInteger())
                                            .incrementAndGet();
                                    if (r.status() == 403) {
                                        forbiddenCodes.add(String.valueOf(r.error()));
                                    }
                                    if (r.status() == 200) {
                                        answers.add(new Answer(m[0], r.body()));
                                    }
                                }
                                return null;
                            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        pool.shutdown();

        int gaps = 0;
        int duplicates = 0;
        int missing = 0;
        Map<String, Map<Long, JsonNode>> logs = new HashMap<>();
        for (String[] m : matches) {
            JsonNode events =
                    api.get("/api/matches/" + m[0] + "/events?from=0&limit=5000", m[1])
                            .body()
                            .get("events");
            Map<Long, JsonNode> bySeq = new TreeMap<>();
            Set<String> accepted = new HashSet<>();
            long expect = 0;
            for (JsonNode e : events) {
                long seq = e.get("seq").asLong();
                if (seq != expect) {
                    gaps++;
                }
                expect = seq + 1;
                if (bySeq.put(seq, e) != null) {
                    duplicates++;
                }
                if (e.get("type").asText().equals("IntentAccepted")
                        && !accepted.add(e.at("/payload/intentId").asText())) {
                    duplicates++;
                }
            }
            logs.put(m[0], bySeq);
        }
        for (Answer a : answers) {
            for (JsonNode e : a.body().get("events")) {
                JsonNode stored = logs.get(a.match()).get(e.get("seq").asLong());
                if (stored == null || !stored.get("type").equals(e.get("type"))) {
                    missing++;
                }
            }
        }
        Map<Integer, Integer> seen = new TreeMap<>();
        statuses.forEach((k, v) -> seen.put(k, v.get()));
        System.out.printf(
                "races: %d clients x %d requests, statuses %s, gaps %d, duplicates %d, answered events missing %d%n",
                clients, requests, seen, gaps, duplicates, missing);
        // 403 is API.md's "token valid but not allowed (not your seat, not your turn)": a client
        // racing the other
        // seat meets NOT_YOUR_TURN by design, so it is expected and counted on its own
        // (docs/reliability.md);
        // anything else (5xx, 400, 401, 404, …) fails the figure
        Map<Integer, Integer> other = new TreeMap<>(seen);
        other.keySet().removeAll(Set.of(200, 403, 409, 422, 429));
        System.out.printf(
                "races: 403 codes %s; statuses other than 200/403/409/422/429: %s%n",
                forbiddenCodes, other);
        assertThat(other).as("statuses other than 200/403/409/422/429").isEmpty();
        assertThat(forbiddenCodes)
                .as("a 403 here is the other seat's turn")
                .containsOnly("NOT_YOUR_TURN");
        assertThat(seen).containsKey(200);
        assertThat(gaps).isZero();
        assertThat(duplicates).isZero();
        assertThat(missing).isZero();
    }

    /**
     * A plausible intent for the seat from its view; often one the rules will refuse, as in a real
     * race.
     */
    private static ObjectNode choose(JsonNode view, String seat, Random rnd) {
        JsonNode pending = view.get("pendingDecision");
        String kind = pending == null || pending.isNull() ? "MAIN" : pending.get("kind").asText();
        if (kind.equals("DISCARD_DOWN") && rnd.nextBoolean()) {
            ObjectNode d = Api.intent("DISCARD_DOWN");
            for (int i = 0; i < pending.get("count").asInt(); i++) {
                d.withArray("cards").add(view.at("/seats/" + seat + "/hand/" + i + "/id").asText());
            }
            return d;
        }
        if (kind.equals("RESPONSE")) {
            return Api.intent("PASS");
        }
        if (rnd.nextInt(3) > 0) {
            for (JsonNode h : view.at("/seats/" + seat + "/hand")) {
                if (h.get("playable").asBoolean() && rnd.nextBoolean()) {
                    ObjectNode p = Api.intent("PLAY_CARD");
                    p.put("card", h.get("id").asText());
                    return p;
                }
            }
        }
        return Api.intent("END_TURN");
    }
}
