package io.duelhall.domain.voidlit;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidlit.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Hands, deck orders, draws and mulligan returns are hidden per viewer; the Waste is public; the
 * end reveals all.
 */
class RedactionTest {
    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    static PlayPropertiesTest.Game match(long seed) {
        return PlayPropertiesTest.play(seed, seed, (s, r) -> {});
    }

    @Test
    @DisplayName(
            "a seat's redacted stream never names a card the other seat drew, returned or holds face down")
    void seatStreamNoLeak() throws Exception {
        for (long seed = 0; seed < 10; seed++) {
            PlayPropertiesTest.Game g = match(seed);
            for (Seat viewer : List.of(A, B)) {
                Seat other = viewer.opponent();
                for (MatchEvent e : g.events()) {
                    MatchEvent r = RULES.redact(e, Viewer.seat(viewer));
                    if (r instanceof CardDrawn d && d.seat() == other) {
                        assertThat(d.card()).isNull();
                    } else if (r instanceof MulliganTaken m && m.seat() == other) {
                        assertThat(m.returned()).isNull();
                    } else if (r instanceof DeckShuffled d) {
                        assertThat(d.order()).isNull();
                    } else if (r instanceof PlayerJoined j && j.seat() == other) {
                        assertThat(j.deck()).isNull();
                    } else if (r instanceof MatchCreated c) {
                        assertThat(c.serverSeed()).isNull();
                    }
                    if (r instanceof CardDrawn d && d.seat() == viewer) {
                        assertThat(d.card()).isNotNull();
                    }
                    if (!(e instanceof MatchEnded)) {
                        String json = JSON.writeValueAsString(r);
                        hiddenIds(g, other, e)
                                .forEach(
                                        id ->
                                                assertThat(json)
                                                        .as("%s leaks %s", r, id)
                                                        .doesNotContain(id));
                    }
                }
            }
        }
    }

    @Test
    @DisplayName(
            "issue 45 finding 4: a MULLIGAN intent names its returned cards to its own seat only, as its MulliganTaken does")
    void mulliganIntentHidesItsCards() throws Exception {
        int seen = 0;
        for (long seed = 0; seed < 10; seed++) {
            for (MatchEvent e : match(seed).events()) {
                if (!(e instanceof MulliganTaken m) || m.returned().isEmpty()) {
                    continue;
                }
                List<String> ids = m.returned().stream().map(CardRef::id).toList();
                io.duelhall.domain.IntentAccepted accepted =
                        new io.duelhall.domain.IntentAccepted(
                                "i-" + seed,
                                m.seat(),
                                "f",
                                new io.duelhall.domain.Intent(
                                        m.seat(),
                                        VoidlitIntents.MULLIGAN,
                                        null,
                                        null,
                                        List.of(),
                                        ids),
                                null);
                for (Viewer v : List.of(Viewer.seat(m.seat().opponent()), Viewer.SPECTATOR)) {
                    String json = JSON.writeValueAsString(RULES.redact(accepted, v));
                    ids.forEach(id -> assertThat(json).as("%s sees %s", v, id).doesNotContain(id));
                    assertThat(json).contains(VoidlitIntents.MULLIGAN);
                }
                for (Viewer v : List.of(Viewer.seat(m.seat()), Viewer.EVERYONE)) {
                    assertThat(
                                    ((io.duelhall.domain.IntentAccepted) RULES.redact(accepted, v))
                                            .intent()
                                            .cards())
                            .isEqualTo(ids);
                }
                seen++;
            }
        }
        assertThat(seen).as("mulligans that returned cards").isPositive();
    }

    /** The ids of the other seat's hand and deck cards the event itself keeps hidden. */
    private static Set<String> hiddenIds(PlayPropertiesTest.Game g, Seat other, MatchEvent e) {
        Set<String> out = new HashSet<>();
        if (e instanceof CardDrawn d && d.seat() == other) {
            out.add(d.card().id());
        }
        if (e instanceof MulliganTaken m && m.seat() == other) {
            m.returned().forEach(c -> out.add(c.id()));
        }
        if (e instanceof DeckShuffled d) {
            d.order().forEach(c -> out.add(c.id()));
        }
        return out;
    }

    @Test
    @DisplayName(
            "views: a seat sees its own hand only, a spectator none; the Waste and Bank are public; the end reveals all")
    void views() {
        Scenario sc =
                Scenario.turnOf(A)
                        .hand(A, "spark-bolt")
                        .hand(B, "undertow")
                        .waste(B, "surge")
                        .bank(A, 2);
        VoidlitView forA = RULES.view(sc.state, Viewer.seat(A), 5);
        assertThat(forA.seats().get(A).hand())
                .extracting(VoidlitView.HandCard::card)
                .containsExactly("spark-bolt");
        assertThat(forA.seats().get(B).hand()).isNull();
        assertThat(forA.seats().get(B).handCount()).isEqualTo(1);
        assertThat(forA.seats().get(B).waste()).extracting(CardRef::card).containsExactly("surge");
        VoidlitView spec = RULES.view(sc.state, Viewer.SPECTATOR, 5);
        assertThat(spec.seats().get(A).hand()).isNull();
        assertThat(spec.seats().get(B).hand()).isNull();
        assertThat(spec.seats().get(A).bank()).hasSize(2);
        sc.apply(new VoidlitMove.Concede(B));
        VoidlitView after = RULES.view(sc.state, Viewer.SPECTATOR, 6);
        assertThat(after.seats().get(B).hand())
                .extracting(VoidlitView.HandCard::card)
                .containsExactly("undertow");
        assertThat(RULES.redact(new CardDrawn(A, new CardRef("x", "surge"), 1, 1), Viewer.EVERYONE))
                .isEqualTo(new CardDrawn(A, new CardRef("x", "surge"), 1, 1));
        assertThat(RULES.redact(new SeatTokenIssued(A, "h", null), Viewer.EVERYONE))
                .isEqualTo(new SeatTokenIssued(A, null, null));
    }

    @Test
    @DisplayName(
            "the public fold: folding the SPECTATOR-redacted events (through JSON) gives view(truth, SPECTATOR) at every step")
    void publicFoldMatchesTheSpectatorViewOfTheTruth() throws Exception {
        Redaction redaction = new Redaction(Scenario.CATALOG);
        for (long seed = 0; seed < 12; seed++) {
            PlayPropertiesTest.Game g = match(seed);
            GameState truth = RULES.initial();
            GameState spectator = RULES.initial();
            long version = -1;
            for (MatchEvent e : g.events()) {
                version++;
                truth = RULES.evolve(truth, e);
                MatchEvent published = RULES.redact(e, Viewer.SPECTATOR);
                published =
                        JSON.readValue(JSON.writeValueAsString(published), published.getClass());
                spectator = RULES.evolvePublic(spectator, published);
                assertThat(RULES.publicView(spectator, version))
                        .as("seed %d, event %d (%s)", seed, version, e.type())
                        .isEqualTo(redaction.view((VoidlitState) truth, Viewer.SPECTATOR, version));
            }
        }
    }

    @Test
    @DisplayName("views, events and cards serialize as plain JSON records (what the API sends)")
    void json() throws Exception {
        Scenario sc = Scenario.turnOf(A).hand(A, "spark-bolt").unit(B, "reef-sentry");
        String view = JSON.writeValueAsString(RULES.view(sc.state, Viewer.seat(A), 3));
        assertThat(view)
                .contains("\"ruleset\":\"voidlit\"", "\"health\":30", "\"card\":\"spark-bolt\"")
                .doesNotContain("atPlayer", "serverSeed");
        String cards = JSON.writeValueAsString(RULES.cards());
        assertThat(cards).contains("\"id\":\"cataclysm\"", "\"rarity\":\"LEGENDARY\"");
        String event =
                JSON.writeValueAsString(
                        new CardPlayed(
                                A,
                                new CardRef("c1", "spark-bolt"),
                                "EFFECT",
                                1,
                                TargetRef.player(B)));
        assertThat(event)
                .isEqualTo(
                        "{\"seat\":\"A\",\"card\":{\"id\":\"c1\",\"card\":\"spark-bolt\"},"
                                + "\"cardType\":\"EFFECT\",\"cost\":1,\"target\":{\"kind\":\"PLAYER\",\"seat\":\"B\",\"id\":null}}");
    }
}
