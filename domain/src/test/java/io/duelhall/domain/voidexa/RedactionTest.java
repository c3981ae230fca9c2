package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidexa.Scenario.all;
import static io.duelhall.domain.voidexa.Scenario.one;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What each viewer may see of a live match (ARCHITECTURE principle 3), and that the end reveals
 * all.
 */
class RedactionTest {
    private static final VoidexaRuleset RULES = Fixtures.RULES;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Viewer SEAT_A = Viewer.seat(A);
    private static final Viewer SEAT_B = Viewer.seat(B);
    private static final List<Viewer> NOT_A = List.of(SEAT_B, Viewer.SPECTATOR);

    private static String json(Object o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Instance ids the viewer may not see: every deck, and the hands of seats that are not the
     * viewer's.
     */
    private static List<String> hiddenIds(VoidexaState s, Viewer viewer) {
        List<String> out = new ArrayList<>();
        for (Seat seat : s.seats()) {
            s.ship(seat).deck().forEach(c -> out.add(c.id()));
            if (!viewer.maySeeOwn(seat)) {
                s.ship(seat).hand().forEach(c -> out.add(c.id()));
            }
        }
        return out;
    }

    @Test
    @DisplayName(
            "MatchCreated: the server seed is hidden from both seats and spectators while the match is live")
    void serverSeedHidden() {
        Fixtures.Game g = new Fixtures.Game(1);
        MatchCreated created = one(g.events, MatchCreated.class);
        assertThat(created.serverSeed()).isNotNull();
        for (Viewer v : List.of(SEAT_A, SEAT_B, Viewer.SPECTATOR)) {
            Viewer eff = RULES.effectiveViewer(g.state, v);
            MatchCreated seen = (MatchCreated) RULES.redact(created, eff);
            assertThat(seen.serverSeed()).isNull();
            assertThat(seen.seedCommitment()).isEqualTo(created.seedCommitment());
            assertThat(seen.matchId()).isEqualTo(created.matchId());
        }
    }

    @Test
    @DisplayName("PlayerJoined: the deck list is seen by its own seat only")
    void deckListHidden() {
        Fixtures.Game g = new Fixtures.Game(1);
        PlayerJoined joinedA = all(g.events, PlayerJoined.class).get(0);
        assertThat(joinedA.seat()).isEqualTo(A);
        assertThat(RULES.redact(joinedA, SEAT_A)).isEqualTo(joinedA);
        for (Viewer v : NOT_A) {
            PlayerJoined seen = (PlayerJoined) RULES.redact(joinedA, v);
            assertThat(seen.deck()).isNull();
            assertThat(seen)
                    .isEqualTo(
                            new PlayerJoined(
                                    A,
                                    joinedA.name(),
                                    joinedA.pilotClass(),
                                    joinedA.shipCore(),
                                    null,
                                    joinedA.clientSeed()));
        }
    }

    @Test
    @DisplayName(
            "DeckShuffled: the deck order is hidden from everyone, its own seat included; the size is public")
    void deckOrderHidden() {
        Fixtures.Game g = new Fixtures.Game(1);
        for (DeckShuffled d : all(g.events, DeckShuffled.class)) {
            for (Viewer v : List.of(SEAT_A, SEAT_B, Viewer.SPECTATOR)) {
                assertThat(RULES.redact(d, v)).isEqualTo(new DeckShuffled(d.seat(), 60, null));
            }
        }
    }

    @Test
    @DisplayName("CardDrawn: the card is seen by the drawing seat only; counts are public")
    void drawnCardHidden() {
        Fixtures.Game g = new Fixtures.Game(1);
        CardDrawn drawn =
                all(g.events, CardDrawn.class).stream()
                        .filter(d -> d.seat() == A)
                        .findFirst()
                        .orElseThrow();
        assertThat(RULES.redact(drawn, SEAT_A)).isEqualTo(drawn);
        for (Viewer v : NOT_A) {
            assertThat(RULES.redact(drawn, v))
                    .isEqualTo(new CardDrawn(A, null, drawn.handCount(), drawn.deckCount()));
        }
    }

    @Test
    @DisplayName(
            "a seat token's hash and the join request it keeps (deck included) are never served")
    void seatTokenHidden() {
        SeatTokenIssued t =
                new SeatTokenIssued(
                        A,
                        "ab".repeat(32),
                        new io.duelhall.domain.JoinRequest(
                                "Ada", "gunner", "vanguard-core", List.of("pulse-tap"), "seed"));
        for (Viewer v : List.of(SEAT_A, SEAT_B, Viewer.SPECTATOR, Viewer.EVERYONE)) {
            assertThat(RULES.redact(t, v)).isEqualTo(new SeatTokenIssued(A, null));
        }
    }

    @Test
    @DisplayName("public events pass unchanged to every viewer")
    void publicEventsUnchanged() {
        Fixtures.Game g = Scenario.live().a(x -> x.hand("pulse-tap").energy(5)).game();
        g.act(VoidexaIntents.play(A, "a1"));
        g.act(VoidexaIntents.endTurn(A));
        g.act(Intent.concede(B));
        for (MatchEvent e : g.events) {
            for (Viewer v : List.of(SEAT_A, SEAT_B, Viewer.SPECTATOR)) {
                if (!(e instanceof CardDrawn)) {
                    assertThat(RULES.redact(e, v)).as("%s for %s", e.type(), v).isSameAs(e);
                }
            }
        }
        assertThat(Scenario.types(g.events))
                .contains("CardPlayed", "DamageRouted", "TurnStarted", "MatchEnded");
    }

    @Test
    @DisplayName(
            "the view: the other seat's hand and spectators' hands are null; own hand is exactly the hand")
    void viewHidesHands() {
        Fixtures.Game g = new Fixtures.Game(2);
        VoidexaView forA = RULES.view(g.state, SEAT_A, 7);
        assertThat(forA.seats().get(A).hand())
                .extracting(VoidexaView.HandCard::id)
                .containsExactlyElementsOf(g.ship(A).hand().stream().map(CardRef::id).toList());
        assertThat(forA.seats().get(B).hand()).isNull();
        assertThat(forA.seats().get(B).handCount()).isEqualTo(g.ship(B).hand().size());
        VoidexaView forB = RULES.view(g.state, SEAT_B, 7);
        assertThat(forB.seats().get(A).hand()).isNull();
        assertThat(forB.seats().get(B).hand()).isNotNull();
        VoidexaView forSpectator = RULES.view(g.state, Viewer.SPECTATOR, 7);
        assertThat(forSpectator.seats().get(A).hand()).isNull();
        assertThat(forSpectator.seats().get(B).hand()).isNull();
        assertThat(forSpectator.seats().get(A).deckCount()).isEqualTo(g.ship(A).deck().size());
        assertThat(forSpectator.version()).isEqualTo(7);
    }

    @Test
    @DisplayName(
            "through a whole live match, no view or redacted event names a card in a hidden zone, or the server seed")
    void noHiddenIdInViewsOrEvents() {
        VoidexaMoves moves = new VoidexaMoves(Fixtures.CATALOG);
        for (int seed = 0; seed < 4; seed++) {
            Fixtures.Game g =
                    new Fixtures.Game(seed, Fixtures.deck(seed % 2), Fixtures.deck(1 - seed % 2));
            String serverSeed = g.state.serverSeed();
            Random r = new Random(seed);
            VoidexaState replay = RULES.initial();
            int checked = 0;
            for (int step = 0; step < 120 && g.state.status() == MatchStatus.LIVE; step++) {
                List<Intent> legal = moves.legal(g.state, VoidexaMoves.toAct(g.state));
                g.act(legal.get(r.nextInt(legal.size())));
                if (g.state.status() != MatchStatus.LIVE) {
                    break; // the end reveals everything (endRevealsEverything)
                }
                for (Viewer v : List.of(SEAT_A, SEAT_B, Viewer.SPECTATOR)) {
                    String view = json(RULES.view(g.state, v, step));
                    for (String id : hiddenIds(g.state, v)) {
                        assertThat(view)
                                .as("%s sees hidden %s", v, id)
                                .doesNotContain("\"" + id + "\"");
                    }
                    assertThat(view).doesNotContain(serverSeed);
                    if (v.kind() == Viewer.Kind.SEAT) {
                        for (CardRef own : g.ship(v.seat()).hand()) {
                            assertThat(view)
                                    .as("the scan can see ids")
                                    .contains("\"" + own.id() + "\"");
                            checked++;
                        }
                    }
                }
            }
            // the event log, in order: after each event, nothing it shows a viewer may be in a zone
            // hidden from them
            for (MatchEvent e : g.events) {
                replay = RULES.evolve(replay, e);
                if (replay.status() == MatchStatus.ENDED) {
                    continue; // the end reveals everything
                }
                for (Viewer v : List.of(SEAT_A, SEAT_B, Viewer.SPECTATOR)) {
                    String seen = json(RULES.redact(e, RULES.effectiveViewer(replay, v)));
                    assertThat(seen).doesNotContain(serverSeed);
                    for (String id : hiddenIds(replay, v)) {
                        assertThat(seen)
                                .as("%s for %s", e.type(), v)
                                .doesNotContain("\"" + id + "\"");
                    }
                }
            }
            assertThat(checked).isPositive();
        }
    }

    @Test
    @DisplayName(
            "once the match has ENDED everything is visible: hands in views, deck order, drawn cards and the server seed")
    void endRevealsEverything() {
        Fixtures.Game g = new Fixtures.Game(3);
        Seat loser = VoidexaMoves.toAct(g.state);
        g.act(Intent.concede(loser));
        assertThat(g.state.status()).isEqualTo(MatchStatus.ENDED);
        for (Viewer v : List.of(SEAT_A, SEAT_B, Viewer.SPECTATOR)) {
            Viewer eff = RULES.effectiveViewer(g.state, v);
            assertThat(eff).isEqualTo(Viewer.EVERYONE);
            for (MatchEvent e : g.events) {
                assertThat(RULES.redact(e, eff)).isSameAs(e);
            }
            VoidexaView view = RULES.view(g.state, v, 1);
            assertThat(view.seats().get(A).hand()).hasSize(g.ship(A).hand().size());
            assertThat(view.seats().get(B).hand()).hasSize(g.ship(B).hand().size());
        }
        assertThat(one(g.events, MatchEnded.class).serverSeed()).isEqualTo(g.state.serverSeed());
        // while live, the same viewer stands as it is
        Fixtures.Game live = new Fixtures.Game(3);
        assertThat(RULES.effectiveViewer(live.state, Viewer.SPECTATOR)).isEqualTo(Viewer.SPECTATOR);
        assertThat(RULES.view(live.state, Viewer.SPECTATOR, 1).seats().get(A).hand()).isNull();
    }
}
