package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.duelhall.domain.CoreEvents;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidexa.VoidexaEvent.CardDiscarded;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The public fold (what a spectator edge does with the Kafka stream): folding the
 * SPECTATOR-redacted events through {@code evolvePublic} gives, at every step of random matches,
 * exactly the spectator view that the truth gives. The plain evolve cannot do it: a hidden deck
 * order and a hidden draw break it.
 */
class PublicFoldTest {
    private static final VoidexaRuleset RULES = Fixtures.RULES;
    private static final VoidexaMoves MOVES = new VoidexaMoves(Fixtures.CATALOG);

    /**
     * Serialised as the stream carries them; read back by the type names of {@code eventTypes()}.
     */
    private static final ObjectMapper JSON =
            new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    @Test
    @DisplayName(
            "folding the public events gives the spectator view of the truth at every step, after the end too")
    void publicFoldMatchesTheSpectatorViewOfTheTruth() throws Exception {
        Map<String, Integer> seen = new TreeMap<>();
        for (int seed = 0; seed < 20; seed++) {
            Fixtures.Game g =
                    new Fixtures.Game(seed, Fixtures.deck(seed % 2), Fixtures.deck((seed / 2) % 2));
            Random r = new Random(seed * 7L);
            for (int step = 0; step < 3000 && g.state.status() == MatchStatus.LIVE; step++) {
                List<Intent> legal = MOVES.legal(g.state, VoidexaMoves.toAct(g.state));
                g.act(r.nextInt(10) < 3 ? legal.get(0) : legal.get(r.nextInt(legal.size())));
            }
            assertThat(g.state.status()).isEqualTo(MatchStatus.ENDED);

            GameState truth = RULES.initial();
            GameState spectator = RULES.initial();
            long version = -1;
            for (MatchEvent e : g.events) {
                version++;
                truth = RULES.evolve(truth, e);
                MatchEvent published = roundTrip(RULES.redact(e, Viewer.SPECTATOR));
                spectator = RULES.evolvePublic(spectator, published);
                String key = e instanceof CardDiscarded d ? "CardDiscarded/" + d.from() : e.type();
                seen.merge(key, 1, Integer::sum);
                assertThat(RULES.publicView(spectator, version))
                        .as("seed %d, event %d (%s)", seed, version, e.type())
                        .isEqualTo(
                                new Redaction(Fixtures.CATALOG)
                                        .view((VoidexaState) truth, Viewer.SPECTATOR, version));
            }
        }
        // the paths that need the public fold were taken
        assertThat(seen)
                .containsKeys(
                        "DeckShuffled",
                        "CardDrawn",
                        "CardPlayed",
                        "CardDiscarded/HAND",
                        "MatchEnded");
    }

    @Test
    @DisplayName("the plain evolve breaks on public events (why the public fold exists)")
    void plainEvolveCannotFoldPublicEvents() {
        Fixtures.Game g = new Fixtures.Game(3);
        assertThatThrownBy(
                        () -> {
                            GameState s = RULES.initial();
                            for (MatchEvent e : g.events) {
                                s = RULES.evolve(s, RULES.redact(e, Viewer.SPECTATOR));
                            }
                        })
                .isInstanceOf(RuntimeException.class);
    }

    @Test
    @DisplayName(
            "after the end the public view still hides hands: the public stream never carries the reveal")
    void publicViewStaysASpectatorViewAfterTheEnd() {
        Fixtures.Game g = new Fixtures.Game(5);
        g.act(Intent.concede(VoidexaMoves.toAct(g.state)));
        assertThat(g.state.status()).isEqualTo(MatchStatus.ENDED);
        GameState s = RULES.initial();
        for (MatchEvent e : g.events) {
            s = RULES.evolvePublic(s, RULES.redact(e, Viewer.SPECTATOR));
        }
        VoidexaView pub = RULES.publicView(s, g.events.size() - 1);
        assertThat(pub.status()).isEqualTo("ENDED");
        assertThat(pub.seats().values()).allSatisfy(seat -> assertThat(seat.hand()).isNull());
        assertThat(pub.seats().values())
                .allSatisfy(seat -> assertThat(seat.handCount()).isPositive());
        // while the truth's view for everyone lists them
        assertThat(RULES.view(g.state, Viewer.SPECTATOR, g.events.size() - 1).seats().values())
                .allSatisfy(seat -> assertThat(seat.hand()).isNotNull());
    }

    @Test
    @DisplayName(
            "CoreEvents.byName names every event a match stream holds, core events included, by its type name")
    void everyEventTypeHasAName() {
        Map<String, Class<? extends MatchEvent>> types = CoreEvents.byName(RULES);
        assertThat(types)
                .containsKeys(
                        "IntentAccepted",
                        "SeatTokenIssued",
                        "ClockSet",
                        "SeatDeadlineSet",
                        "MatchExpired",
                        "InvitationIssued",
                        "ClockExtended",
                        "MatchCreated",
                        "CardDrawn",
                        "TurnTimedOut",
                        "MatchEnded");
        assertThat(types).doesNotContainKey("IntentRefused");
        assertThat(types)
                .hasSize(
                        VoidexaEvent.class.getPermittedSubclasses().length
                                + CoreEvents.IN_MATCH_STREAM.size());
        assertThat(CoreEvents.IN_MATCH_STREAM).hasSize(7);
        types.forEach((name, type) -> assertThat(type.getSimpleName()).isEqualTo(name));
    }

    private static MatchEvent roundTrip(MatchEvent e) throws Exception {
        Class<? extends MatchEvent> type = CoreEvents.byName(RULES).get(e.type());
        assertThat(type).as("a type for %s", e.type()).isNotNull();
        return JSON.readValue(JSON.writeValueAsBytes(e), type);
    }
}
