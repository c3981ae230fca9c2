package io.duelhall.domain.voidlit;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidlit.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import io.duelhall.domain.voidlit.VoidlitMove.*;
import io.duelhall.domain.voidlit.ai.RandomPlayer;
import io.duelhall.domain.voidlit.ai.SelfPlay;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class EndRulesTest {

    @Test
    @DisplayName(
            "L-END-1: Health at 0 or below loses; the server seed is revealed; nothing is decided after")
    void healthZeroLoses() {
        Scenario sc = Scenario.turnOf(A).unit(A, "magma-brute").health(B, 5);
        List<MatchEvent> ev = sc.apply(new Attack(A, sc.unitId(A, 0), TargetRef.player(B)));
        MatchEnded end = (MatchEnded) ev.get(ev.size() - 1);
        assertThat(end).isEqualTo(new MatchEnded(A, "HEALTH", List.of(B), Scenario.SERVER_SEED));
        assertThat(end.outcome(A)).isEqualTo(Lifecycle.Outcome.WON);
        assertThat(end.outcome(B)).isEqualTo(Lifecycle.Outcome.LOST);
        assertThat(sc.state.status()).isEqualTo(MatchStatus.ENDED);
        assertThat(sc.decide(new EndTurn(A)).refusal().code()).isEqualTo("MATCH_OVER");
        assertThat(RULES.toAct(sc.state)).isNull();
        assertThat(RULES.clockNeed(sc.state)).isNull();
        assertThat(RULES.legal(sc.state, A)).isEmpty();
    }

    @Test
    @DisplayName(
            "L-END-1: both players at 0 or below at once is a draw: no winner, no loser, both DRAWN")
    void bothAtOnceIsADraw() {
        Scenario sc =
                Scenario.turnOf(B).hand(B, "cataclysm").energy(B, 5).health(A, 6).health(B, 4);
        List<MatchEvent> ev = sc.apply(new Play(B, sc.handId(B, 0), null));
        MatchEnded end = (MatchEnded) ev.get(ev.size() - 1);
        assertThat(end.winner()).isNull();
        assertThat(end.losers()).isEmpty();
        assertThat(end.reason()).isEqualTo("DRAW");
        assertThat(end.outcome(A)).isEqualTo(Lifecycle.Outcome.DRAWN);
        assertThat(end.outcome(B)).isEqualTo(Lifecycle.Outcome.DRAWN);
        assertThat(RULES.view(sc.state, Viewer.SPECTATOR, 9).result().draw()).isTrue();
    }

    @Test
    @DisplayName(
            "L-D-END-1: Health is checked once the action has resolved: a card that hurts both is one action")
    void checkedAfterTheAction() {
        Scenario sc =
                Scenario.turnOf(B).hand(B, "cataclysm").energy(B, 5).health(A, 6).health(B, 20);
        List<MatchEvent> ev = sc.apply(new Play(B, sc.handId(B, 0), null));
        assertThat(Scenario.ofType(ev, HealthLost.class))
                .containsExactly(
                        new HealthLost(A, 6, 0, "EFFECT"), new HealthLost(B, 6, 14, "EFFECT"));
        assertThat(ev.get(ev.size() - 2)).isInstanceOf(CardWasted.class);
        assertThat(ev.get(ev.size() - 1))
                .isEqualTo(new MatchEnded(B, "HEALTH", List.of(A), Scenario.SERVER_SEED));
    }

    @Test
    @DisplayName(
            "L-END-1, L-WASTE-1: a Waste search that takes the last Health loses at the start of the turn")
    void searchKills() {
        Scenario sc = Scenario.turnOf(A).health(B, 1).waste(B, "surge");
        List<MatchEvent> ev = sc.apply(new EndTurn(A));
        assertThat(ev.get(ev.size() - 1))
                .isEqualTo(new MatchEnded(A, "HEALTH", List.of(B), Scenario.SERVER_SEED));
    }

    @Test
    @DisplayName(
            "L-END-1: a concession at any time, in the mulligan or the other seat's turn, loses")
    void concedeAnyTime() {
        VoidlitState s = Scenario.open(11).state();
        Seat second = s.firstSeat().opponent();
        List<MatchEvent> ev = RULES.decide(s, new Concede(second)).events();
        assertThat(ev).hasSize(1);
        assertThat(((MatchEnded) ev.get(0)).winner()).isEqualTo(s.firstSeat());
        Scenario sc = Scenario.turnOf(A);
        assertThat(sc.apply(new Concede(B)))
                .containsExactly(new MatchEnded(A, "CONCEDED", List.of(B), Scenario.SERVER_SEED));
    }

    @Test
    @DisplayName(
            "L-END-1: a whole match, two random players with Tide Wall each (seed 1826, found by search), ends in a draw")
    void wholeMatchToADraw() {
        SelfPlay selfPlay = new SelfPlay(RULES);
        Catalog.StarterDeck tide = RULES.catalog().starterDecks().get(1);
        SelfPlay.Game g =
                selfPlay.play(
                        1826,
                        new RandomPlayer(RULES, 1826),
                        new RandomPlayer(RULES, 1827),
                        tide,
                        tide);
        MatchEnded end = (MatchEnded) g.events().get(g.events().size() - 1);
        assertThat(end.winner()).isNull();
        assertThat(end.losers()).isEmpty();
        assertThat(end.reason()).isEqualTo("DRAW");
        assertThat(g.state().side(A).health()).isLessThanOrEqualTo(0);
        assertThat(g.state().side(B).health()).isLessThanOrEqualTo(0);
        assertThat(Scenario.ofType(g.events(), CardPlayed.class))
                .anyMatch(p -> p.card().card().equals("cataclysm"));
        assertThat(RULES.replay(g.events())).isEqualTo(g.state());
        assertThat(end.outcome(A)).isEqualTo(Lifecycle.Outcome.DRAWN);
    }
}
