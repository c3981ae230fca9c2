package io.duelhall.infra.queue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.command.queue.QueueEvents.TicketMatched;
import io.duelhall.command.queue.QueueEvents.TicketOpened;
import io.duelhall.command.queue.QueueEvents.WaveRan;
import io.duelhall.domain.matchmaking.Table;
import io.duelhall.domain.matchmaking.Wave;
import io.duelhall.domain.matchmaking.WaveMatcher;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import io.duelhall.projections.ratings.PlacingRatings.PlacingRating;
import io.duelhall.projections.ratings.RatingProjection;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Issue 40 over HTTP: rated players meet through the queue, the match is made and seated from the
 * tickets, a wave re-run from its stored event gives the same tables, a 4-seat rated result moves
 * every rating by placing, and bad input is a clear 4xx that changes nothing. Rated tables never
 * seat two tickets of one address, so each player here opens its ticket from its own loopback
 * address (127.0.0.N).
 */
class QueueHttpTest extends AppTest {
    @LocalServerPort int port;
    @Autowired EventStore store;
    @Autowired RatingProjection ratings;
    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    /** A POST from a loopback address of our choice (HTTP/1.0, so no chunked answer). */
    Res postFrom(int lastOctet, String path, Object body, Map<String, String> headers)
            throws Exception {
        byte[] json =
                body instanceof String s
                        ? s.getBytes(StandardCharsets.UTF_8)
                        : JsonHttp.JSON.writeValueAsBytes(body);
        try (Socket socket =
                new Socket(
                        InetAddress.getByName("127.0.0.1"),
                        port,
                        InetAddress.getByName("127.0.0." + lastOctet),
                        0)) {
            StringBuilder head =
                    new StringBuilder("POST " + path + " HTTP/1.0\r\n")
                            .append("Host: 127.0.0.1:" + port + "\r\n")
                            .append("Content-Type: application/json\r\n")
                            .append("Content-Length: " + json.length + "\r\n");
            headers.forEach((k, v) -> head.append(k + ": " + v + "\r\n"));
            head.append("\r\n");
            OutputStream out = socket.getOutputStream();
            out.write(head.toString().getBytes(StandardCharsets.US_ASCII));
            out.write(json);
            out.flush();
            InputStream in = socket.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int split = answer.indexOf("\r\n\r\n");
            int status = Integer.parseInt(answer.substring(9, 12));
            String raw = answer.substring(split + 4);
            return new Res(status, JsonHttp.JSON.readTree(raw.isEmpty() ? "null" : raw), raw, null);
        }
    }

    JsonNode starter(String ruleset, int i) {
        JsonNode decks = api.get("/api/rulesets/" + ruleset + "/decks/starter", null).body();
        return decks.get(i % decks.size());
    }

    ObjectNode ticketBody(String ruleset, int seats, boolean rated, int deck) {
        ObjectNode b = JsonHttp.JSON.createObjectNode();
        b.put("seats", seats).put("rated", rated).set("seat", starter(ruleset, deck));
        return b;
    }

    /** Opens a ticket from 127.0.0.{@code octet}; returns [ticketId, ticketToken]. */
    String[] ticket(
            int octet, String ruleset, int seats, boolean rated, int deck, String playerToken)
            throws Exception {
        Map<String, String> h =
                playerToken == null ? Map.of() : Map.of("X-Player-Token", playerToken);
        Res r =
                postFrom(
                        octet,
                        "/api/queues/" + ruleset + "/tickets",
                        ticketBody(ruleset, seats, rated, deck),
                        h);
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        assertThat(r.body().get("status").asText()).isEqualTo("QUEUED");
        return new String[] {
            r.body().get("ticketId").asText(), r.body().get("ticketToken").asText()
        };
    }

    JsonNode read(String[] ticket) {
        Res r = api.get("/api/tickets/" + ticket[0], ticket[1]);
        assertThat(r.status()).as(r.raw()).isEqualTo(200);
        return r.body();
    }

    JsonNode matched(String[] ticket) throws InterruptedException {
        Instant until = Instant.now().plusSeconds(15);
        while (Instant.now().isBefore(until)) {
            JsonNode t = read(ticket);
            if (t.get("status").asText().equals("MATCHED")) {
                return t;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("not matched: " + read(ticket));
    }

    String unique(String name) {
        return name + UUID.randomUUID().toString().substring(0, 6);
    }

    String accountOf(String playerToken) {
        return api.get("/api/sessions/me", playerToken).body().get("accountId").asText();
    }

    /** The queue's stored events (payloads), in order. */
    List<Object> events(String queueId) {
        List<Object> out = new ArrayList<>();
        store.readEvents(queueId).asStream().map(DomainEventMessage::getPayload).forEach(out::add);
        return out;
    }

    @Test
    void twoRegisteredPlayersMeetInOneRatedMatchWithinOneWaveAndTheWaveRerunsAlike()
            throws Exception {
        String ada = api.registered(unique("QAda"));
        String bo = api.registered(unique("QBo"));
        String[] a = ticket(2, "voidexa", 2, true, 0, ada);
        String[] b = ticket(3, "voidexa", 2, true, 1, bo);
        JsonNode ma = matched(a);
        JsonNode mb = matched(b);
        // the later ticket waited at most one wave (2 s) and the time to run it
        assertThat(mb.get("waitedMs").asLong()).isLessThan(3_500);
        String matchId = ma.get("match").get("matchId").asText();
        assertThat(mb.get("match").get("matchId").asText()).isEqualTo(matchId);
        assertThat(
                        List.of(
                                ma.get("match").get("seat").asText(),
                                mb.get("match").get("seat").asText()))
                .containsExactlyInAnyOrder("A", "B");
        // each holder's seat token plays its seat: the seat's own view, live, on the clock
        JsonNode view =
                api.get(
                                "/api/matches/" + matchId + "/view",
                                ma.get("match").get("playerToken").asText())
                        .body();
        assertThat(view.get("status").asText()).isEqualTo("LIVE");
        assertThat(view.get("clock").isNull()).as("rated queues play on the clock").isFalse();
        String seatA = ma.get("match").get("seat").asText();
        assertThat(view.get("seats").get(seatA).get("hand").isArray()).as("a's own hand").isTrue();
        // a ticket once matched cannot be cancelled
        Res cancel = api.delete("/api/tickets/" + a[0], a[1]);
        assertThat(cancel.status()).as(cancel.raw()).isEqualTo(409);
        assertThat(cancel.error()).isEqualTo("TICKET_MATCHED");
        // the wave, run again from its stored event, seats the same tables at the same cost
        List<Object> stored = events("voidexa-2-rated");
        WaveRan wave =
                stored.stream()
                        .filter(WaveRan.class::isInstance)
                        .map(WaveRan.class::cast)
                        .filter(w -> w.tickets().stream().anyMatch(t -> t.ticketId().equals(a[0])))
                        .findFirst()
                        .orElseThrow();
        Wave again = WaveMatcher.run(wave.seats(), wave.rated(), wave.tickets(), wave.rules());
        Map<String, List<String>> tables = new LinkedHashMap<>();
        Map<String, Double> costs = new HashMap<>();
        stored.stream()
                .filter(TicketMatched.class::isInstance)
                .map(TicketMatched.class::cast)
                .filter(m -> m.waveId().equals(wave.waveId()))
                .forEach(
                        m -> {
                            tables.put(m.matchId(), m.table());
                            costs.put(m.matchId(), m.cost());
                        });
        assertThat(again.tables())
                .extracting(Table::ticketIds)
                .containsExactlyInAnyOrderElementsOf(tables.values());
        assertThat(again.tables())
                .extracting(Table::cost)
                .containsExactlyInAnyOrderElementsOf(costs.values());
        // only hashes at rest: the ticket's token and its seat token appear nowhere in the events
        TicketOpened opened =
                stored.stream()
                        .filter(TicketOpened.class::isInstance)
                        .map(TicketOpened.class::cast)
                        .filter(o -> o.ticketId().equals(a[0]))
                        .findFirst()
                        .orElseThrow();
        assertThat(opened.tokenHash()).isNotEqualTo(a[1]).hasSize(64);
        assertThat(opened.toString())
                .doesNotContain(a[1])
                .doesNotContain(ma.get("match").get("playerToken").asText());
    }

    /** The {@code data:} of each {@code event: ticket} of a ticket's stream, until it ends. */
    List<JsonNode> ticketEvents(String[] ticket, List<JsonNode> into) throws Exception {
        java.net.http.HttpResponse<java.util.stream.Stream<String>> r =
                java.net.http.HttpClient.newHttpClient()
                        .send(
                                java.net.http.HttpRequest.newBuilder(
                                                java.net.URI.create(
                                                        "http://127.0.0.1:"
                                                                + port
                                                                + "/api/tickets/"
                                                                + ticket[0]
                                                                + "/stream?access_token="
                                                                + ticket[1]))
                                        .header("Accept", "text/event-stream")
                                        .timeout(java.time.Duration.ofSeconds(30))
                                        .build(),
                                java.net.http.HttpResponse.BodyHandlers.ofLines());
        if (r.statusCode() != 200) {
            throw new AssertionError(
                    r.statusCode() + " " + r.body().collect(java.util.stream.Collectors.joining()));
        }
        assertThat(r.headers().firstValue("Content-Type").orElse(""))
                .startsWith("text/event-stream");
        String event = null;
        for (String line : (Iterable<String>) r.body()::iterator) {
            if (line.startsWith("event:")) {
                event = line.substring(6).trim();
            } else if (line.startsWith("data:") && "ticket".equals(event)) {
                synchronized (into) {
                    into.add(JsonHttp.JSON.readTree(line.substring(5)));
                }
            }
        }
        return into;
    }

    /**
     * API.md: a ticket's stream says what {@code GET} says at once, while it waits, and once it is
     * matched, with the seat token for its holder; then it ends. Refused as {@code GET} is.
     */
    @Test
    void aTicketsStreamSaysItWaitsThenItsMatchAndEnds() throws Exception {
        String[] a = ticket(40, "voidexa", 2, false, 0, null);
        List<JsonNode> seen = new ArrayList<>();
        java.util.concurrent.CompletableFuture<List<JsonNode>> stream =
                java.util.concurrent.CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return ticketEvents(a, seen);
                            } catch (Exception e) {
                                throw new IllegalStateException(e);
                            }
                        });
        Instant until = Instant.now().plusSeconds(10);
        while (Instant.now().isBefore(until)) {
            synchronized (seen) {
                if (!seen.isEmpty()) {
                    break;
                }
            }
            Thread.sleep(20);
        }
        synchronized (seen) {
            if (seen.isEmpty() && stream.isDone()) {
                stream.join(); // the stream's own failure, said
            }
            assertThat(seen).as("said at once").isNotEmpty();
            assertThat(seen.get(0).get("status").asText()).isEqualTo("QUEUED");
            assertThat(seen.get(0).get("ticketId").asText()).isEqualTo(a[0]);
        }
        String[] b = ticket(41, "voidexa", 2, false, 1, null);
        List<JsonNode> all = stream.get(20, java.util.concurrent.TimeUnit.SECONDS);
        JsonNode last = all.get(all.size() - 1);
        assertThat(last.get("status").asText()).as(all.toString()).isEqualTo("MATCHED");
        JsonNode got = matched(a);
        assertThat(last.get("match")).isEqualTo(got.get("match"));
        assertThat(all.subList(0, all.size() - 1))
                .extracting(t -> t.get("status").asText())
                .containsOnly("QUEUED");
        matched(b);
        // refused as GET is: another token, no token, no such ticket
        Res wrong = api.get("/api/tickets/" + a[0] + "/stream", b[1]);
        assertError(wrong, 401, "INVALID_TICKET_TOKEN");
        Res none = api.get("/api/tickets/" + a[0] + "/stream", null);
        assertThat(none.status()).as(none.raw()).isEqualTo(401);
        Res unknown =
                api.get("/api/tickets/voidexa-2-casual." + UUID.randomUUID() + "/stream", a[1]);
        assertThat(unknown.status()).as(unknown.raw()).isEqualTo(404);
        // a ticket already matched: its stream says so once and ends
        List<JsonNode> again = ticketEvents(a, new ArrayList<>());
        assertThat(again).hasSize(1);
        assertThat(again.get(0).get("status").asText()).isEqualTo("MATCHED");
    }

    /**
     * Block lists: an account blocked by another never sits at its table, in a rated or casual
     * queue, until unblocked; the wave stores the block as an input, so its re-run pairs alike.
     */
    @Test
    void aBlockedPlayerNeverMeetsTheBlockerUntilUnblocked() throws Exception {
        String eli = unique("QEli");
        String fay = unique("QFay");
        String e = api.registered(eli);
        String f = api.registered(fay);
        // bad input: each a clear 4xx, nothing blocked
        assertError(put("/api/blocks/" + fay, Map.of()), 401, "PLAYER_TOKEN_REQUIRED");
        assertError(
                put("/api/blocks/" + fay, Map.of("X-Player-Token", "pt_nope")),
                401,
                "INVALID_PLAYER_TOKEN");
        assertError(
                put("/api/blocks/NoSuch" + fay, Map.of("X-Player-Token", e)),
                404,
                "PLAYER_NOT_FOUND");
        assertError(
                put("/api/blocks/" + eli, Map.of("X-Player-Token", e)), 400, "CANNOT_BLOCK_SELF");
        assertThat(api.get("/api/blocks", null, Map.of("X-Player-Token", e)).body()).isEmpty();
        assertThat(put("/api/blocks/" + fay, Map.of("X-Player-Token", e)).status()).isEqualTo(204);
        assertThat(put("/api/blocks/" + fay, Map.of("X-Player-Token", e)).status())
                .as("again: nothing changes")
                .isEqualTo(204);
        JsonNode list = api.get("/api/blocks", null, Map.of("X-Player-Token", e)).body();
        assertThat(list).hasSize(1);
        assertThat(list.get(0).get("name").asText()).isEqualTo(fay);
        // Eli blocked Fay: in the rated queue and the casual one they wait through two waves
        String[] er = ticket(31, "voidlit", 2, true, 0, e);
        String[] fr = ticket(32, "voidlit", 2, true, 1, f);
        String[] ec = ticket(31, "voidlit", 2, false, 0, e);
        String[] fc = ticket(32, "voidlit", 2, false, 1, f);
        Thread.sleep(4_500);
        for (String[] t : List.of(er, fr, ec, fc)) {
            assertThat(read(t).get("status").asText()).as(t[0]).isEqualTo("QUEUED");
        }
        assertThat(api.delete("/api/tickets/" + ec[0], ec[1]).status()).isEqualTo(204);
        assertThat(api.delete("/api/tickets/" + fc[0], fc[1]).status()).isEqualTo(204);
        // unblocked: they meet within a wave, and the stored wave, re-run, pairs them again
        Res un = api.delete("/api/blocks/" + fay, null, Map.of("X-Player-Token", e));
        assertThat(un.status()).as(un.raw()).isEqualTo(204);
        JsonNode me = matched(er);
        assertThat(matched(fr).get("match").get("matchId"))
                .isEqualTo(me.get("match").get("matchId"));
        List<Object> stored = events("voidlit-2-rated");
        List<WaveRan> waves =
                stored.stream()
                        .filter(WaveRan.class::isInstance)
                        .map(WaveRan.class::cast)
                        .filter(w -> w.tickets().stream().anyMatch(t -> t.ticketId().equals(er[0])))
                        .toList();
        WaveRan last = waves.get(waves.size() - 1);
        assertThat(
                        WaveMatcher.run(last.seats(), last.rated(), last.tickets(), last.rules())
                                .tables())
                .extracting(Table::ticketIds)
                .anySatisfy(ids -> assertThat(ids).containsExactlyInAnyOrder(er[0], fr[0]));
    }

    @Test
    void twoSeatsOfOneAddressNeverMeetInARatedQueue() throws Exception {
        String cy = api.registered(unique("QCy"));
        String di = api.registered(unique("QDi"));
        String[] c = ticket(9, "voidlit", 2, true, 0, cy);
        String[] d = ticket(9, "voidlit", 2, true, 1, di);
        Thread.sleep(4_500); // two waves
        assertThat(read(c).get("status").asText()).isEqualTo("QUEUED");
        assertThat(read(d).get("status").asText()).isEqualTo("QUEUED");
        assertThat(api.delete("/api/tickets/" + c[0], c[1]).status()).isEqualTo(204);
        assertThat(api.delete("/api/tickets/" + d[0], d[1]).status()).isEqualTo(204);
        assertThat(read(c).get("status").asText()).isEqualTo("CANCELLED");
    }

    @Test
    void fourPlayersMeetInAFourSeatCasketAndItsResultMovesAllFourRatingsByPlacing()
            throws Exception {
        List<String> tokens = new ArrayList<>();
        List<String[]> tickets = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            String token = api.registered(unique("QP" + i));
            tokens.add(token);
            tickets.add(ticket(20 + i, "casket", 4, true, i, token));
        }
        List<JsonNode> seated = new ArrayList<>();
        for (String[] t : tickets) {
            seated.add(matched(t).get("match"));
        }
        String matchId = seated.get(0).get("matchId").asText();
        assertThat(seated)
                .allSatisfy(m -> assertThat(m.get("matchId").asText()).isEqualTo(matchId));
        assertThat(seated)
                .extracting(m -> m.get("seat").asText())
                .containsExactlyInAnyOrder("A", "B", "C", "D");
        JsonNode view = api.get("/api/matches/" + matchId + "/view", null).body();
        assertThat(view.get("seats").size()).isEqualTo(4);
        // players 0, 1, 2 concede in that order: player 3 wins, player 0 is last
        for (int i = 0; i < 3; i++) {
            Res r =
                    api.post(
                            "/api/matches/" + matchId + "/intents",
                            Api.intent("CONCEDE"),
                            seated.get(i).get("playerToken").asText());
            assertThat(r.status()).as(r.raw()).isEqualTo(200);
        }
        List<String> accounts = tokens.stream().map(this::accountOf).toList();
        Instant until = Instant.now().plusSeconds(20);
        List<PlacingRating> after = List.of();
        while (Instant.now().isBefore(until)) {
            after = accounts.stream().map(acc -> ratings.placing(acc, 4).orElse(null)).toList();
            if (after.stream().allMatch(r -> r != null && r.games() == 1)) {
                break;
            }
            Thread.sleep(100);
        }
        assertThat(after).allSatisfy(r -> assertThat(r).isNotNull());
        assertThat(after.get(3).mu()).isGreaterThan(after.get(2).mu());
        assertThat(after.get(2).mu()).isGreaterThan(after.get(1).mu());
        assertThat(after.get(1).mu()).isGreaterThan(after.get(0).mu());
        assertThat(after.get(3).firsts()).isEqualTo(1);
        assertThat(after).allSatisfy(r -> assertThat(r.sigma()).isLessThan(350));
        // the leaderboard by placing of 4-seat matches says the same over HTTP, in order of mu
        JsonNode board = api.get("/api/leaderboard?seats=4&limit=500", null).body();
        List<String> names = new ArrayList<>();
        board.forEach(r -> names.add(r.get("name").asText()));
        List<String> ours = after.stream().map(PlacingRating::name).toList();
        assertThat(names).containsSubsequence(ours.get(3), ours.get(2), ours.get(1), ours.get(0));
        for (JsonNode r : board) {
            int i = ours.indexOf(r.get("name").asText());
            if (i >= 0) {
                assertThat(r.get("mu").asDouble()).isEqualTo(after.get(i).mu());
                assertThat(r.get("ordinal").asDouble())
                        .isCloseTo(after.get(i).mu() - 3 * after.get(i).sigma(), within(1e-9));
                assertThat(r.get("seats").asInt()).isEqualTo(4);
                assertThat(r.get("games").asInt()).isEqualTo(1);
            }
        }
        assertThat(board.get(0).get("rank").asInt()).isEqualTo(1);
        // casket's own board of 4 seats (what its queue weighs) has the same four in that order;
        // a game nobody played by placing has an empty one
        JsonNode casket = api.get("/api/leaderboard?ruleset=casket&seats=4&limit=500", null).body();
        List<String> inCasket = new ArrayList<>();
        casket.forEach(r -> inCasket.add(r.get("name").asText()));
        assertThat(inCasket)
                .containsSubsequence(ours.get(3), ours.get(2), ours.get(1), ours.get(0));
        for (JsonNode r : casket) {
            int i = ours.indexOf(r.get("name").asText());
            if (i >= 0) {
                assertThat(r.get("mu").asDouble()).isCloseTo(after.get(i).mu(), within(1e-9));
                assertThat(r.get("games").asInt()).isEqualTo(1);
            }
        }
        assertError(api.get("/api/leaderboard?ruleset=chess", null), 400, "UNKNOWN_RULESET");
        assertError(api.get("/api/leaderboard?ruleset=voidexa&seats=4", null), 400, "OUT_OF_RANGE");
        Res bad = api.get("/api/leaderboard?seats=7", null);
        assertError(bad, 400, "OUT_OF_RANGE");
        JsonNode two = api.get("/api/leaderboard?seats=2&limit=5", null).body();
        assertThat(two.size() == 0 || two.get(0).has("rd"))
                .as("seats=2: the Glicko-2 board")
                .isTrue();
    }

    @Test
    void badInputIsAClearErrorAndChangesNothing() throws Exception {
        String ed = api.registered(unique("QEd"));
        JsonNode deck = starter("biome", 0);
        // unknown queue, seats out of range, no body, no seat, malformed JSON
        assertError(
                postFrom(
                        30,
                        "/api/queues/chess/tickets",
                        ticketBody("biome", 2, false, 0),
                        Map.of()),
                404,
                "UNKNOWN_QUEUE");
        assertError(
                postFrom(
                        30,
                        "/api/queues/biome/tickets",
                        Map.of("seats", 9, "seat", deck),
                        Map.of()),
                400,
                "OUT_OF_RANGE");
        assertError(
                postFrom(30, "/api/queues/biome/tickets", Map.of("seats", 2), Map.of()),
                400,
                "MISSING_FIELD");
        assertError(postFrom(30, "/api/queues/biome/tickets", "{\"seats\": ", Map.of()), 400, null);
        assertError(postFrom(30, "/api/queues/biome/tickets", "[1, 2]", Map.of()), 400, null);
        // rated: a registered player only
        assertError(
                postFrom(
                        30, "/api/queues/biome/tickets", ticketBody("biome", 2, true, 0), Map.of()),
                401,
                "PLAYER_TOKEN_REQUIRED");
        assertError(
                postFrom(
                        30,
                        "/api/queues/biome/tickets",
                        ticketBody("biome", 2, true, 0),
                        Map.of("X-Player-Token", "pt_nope")),
                401,
                "INVALID_PLAYER_TOKEN");
        // a bad deck is refused when the ticket is opened
        ObjectNode bad = ticketBody("biome", 2, false, 0);
        ((ObjectNode) bad.get("seat")).putArray("cards").add("no-such-card");
        Res badDeck = postFrom(30, "/api/queues/biome/tickets", bad, Map.of());
        assertError(badDeck, 422, "DECK_INVALID");
        assertThat(events("biome-2-casual")).as("nothing stored").isEmpty();
        // one open ticket per account and queue
        String[] first = ticket(30, "biome", 2, false, 0, ed);
        assertError(
                postFrom(
                        31,
                        "/api/queues/biome/tickets",
                        ticketBody("biome", 2, false, 1),
                        Map.of("X-Player-Token", ed)),
                409,
                "ALREADY_QUEUED");
        assertThat(events("biome-2-casual")).hasSize(1);
        // the ticket opens with its token only
        assertError(api.get("/api/tickets/" + first[0], null), 401, "MISSING_TOKEN");
        assertError(api.get("/api/tickets/" + first[0], "tt_wrong"), 401, "INVALID_TICKET_TOKEN");
        assertError(
                api.delete("/api/tickets/" + first[0], "tt_wrong"), 401, "INVALID_TICKET_TOKEN");
        assertError(
                api.get("/api/tickets/biome-2-casual." + UUID.randomUUID(), first[1]),
                404,
                "TICKET_NOT_FOUND");
        assertError(
                api.get("/api/tickets/voidexa-2-casual." + UUID.randomUUID(), first[1]),
                404,
                "TICKET_NOT_FOUND");
        assertError(api.get("/api/tickets/not-a-ticket", first[1]), 404, "TICKET_NOT_FOUND");
        JsonNode t = read(first);
        assertThat(t.get("status").asText()).isEqualTo("QUEUED");
        assertThat(t.get("match").isNull()).isTrue();
        assertThat(t.get("window").get("ratingGap").asDouble())
                .isBetween(
                        io.duelhall.domain.matchmaking.PairingRules.forSeats(2).windowStart(),
                        600.0);
        // cancel: 204, then CANCELLED; a second cancel changes nothing
        assertThat(api.delete("/api/tickets/" + first[0], first[1]).status()).isEqualTo(204);
        assertThat(read(first).get("status").asText()).isEqualTo("CANCELLED");
        assertThat(api.delete("/api/tickets/" + first[0], first[1]).status()).isEqualTo(204);
        assertThat(events("biome-2-casual")).hasSize(2);
        // and the account may queue again
        String[] second = ticket(30, "biome", 2, false, 0, ed);
        assertThat(api.delete("/api/tickets/" + second[0], second[1]).status()).isEqualTo(204);
        // a queue's id is no match's: every match path answers 4xx for it, never a 5xx
        for (String path :
                List.of("/view", "/events", "/replay?at=1", "/moves", "/export", "/audit")) {
            Res r = api.get("/api/matches/biome-2-casual" + path, first[1]);
            assertThat(r.status()).as(path + " " + r.raw()).isBetween(400, 499);
        }
        Res seatInQueue =
                api.post(
                        "/api/matches/biome-2-casual/seats",
                        ((ObjectNode) starter("biome", 0).deepCopy()).put("name", "Zed"),
                        null);
        assertThat(seatInQueue.status()).as(seatInQueue.raw()).isEqualTo(404);
        Res intentInQueue =
                api.post("/api/matches/biome-2-casual/intents", Api.intent("CONCEDE"), first[1]);
        assertThat(intentInQueue.status()).as(intentInQueue.raw()).isEqualTo(404);
        assertThat(events("biome-2-casual")).as("nothing stored").hasSize(4);
        // the queues list
        JsonNode queues = api.get("/api/queues", null).body();
        assertThat(queues.isArray()).isTrue();
        assertThat(queues.findValuesAsText("ruleset")).contains("voidexa", "casket", "biome");
        JsonNode casket6 = null;
        for (JsonNode q : queues) {
            if (q.get("ruleset").asText().equals("casket")
                    && q.get("seats").asInt() == 6
                    && q.get("rated").asBoolean()) {
                casket6 = q;
            }
        }
        assertThat(casket6).as("casket has a rated 6-seat queue").isNotNull();
        assertThat(casket6.has("waitP95Ms")).isTrue();
    }

    /** A PUT without a body, with these headers. */
    Res put(String path, Map<String, String> headers) {
        try {
            java.net.http.HttpRequest.Builder b =
                    java.net.http.HttpRequest.newBuilder(
                                    java.net.URI.create("http://127.0.0.1:" + port + path))
                            .PUT(java.net.http.HttpRequest.BodyPublishers.noBody());
            headers.forEach(b::header);
            java.net.http.HttpResponse<String> r =
                    java.net.http.HttpClient.newHttpClient()
                            .send(b.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
            String raw = r.body();
            return new Res(
                    r.statusCode(),
                    JsonHttp.JSON.readTree(raw.isEmpty() ? "null" : raw),
                    raw,
                    r.headers());
        } catch (Exception ex) {
            throw new IllegalStateException(ex);
        }
    }

    static void assertError(Res r, int status, String code) {
        assertThat(r.status()).as(r.raw()).isEqualTo(status);
        assertThat(r.body().get("error").asText()).as(r.raw()).isNotBlank().isUpperCase();
        assertThat(r.body().has("message")).isTrue();
        if (code != null) {
            assertThat(r.body().get("error").asText()).as(r.raw()).isEqualTo(code);
        }
    }
}
