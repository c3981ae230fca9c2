package io.duelhall.domain.voidlit;

import static io.duelhall.domain.voidlit.Scenario.CATALOG;
import static io.duelhall.domain.voidlit.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidlit.ai.Players;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CatalogTest {
    @Test
    @DisplayName(
            "L-D-CAT-1: 40+ distinct cards, two Parallels plus Universal, every type and every rarity")
    void catalogShape() {
        List<VoidlitCard> cards = RULES.cards();
        assertThat(cards.size()).isGreaterThanOrEqualTo(40);
        assertThat(cards.stream().map(VoidlitCard::id).distinct().count()).isEqualTo(cards.size());
        assertThat(cards.stream().map(VoidlitCard::parallel).collect(Collectors.toSet()))
                .containsExactlyInAnyOrder("EMBERWAKE", "TIDEBOUND", "UNIVERSAL");
        assertThat(cards.stream().map(VoidlitCard::type).collect(Collectors.toSet()))
                .containsExactlyInAnyOrder("UNIT", "EFFECT", "RELIC", "UPGRADE");
        assertThat(cards.stream().map(VoidlitCard::rarity).collect(Collectors.toSet()))
                .containsExactlyInAnyOrderElementsOf(Catalog.RARITIES);
        assertThat(cards).allMatch(c -> !c.text().isBlank() || c.effects().isEmpty());
        assertThat(CATALOG.card("cataclysm").text())
                .isEqualTo("Deal 6 damage to each player.".replace("Deal", "deal"));
        assertThat(RULES.version())
                .isEqualTo(new RulesVersion("voidlit-1.0.0", "voidlit-cards-2026.11.1"));
    }

    @Test
    @DisplayName(
            "L-D-CAT-1: a card line the engine does not know is refused when the catalog is read")
    void badLines() {
        assertThatThrownBy(
                        () ->
                                Catalog.parse(
                                        "x | X | EMBERWAKE | SPELL | COMMON | 1 | 0 | 0 | NONE | |"))
                .hasMessageContaining("type SPELL");
        assertThatThrownBy(
                        () ->
                                Catalog.parse(
                                        "x | X | EMBERWAKE | EFFECT | COMMON | 1 | 0 | 0 | NONE | | DAMAGE 2 TARGET"))
                .hasMessageContaining("TARGET effect on a card without target");
        assertThatThrownBy(
                        () ->
                                Catalog.parse(
                                        "x | X | EMBERWAKE | UNIT | MYTHIC | 1 | 1 | 0 | NONE | |"))
                .hasMessageContaining("rarity MYTHIC")
                .hasMessageContaining("a Unit needs health");
    }

    @Test
    @DisplayName(
            "starter seat requests: two legal decks of different styles, as seat request bodies; the roster seats them")
    void starters() {
        List<VoidlitRuleset.StarterSeat> seats = RULES.starterSeatRequests();
        assertThat(seats).hasSize(2);
        assertThat(seats)
                .extracting(s -> s.picks().get("parallel"))
                .containsExactly("EMBERWAKE", "TIDEBOUND");
        assertThat(seats).allMatch(s -> s.cards().size() == 40);
        assertThat(Players.ROSTER.ruleset()).isEqualTo("voidlit");
        assertThat(Players.ROSTER.names())
                .as("the strongest first (issue 42)")
                .containsExactly("ismcts-strong", "ismcts", "ismcts-weak", "greedy", "random");
        assertThat(Players.ROSTER.player("greedy", RULES, 1)).isPresent();
        assertThat(Players.ROSTER.player("nobody", RULES, 1)).isEmpty();
        assertThat(
                        VoidlitIntents.seatRequest(
                                        Players.ROSTER.seatRequest(RULES, Seat.B, "bot", "s"))
                                .cards())
                .isEqualTo(CATALOG.starterDecks().get(1).cards());
    }

    @Test
    @DisplayName(
            "event types: every event is a record named by eventTypes(); the lifecycle moments are said once each")
    void eventTypesAndLifecycle() {
        List<Class<? extends MatchEvent>> types = RULES.eventTypes();
        assertThat(types)
                .allMatch(Class::isRecord)
                .hasSize(VoidlitEvent.class.getPermittedSubclasses().length);
        Set<String> names = types.stream().map(Class::getSimpleName).collect(Collectors.toSet());
        assertThat(names)
                .contains(
                        "MatchCreated",
                        "PlayerJoined",
                        "MatchStarted",
                        "TurnStarted",
                        "MatchEnded",
                        "WasteSearched",
                        "CardBanked",
                        "MulliganTaken");
        PlayPropertiesTest.Game g = PlayPropertiesTest.play(4, 4, (s, r) -> {});
        List<MatchEvent> ev = g.events();
        assertThat(ev.get(0)).isInstanceOf(MatchOpening.class);
        assertThat(ev.stream().filter(e -> e instanceof MatchOpening)).hasSize(1);
        assertThat(ev.stream().filter(e -> e instanceof Lifecycle.SeatTaken)).hasSize(2);
        assertThat(ev.stream().filter(e -> e instanceof Lifecycle.Started)).hasSize(1);
        assertThat(ev.stream().filter(e -> e instanceof Lifecycle.Ended)).hasSize(1);
        assertThat(ev.get(ev.size() - 1)).isInstanceOf(Lifecycle.Ended.class);
        assertThat(ev.stream().filter(e -> e instanceof Lifecycle.TurnBegan).count())
                .isEqualTo(g.state().turn());
    }

    @Test
    @DisplayName("VoidlitIntents: every move survives the trip to an Intent and back")
    void intentsRoundTrip() {
        List<VoidlitMove> moves =
                List.of(
                        new VoidlitMove.Mulligan(Seat.A, List.of("c1", "c2")),
                        new VoidlitMove.Bank(Seat.B, "c3"),
                        new VoidlitMove.Play(Seat.A, "c4", TargetRef.player(Seat.B)),
                        new VoidlitMove.Play(Seat.A, "c5", TargetRef.unit(Seat.B, "c6")),
                        new VoidlitMove.Play(Seat.A, "c7", null),
                        new VoidlitMove.Attack(Seat.B, "c8", TargetRef.unit(Seat.A, "c9")),
                        new VoidlitMove.EndTurn(Seat.A),
                        new VoidlitMove.Concede(Seat.B),
                        new VoidlitMove.Timeout(Seat.A));
        for (VoidlitMove m : moves) {
            assertThat(VoidlitIntents.move(VoidlitIntents.intent(m))).isEqualTo(m);
        }
        assertThat(VoidlitIntents.move(null)).isNull();
        Intent attack =
                VoidlitIntents.intent(
                        new VoidlitMove.Attack(Seat.B, "c8", TargetRef.unit(Seat.A, "c9")));
        assertThat(attack.type()).isEqualTo("ATTACK");
        assertThat(attack.targets()).containsExactly(new Target("UNIT", Seat.A, null, "c9"));
        assertThat(
                        VoidlitIntents.intent(
                                        new VoidlitMove.Play(
                                                Seat.A, "c4", TargetRef.player(Seat.B)))
                                .targets())
                .containsExactly(new Target("PLAYER", Seat.B, null, null));
        assertThat(RULES.intentTypes())
                .extracting(IntentSpec::type)
                .containsExactly("MULLIGAN", "BANK", "PLAY_CARD", "ATTACK", "END_TURN", "CONCEDE");
        assertThat(RULES.targetKinds()).containsExactly("UNIT", "PLAYER");
        assertThat(RULES.checkIntent(Intent.of(Seat.A, "DISCARD_DOWN")).code())
                .isEqualTo("UNKNOWN_INTENT_TYPE");
        assertThat(
                        RULES.checkIntent(
                                        new Intent(
                                                Seat.A, "ATTACK", "c1", null, List.of(), List.of()))
                                .code())
                .isEqualTo("MISSING_FIELD");
        assertThat(
                        RULES.checkIntent(
                                        new Intent(
                                                Seat.A,
                                                "PLAY_CARD",
                                                "c1",
                                                null,
                                                List.of(new Target("DRONE", Seat.B, null, "x")),
                                                List.of()))
                                .code())
                .isEqualTo("INVALID_FIELD");
        assertThat(
                        RULES.decide(Scenario.turnOf(Seat.A).state, Intent.of(Seat.A, "FLY"))
                                .refusal()
                                .code())
                .isEqualTo("MALFORMED_INTENT");
    }
}
