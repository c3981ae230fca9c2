package io.duelhall.infra.fairness;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.RecordedEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.infra.AppTest;
import io.duelhall.infra.http.Api;
import io.duelhall.query.log.MatchLog;
import io.duelhall.query.log.MatchLogs;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The server seed (and the match seed derived from it, which gives away every deck order) leaves
 * the server only when the match has ended. A match is played over HTTP while every answer of every
 * read path is kept — for both seats, a spectator and anyone probing: creation, seats, intents and
 * their refusals, view, events, replay, match lists, export and audit — and none may hold either
 * seed before MatchEnded; after it, the log and the export reveal it.
 */
class SeedSecrecyHttpTest extends AppTest {
    @LocalServerPort int port;
    @Autowired MatchLogs logs;
    @Autowired VoidexaRuleset rules;

    final List<String> seen = new ArrayList<>();
    Api api;

    Api.Res keep(Api.Res r) {
        seen.add(r.raw().toLowerCase(Locale.ROOT));
        return r;
    }

    void readEverything(String id, String tokenA, String tokenB, long version) {
        for (String token : new String[] {tokenA, tokenB, null}) {
            keep(api.get("/api/matches/" + id + "/view", token));
            keep(api.get("/api/matches/" + id + "/events?from=0", token));
            keep(api.get("/api/matches/" + id + "/replay?at=" + version, token));
            keep(api.get("/api/matches/" + id + "/replay?at=0", token));
            keep(
                    api.get(
                            "/api/matches/"
                                    + id
                                    + "/replay/steps?from="
                                    + Math.max(0, version - 99)
                                    + "&to="
                                    + version,
                            token));
        }
        keep(api.get("/api/matches/" + id + "/export", null));
        keep(api.get("/api/matches/" + id + "/audit", null));
        keep(api.get("/api/matches?status=LIVE", null));
        keep(api.get("/api/matches", null));
        keep(api.get("/api/players/Ada/matches", null));
    }

    static ObjectNode body(Intent in) {
        ObjectNode n = Api.intent(in.type());
        if (in.card() != null) {
            n.put("card", in.card());
        }
        if (in.ability() != null) {
            n.put("ability", in.ability());
        }
        ArrayNode targets = n.putArray("targets");
        for (Target t : in.targets()) {
            ObjectNode o = Api.target(targets, t.kind(), t.seat().name());
            o.put("subsystem", t.subsystem());
            o.put("id", t.id());
        }
        ArrayNode cards = n.putArray("cards");
        in.cards().forEach(cards::add);
        return n;
    }

    @Test
    void noReadPathShowsTheSeedsBeforeTheEnd() {
        api = new Api(port);
        Api.Res created =
                keep(api.post("/api/matches", java.util.Map.of("ruleset", "voidexa"), null));
        String id = created.body().get("matchId").asText();
        assertThat(created.body().get("seedCommitment").asText()).matches("[0-9a-f]{64}");
        JsonNode decks = api.starterDecks();
        String tokenA =
                keep(api.post(
                                "/api/matches/" + id + "/seats",
                                api.seatBody("Ada", decks.get(0)),
                                null))
                        .body()
                        .get("playerToken")
                        .asText();
        readEverything(id, tokenA, null, 0);
        String tokenB =
                keep(api.post(
                                "/api/matches/" + id + "/seats",
                                api.seatBody("Bo", decks.get(1)),
                                null))
                        .body()
                        .get("playerToken")
                        .asText();

        VoidexaMoves moves = new VoidexaMoves(rules.catalog());
        Random rnd = new Random(5);
        MatchLog log = logs.load(id);
        for (int step = 0; ((VoidexaState) log.state()).status() == MatchStatus.LIVE; step++) {
            assertThat(step).isLessThan(3000);
            VoidexaState s = (VoidexaState) log.state();
            Seat seat = VoidexaMoves.toAct(s);
            String token = seat == Seat.A ? tokenA : tokenB;
            keep(
                    api.post(
                            "/api/matches/" + id + "/intents",
                            Api.intent("END_TURN"),
                            seat == Seat.A ? tokenB : tokenA));
            if (step < 3 || step % 20 == 0) {
                readEverything(id, tokenA, tokenB, log.version());
            }
            List<Intent> legal = moves.legal(s, seat);
            Intent pick = rnd.nextInt(10) < 3 ? legal.get(0) : legal.get(rnd.nextInt(legal.size()));
            Api.Res r = api.post("/api/matches/" + id + "/intents", body(pick), token);
            assertThat(r.status()).as(r.raw()).isEqualTo(200);
            log = logs.load(id);
            if (((VoidexaState) log.state()).status() == MatchStatus.LIVE) {
                seen.add(
                        r.raw()
                                .toLowerCase(
                                        Locale.ROOT)); // the answer that ends the match reveals,
                // as it should
            }
        }
        MatchSetup setup = rules.setup(log.events().stream().map(RecordedEvent::payload).toList());
        String serverSeed = setup.revealedServerSeed();
        String matchSeed = setup.matchSeed();
        assertThat(serverSeed).matches("[0-9a-f]{64}");
        assertThat(seen).hasSizeGreaterThan(50);
        for (String body : seen) {
            assertThat(body).doesNotContain(serverSeed).doesNotContain(matchSeed);
        }

        assertThat(api.get("/api/matches/" + id + "/events?from=0", null).raw())
                .contains(serverSeed);
        assertThat(api.get("/api/matches/" + id + "/export", null).raw())
                .contains(serverSeed)
                .contains(matchSeed);
    }
}
