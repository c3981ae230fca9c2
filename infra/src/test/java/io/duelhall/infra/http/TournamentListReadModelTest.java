package io.duelhall.infra.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.client.JsonHttp;
import io.duelhall.client.JsonHttp.Res;
import io.duelhall.command.tournament.TournamentState;
import io.duelhall.command.tournament.TournamentTables;
import io.duelhall.infra.AppTest;
import io.duelhall.projections.Projections;
import io.duelhall.projections.tournaments.TournamentListProjection;
import io.duelhall.projections.tournaments.TournamentListProjection.TournamentSummary;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * {@code GET /api/tournaments} from its read model (tournament-list, rm_tournament): each row
 * agrees with the tournament folded from its events (the aggregate's own fold, {@link
 * TournamentState}) in every state (registering with a withdrawn entry, running with a drop after
 * the start, ended); a redelivered event changes nothing; a rebuild from the store gives the same
 * rows and the same answer.
 */
class TournamentListReadModelTest extends AppTest {
    @LocalServerPort int port;
    @Autowired TournamentListProjection list;
    @Autowired EventStore eventStore;
    Api api;
    final String run = UUID.randomUUID().toString().substring(0, 6);

    @BeforeEach
    void setUp() {
        api = new Api(port);
    }

    private static Map<String, String> as(String playerToken) {
        return Map.of("X-Player-Token", playerToken);
    }

    private String create(String organizer, String name, int rounds) {
        Res r =
                api.post(
                        "/api/tournaments",
                        Map.of(
                                "name", name, "ruleset", "voidexa", "format", "SWISS", "rounds",
                                rounds),
                        null,
                        as(organizer));
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
        return r.body().get("tournamentId").asText();
    }

    private void enter(String id, String player) {
        ObjectNode seat = api.seatBody("ignored", api.starterDecks().get(0));
        seat.remove("name");
        ObjectNode body = JsonHttp.JSON.createObjectNode();
        body.set("seat", seat);
        Res r = api.post("/api/tournaments/" + id + "/entries", body, null, as(player));
        assertThat(r.status()).as(r.raw()).isEqualTo(201);
    }

    /** What the list must say of a tournament: its fold from the store, the aggregate's state. */
    private TournamentSummary folded(String id) {
        TournamentState t = TournamentTables.load(eventStore, id);
        var c = t.created();
        return new TournamentSummary(
                id,
                c.name(),
                c.ruleset(),
                c.rules().format().name(),
                t.status().name(),
                t.rounds().size(),
                t.entries().size(),
                c.organizerName(),
                c.at());
    }

    private static void awaitTrue(BooleanSupplier ok, String what) throws InterruptedException {
        long end = System.currentTimeMillis() + 60_000;
        while (!ok.getAsBoolean()) {
            if (System.currentTimeMillis() > end) {
                throw new AssertionError("never: " + what);
            }
            Thread.sleep(50);
        }
    }

    /** The rows of the list over HTTP for the given ids, in the list's order. */
    private List<JsonNode> listed(List<String> ids) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode t : api.get("/api/tournaments?limit=100", null).body().get("tournaments")) {
            if (ids.contains(t.get("tournamentId").asText())) {
                out.add(t);
            }
        }
        return out;
    }

    @Test
    void theListIsAReadModelThatAgreesWithTheAggregateAndSurvivesARebuild() throws Exception {
        String organizer = api.registered("Organizer-" + run);
        Map<String, String> tokenOf = new HashMap<>();
        for (int i = 0; i < 6; i++) {
            tokenOf.put("L" + i, api.registered("Lister" + i + "-" + run));
        }
        // registering: three entered, one withdrew (the entry is gone)
        String registering = create(organizer, "Open " + run, 3);
        for (int i = 0; i < 3; i++) {
            enter(registering, tokenOf.get("L" + i));
        }
        Res withdrawn =
                api.delete(
                        "/api/tournaments/" + registering + "/entries",
                        null,
                        as(tokenOf.get("L2")));
        assertThat(withdrawn.status()).as(withdrawn.raw()).isEqualTo(200);
        // running: four entered and started; one drops after the start (the entry stays)
        String running = create(organizer, "Running " + run, 3);
        for (int i = 0; i < 4; i++) {
            enter(running, tokenOf.get("L" + i));
        }
        assertThat(
                        api.post(
                                        "/api/tournaments/" + running + "/start",
                                        Map.of(),
                                        null,
                                        as(organizer))
                                .status())
                .isEqualTo(200);
        assertThat(
                        api.delete(
                                        "/api/tournaments/" + running + "/entries",
                                        null,
                                        as(tokenOf.get("L3")))
                                .status())
                .isEqualTo(200);
        // ended: two entrants, one round; the loser concedes
        String ended = create(organizer, "Done " + run, 1);
        enter(ended, tokenOf.get("L4"));
        enter(ended, tokenOf.get("L5"));
        api.post("/api/tournaments/" + ended + "/start", Map.of(), null, as(organizer));
        long until = System.currentTimeMillis() + 30_000;
        while (true) {
            JsonNode me =
                    api.get("/api/tournaments/" + ended + "/me", null, as(tokenOf.get("L4")))
                            .body();
            if (me.hasNonNull("matchId")) {
                Res c =
                        api.post(
                                "/api/matches/" + me.get("matchId").asText() + "/intents",
                                JsonHttp.intent("CONCEDE"),
                                me.get("playerToken").asText());
                if (c.status() == 200) {
                    break;
                }
            }
            assertThat(System.currentTimeMillis()).as("conceded in time").isLessThan(until);
            Thread.sleep(50);
        }
        awaitTrue(
                () -> TournamentTables.load(eventStore, ended).status().name().equals("ENDED"),
                "the tournament ends");

        List<String> ids = List.of(registering, running, ended);
        awaitTrue(
                () -> ids.stream().allMatch(id -> folded(id).equals(list.find(id))),
                "the read model agrees with the aggregate");
        // what the fold says, spelled out
        assertThat(list.find(registering).entrants()).isEqualTo(2);
        assertThat(list.find(registering).status()).isEqualTo("REGISTERING");
        assertThat(list.find(running).entrants()).isEqualTo(4);
        assertThat(list.find(running).status()).isEqualTo("RUNNING");
        assertThat(list.find(running).round()).isEqualTo(1);
        assertThat(list.find(ended).status()).isEqualTo("ENDED");
        assertThat(list.find(ended).round()).isEqualTo(1);
        assertThat(list.find(ended).organizer()).isEqualTo("Organizer-" + run);
        // over HTTP: newest first, each as folded; a status filter pages through its own rows
        List<JsonNode> before = listed(ids);
        assertThat(before)
                .extracting(t -> t.get("tournamentId").asText())
                .containsExactly(ended, running, registering);
        for (JsonNode t : before) {
            TournamentSummary f = folded(t.get("tournamentId").asText());
            assertThat(t.get("status").asText()).isEqualTo(f.status());
            assertThat(t.get("entrants").asInt()).isEqualTo(f.entrants());
            assertThat(t.get("round").asInt()).isEqualTo(f.round());
            assertThat(t.get("createdAt").asText()).isEqualTo(f.createdAt().toString());
        }
        JsonNode endedPage = api.get("/api/tournaments?status=ENDED&limit=1", null).body();
        assertThat(endedPage.at("/tournaments/0/status").asText()).isEqualTo("ENDED");

        // a redelivered event (a batch run again after a crash) changes nothing
        List<TournamentSummary> rows = list.all();
        for (String id : ids) {
            for (DomainEventMessage<?> m : TournamentTables.events(eventStore, id)) {
                list.apply(id, m.getSequenceNumber(), 0, m.getPayload());
            }
        }
        assertThat(list.all()).isEqualTo(rows);

        // rebuilt from the store: the same rows, the same answer
        String path = "/api/admin/projections/" + Projections.TOURNAMENT_LIST + "/rebuild";
        Res rebuild = api.post(path, "{}", ADMIN_TOKEN);
        assertThat(rebuild.status()).as(rebuild.raw()).isEqualTo(202);
        awaitTrue(
                () -> api.get(path, ADMIN_TOKEN).body().get("done").asBoolean(),
                "the rebuild is done");
        for (String id : ids) {
            assertThat(list.find(id)).as(id).isEqualTo(folded(id));
        }
        assertThat(listed(ids)).isEqualTo(before);
        assertThat(list.all().size()).as("every tournament again").isGreaterThanOrEqualTo(3);
    }
}
