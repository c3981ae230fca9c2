package io.duelhall.domain.voidlit;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidlit.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import io.duelhall.domain.voidlit.VoidlitMove.*;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class TurnRulesTest {

    @Test
    @DisplayName(
            "L-ENERGY-1: Energy is refilled to the Bank's size at the start of a turn; unspent Energy is lost")
    void energyRefill() {
        Scenario sc =
                Scenario.turnOf(A)
                        .bank(B, 3)
                        .energy(B, 1)
                        .deckOf(B, 5, "scrap-golem")
                        .deckOf(A, 5, "scrap-golem");
        List<MatchEvent> ev = sc.apply(new EndTurn(A));
        assertThat(Scenario.ofType(ev, EnergyRefilled.class))
                .containsExactly(new EnergyRefilled(B, 3, 3));
        assertThat(sc.side(B).energy()).isEqualTo(3);
        sc.energy(B, 2);
        sc.apply(new EndTurn(B));
        sc.apply(new EndTurn(A));
        assertThat(sc.side(B).energy()).as("the 2 left over did not carry").isEqualTo(3);
    }

    @Test
    @DisplayName(
            "L-ENERGY-1, L-D-BANK-1: one card a turn into the Bank, +1 Energy at once, one more draw at the end of the turn")
    void banking() {
        Scenario sc =
                Scenario.turnOf(A)
                        .hand(A, "magma-brute", "spark-bolt")
                        .deckOf(A, 5, "scrap-golem")
                        .deckOf(B, 5, "scrap-golem");
        String brute = sc.handId(A, 0);
        List<MatchEvent> ev = sc.apply(new Bank(A, brute));
        assertThat(ev).containsExactly(new CardBanked(A, new CardRef(brute, "magma-brute"), 1, 1));
        assertThat(sc.side(A).maxEnergy()).isEqualTo(1);
        assertThat(sc.decide(new Bank(A, sc.handId(A, 0))).refusal().code())
                .isEqualTo("ALREADY_BANKED");
        assertThat(sc.decide(new Bank(A, "nope")).refusal().code()).isEqualTo("CARD_NOT_IN_HAND");
        sc.apply(new Play(A, sc.handId(A, 0), TargetRef.player(B)));
        assertThat(sc.side(B).health()).isEqualTo(28);
        List<MatchEvent> end = sc.apply(new EndTurn(A));
        assertThat(end.get(0)).isInstanceOf(CardDrawn.class);
        assertThat(((CardDrawn) end.get(0)).seat()).isEqualTo(A);
        assertThat(end.get(1)).isEqualTo(new TurnEnded(A, 3));
        assertThat(sc.side(A).hand()).hasSize(1);
    }

    @Test
    @DisplayName("L-ENERGY-1: a turn without a bank draws nothing at its end")
    void noBankNoEndDraw() {
        Scenario sc = Scenario.turnOf(A).deckOf(A, 5, "scrap-golem").deckOf(B, 5, "scrap-golem");
        List<MatchEvent> end = sc.apply(new EndTurn(A));
        assertThat(end.get(0)).isEqualTo(new TurnEnded(A, 3));
    }

    @Test
    @DisplayName("L-HAND-1: a card drawn into a full hand of 8 is shown to both and Wasted")
    void overdraw() {
        Scenario sc =
                Scenario.turnOf(A)
                        .hand(
                                B,
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem")
                        .deck(B, "fireburst", "undertow");
        List<MatchEvent> ev = sc.apply(new EndTurn(A));
        CardOverdrawn o = Scenario.ofType(ev, CardOverdrawn.class).get(0);
        assertThat(o.card().card()).isEqualTo("fireburst");
        assertThat(RULES.redact(o, Viewer.seat(A))).isEqualTo(o);
        assertThat(RULES.redact(o, Viewer.SPECTATOR)).isEqualTo(o);
        assertThat(sc.side(B).hand()).hasSize(8);
        assertThat(sc.side(B).waste()).containsExactly(o.card());
        assertThat(sc.side(B).deck()).hasSize(1);
    }

    @Test
    @DisplayName(
            "L-WASTE-1, L-D-WASTE-1: from an empty deck a card of the Waste, chosen by the seed, for 1, 2, 4 … Health")
    void wasteSearch() {
        Scenario sc =
                Scenario.turnOf(A)
                        .waste(B, "spark-bolt", "undertow", "shatter", "surge", "quick-study");
        int[] costs = {1, 2, 4, 8};
        int health = 30;
        for (int n = 1; n <= 4; n++) {
            VoidlitState before = sc.state;
            List<CardRef> waste = before.side(B).waste();
            List<MatchEvent> ev = sc.apply(new EndTurn(A));
            WasteSearched w = Scenario.ofType(ev, WasteSearched.class).get(0);
            health -= costs[n - 1];
            int at = VoidlitDraws.wasteIndex(Turns.matchSeed(before), B, n, waste.size());
            assertThat(w)
                    .isEqualTo(new WasteSearched(B, waste.get(at), n, costs[n - 1], health, true));
            assertThat(sc.side(B).hand()).contains(waste.get(at));
            assertThat(sc.side(B).waste()).doesNotContain(waste.get(at)).hasSize(waste.size() - 1);
            sc.apply(new EndTurn(B));
        }
        assertThat(sc.side(B).health()).isEqualTo(15);
        assertThat(RULES.view(sc.state, Viewer.SPECTATOR, 0).seats().get(B).nextSearchCost())
                .isEqualTo(16);
    }

    @Test
    @DisplayName("L-D-WASTE-2: a search of an empty Waste finds nothing and still costs its Health")
    void emptyWasteStillCosts() {
        Scenario sc = Scenario.turnOf(A);
        List<MatchEvent> ev = sc.apply(new EndTurn(A));
        assertThat(Scenario.ofType(ev, WasteSearched.class))
                .containsExactly(new WasteSearched(B, null, 1, 1, 29, false));
        assertThat(sc.side(B).hand()).isEmpty();
    }

    @Test
    @DisplayName(
            "L-D-WASTE-3: a searched card that meets a full hand stays in the Waste; the Health is lost")
    void searchIntoFullHand() {
        Scenario sc =
                Scenario.turnOf(A)
                        .waste(B, "spark-bolt")
                        .hand(
                                B,
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem");
        List<MatchEvent> ev = sc.apply(new EndTurn(A));
        WasteSearched w = Scenario.ofType(ev, WasteSearched.class).get(0);
        assertThat(w.toHand()).isFalse();
        assertThat(w.health()).isEqualTo(29);
        assertThat(sc.side(B).waste()).hasSize(1);
        assertThat(sc.side(B).hand()).hasSize(8);
    }

    @Test
    @DisplayName(
            "L-D-RELIC-1: a Relic's effects resolve at the start of its owner's turn, after the draw")
    void relicAtStartOfTurn() {
        Scenario sc =
                Scenario.turnOf(B)
                        .hand(A, "brazier-of-spite")
                        .bank(A, 3)
                        .deckOf(A, 5, "scrap-golem")
                        .deckOf(B, 5, "scrap-golem");
        sc.apply(new EndTurn(B));
        sc.apply(new Play(A, sc.handId(A, 0), null));
        assertThat(sc.side(A).relics()).hasSize(1);
        assertThat(sc.side(B).health()).as("not when played").isEqualTo(30);
        sc.apply(new EndTurn(A));
        List<MatchEvent> ev = sc.apply(new EndTurn(B));
        int draw =
                ev.indexOf(
                        ev.stream().filter(e -> e instanceof CardDrawn).findFirst().orElseThrow());
        int relic =
                ev.indexOf(
                        ev.stream()
                                .filter(e -> e instanceof RelicTriggered)
                                .findFirst()
                                .orElseThrow());
        assertThat(relic).isGreaterThan(draw);
        assertThat(sc.side(B).health()).isEqualTo(29);
    }

    @Test
    @DisplayName(
            "L-D-CLOCK-1: a mulligan timeout keeps the hand; a turn timeout ends the turn; the option's count loses")
    void timeouts() {
        VoidlitState s = Scenario.open(9).state();
        Seat first = s.firstSeat();
        List<MatchEvent> ev = RULES.decide(s, new Timeout(first)).events();
        assertThat(ev.get(0)).isEqualTo(new TurnTimedOut(first, "MULLIGAN", 0, 0));
        assertThat(Scenario.ofType(ev, MulliganTaken.class).get(0).count()).isZero();
        assertThat(RULES.decide(s, new Timeout(first.opponent())).refusal().code())
                .isEqualTo("NO_CLOCK_RUNNING");
        assertThat(RULES.clockNeed(s).seat()).isEqualTo(first);

        Scenario sc = Scenario.turnOf(A).deckOf(A, 9, "scrap-golem").deckOf(B, 9, "scrap-golem");
        List<MatchEvent> t = sc.apply(new Timeout(A));
        assertThat(t.get(0)).isEqualTo(new TurnTimedOut(A, "TURN", 3, 1));
        assertThat(sc.state.active()).isEqualTo(B);
        assertThat(Decider.timeoutsToLose(sc.state)).as("unrated, no option: never").isZero();

        Scenario two = Scenario.turnOf(A).deckOf(A, 9, "scrap-golem").deckOf(B, 9, "scrap-golem");
        two.state =
                new VoidlitState(
                        two.state.matchId(),
                        two.state.status(),
                        new MatchOptions(0, 60, null, null, 2),
                        two.state.engineVersion(),
                        two.state.catalogVersion(),
                        two.state.seedCommitment(),
                        two.state.serverSeed(),
                        two.state.sides(),
                        A,
                        VoidlitState.MAIN,
                        A,
                        3,
                        null,
                        List.of(),
                        null);
        two.apply(new Timeout(A));
        two.apply(new EndTurn(B));
        List<MatchEvent> lost = two.apply(new Timeout(A));
        assertThat(lost.get(lost.size() - 1))
                .isEqualTo(new MatchEnded(B, "TIMEOUT", List.of(A), Scenario.SERVER_SEED));
    }

    @Test
    @DisplayName("L-START-1: nothing but the mulligan (or a concession) before the first turn")
    void mainMovesWaitForTheMulligan() {
        VoidlitState s = Scenario.open(2).state();
        Seat first = s.firstSeat();
        assertThat(RULES.decide(s, new EndTurn(first)).refusal().code())
                .isEqualTo("MULLIGAN_PENDING");
        assertThat(
                        RULES.decide(s, new Bank(first, s.side(first).hand().get(0).id()))
                                .refusal()
                                .code())
                .isEqualTo("MULLIGAN_PENDING");
    }

    @Test
    @DisplayName("L-D-HAND-1: the Bank draw and a card's DRAW meet the hand limit too")
    void handLimitOnEveryDraw() {
        Scenario sc =
                Scenario.turnOf(A)
                        .hand(
                                A,
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "scrap-golem",
                                "quick-study")
                        .deck(A, "surge", "shatter")
                        .energy(A, 1)
                        .deckOf(B, 3, "scrap-golem");
        List<MatchEvent> ev = sc.apply(new Play(A, sc.handId(A, 8), null));
        assertThat(Scenario.ofType(ev, CardDrawn.class)).isEmpty();
        assertThat(Scenario.ofType(ev, CardOverdrawn.class))
                .extracting(o -> o.card().card())
                .containsExactly("surge");
        sc.apply(new Bank(A, sc.handId(A, 0)));
        sc.hand(
                A,
                "scrap-golem",
                "scrap-golem",
                "scrap-golem",
                "scrap-golem",
                "scrap-golem",
                "scrap-golem",
                "scrap-golem",
                "scrap-golem");
        ev = sc.apply(new EndTurn(A));
        assertThat(Scenario.ofType(ev, CardOverdrawn.class))
                .extracting(o -> o.card().card())
                .containsExactly("shatter");
    }
}
