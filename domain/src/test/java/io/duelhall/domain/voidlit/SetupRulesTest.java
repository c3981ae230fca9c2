package io.duelhall.domain.voidlit;

import static io.duelhall.domain.voidlit.Scenario.CATALOG;
import static io.duelhall.domain.voidlit.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import io.duelhall.domain.voidlit.VoidlitMove.*;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SetupRulesTest {
    private static List<String> deck(String... idCount) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < idCount.length; i += 2) {
            out.addAll(Collections.nCopies(Integer.parseInt(idCount[i + 1]), idCount[i]));
        }
        return out;
    }

    private static Decision join(List<String> cards, String parallel) {
        VoidlitState s =
                RULES.evolve(
                        RULES.initial(),
                        RULES.create("m", MatchOptions.defaults(), new byte[32]).events().get(0));
        return RULES.join(s, VoidlitIntents.joinRequest("Alice", parallel, cards, "seed"));
    }

    @Test
    @DisplayName("L-DECK-1: both starter decks are legal, of different Parallels")
    void startersAreLegal() {
        for (Catalog.StarterDeck d : CATALOG.starterDecks()) {
            assertThat(DeckRules.violations(CATALOG, null, d.cards())).as(d.name()).isEmpty();
            assertThat(join(d.cards(), null).accepted()).isTrue();
        }
        assertThat(CATALOG.starterDecks())
                .extracting(Catalog.StarterDeck::parallel)
                .containsExactly("EMBERWAKE", "TIDEBOUND");
    }

    @Test
    @DisplayName(
            "L-DECK-1: four copies, two Legendaries and two Parallels are refused, every violation listed")
    void deckViolationsAllListed() {
        List<String> cards =
                deck(
                        "ember-whelp",
                        "4",
                        "sunforge-tyrant",
                        "2",
                        "reef-sentry",
                        "1",
                        "scrap-golem",
                        "3",
                        "spark-bolt",
                        "3",
                        "fireburst",
                        "3",
                        "war-cry",
                        "3",
                        "flame-blade",
                        "3",
                        "cinder-runner",
                        "3",
                        "ash-legionnaire",
                        "3",
                        "pyre-bomber",
                        "3",
                        "void-hound",
                        "3",
                        "magma-brute",
                        "3",
                        "quick-study",
                        "3");
        assertThat(cards).hasSize(40);
        Decision d = join(cards, null);
        assertThat(d.refusal().code()).isEqualTo("DECK_INVALID");
        assertThat(d.refusal().rule()).isEqualTo("L-DECK-1");
        assertThat(d.refusal().violations())
                .hasSize(3)
                .anyMatch(v -> v.contains("ember-whelp") && v.contains("4 copies"))
                .anyMatch(v -> v.contains("sunforge-tyrant") && v.contains("Legendary"))
                .anyMatch(v -> v.contains("EMBERWAKE, TIDEBOUND"));
    }

    @Test
    @DisplayName(
            "L-D-DECK-1: exactly 40 cards, known cards, and a named Parallel must match the cards")
    void deckSizeAndParallel() {
        List<String> d39 = new ArrayList<>(CATALOG.starterDecks().get(0).cards());
        d39.remove(0);
        d39.add("no-such-card");
        d39.remove(0);
        Decision d = join(d39, "TIDEBOUND");
        assertThat(d.refusal().violations())
                .hasSize(3)
                .anyMatch(v -> v.contains("39 cards"))
                .anyMatch(v -> v.contains("Unknown card no-such-card"))
                .anyMatch(v -> v.contains("not the Parallel named, TIDEBOUND"));
        assertThat(join(deck("scrap-golem", "3", "quick-study", "3"), null).refusal().violations())
                .anyMatch(v -> v.contains("no card of a Parallel"));
    }

    @Test
    @DisplayName(
            "L-START-1: the first seat and both decks come from the seed; five cards each; the first seat mulligans first")
    void setupFromTheSeed() {
        Scenario.Opening o = Scenario.open(3);
        VoidlitState s = o.state();
        MatchStarted started = Scenario.ofType(o.events(), MatchStarted.class).get(0);
        byte[] seed = Turns.matchSeed(s);
        VoidlitDraws.Setup expected =
                VoidlitDraws.setup(seed, s.side(Seat.A).deckList(), s.side(Seat.B).deckList());
        assertThat(started.firstSeat()).isEqualTo(expected.firstSeat());
        assertThat(Scenario.ofType(o.events(), DeckShuffled.class))
                .extracting(DeckShuffled::order)
                .containsExactly(expected.decks().get(Seat.A), expected.decks().get(Seat.B));
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            assertThat(s.side(seat).hand()).hasSize(5);
            assertThat(s.side(seat).deck()).hasSize(35);
        }
        assertThat(s.phase()).isEqualTo(VoidlitState.MULLIGAN);
        assertThat(RULES.toAct(s)).isEqualTo(started.firstSeat());
    }

    @Test
    @DisplayName("L-D-MULLIGAN-1: the second seat waits for the first; a mulligan is taken once")
    void mulliganInTurnOrder() {
        VoidlitState s = Scenario.open(4).state();
        Seat first = s.firstSeat();
        Seat second = first.opponent();
        assertThat(RULES.decide(s, new Mulligan(second, List.of())).refusal().code())
                .isEqualTo("NOT_YOUR_TURN");
        assertThat(RULES.legal(s, second)).isEmpty();
        assertThat(RULES.legal(s, first)).hasSize(32);
        s = Scenario.fold(s, RULES.decide(s, new Mulligan(first, List.of())), new ArrayList<>());
        assertThat(RULES.decide(s, new Mulligan(first, List.of())).refusal().code())
                .isEqualTo("NOT_YOUR_TURN");
        assertThat(RULES.toAct(s)).isEqualTo(second);
    }

    @Test
    @DisplayName(
            "L-START-1, L-D-MULLIGAN-2: returned cards go back, the deck is shuffled from the seed, as many are drawn")
    void mulliganRedraws() {
        VoidlitState s = Scenario.open(5).state();
        Seat first = s.firstSeat();
        List<CardRef> hand = s.side(first).hand();
        List<String> back = List.of(hand.get(0).id(), hand.get(2).id());
        Decision d = RULES.decide(s, new Mulligan(first, back));
        MulliganTaken taken = Scenario.ofType(d.events(), MulliganTaken.class).get(0);
        assertThat(taken.returned()).containsExactly(hand.get(0), hand.get(2));
        List<CardRef> deckWithReturned = new ArrayList<>(s.side(first).deck());
        deckWithReturned.add(hand.get(0));
        deckWithReturned.add(hand.get(2));
        DeckShuffled shuffled = Scenario.ofType(d.events(), DeckShuffled.class).get(0);
        assertThat(shuffled.order())
                .isEqualTo(VoidlitDraws.mulligan(Turns.matchSeed(s), first, deckWithReturned));
        assertThat(Scenario.ofType(d.events(), CardDrawn.class)).hasSize(2);
        VoidlitState after = Scenario.fold(s, d, new ArrayList<>());
        assertThat(after.side(first).hand())
                .hasSize(5)
                .contains(hand.get(1), hand.get(3), hand.get(4));
        assertThat(after.side(first).deck()).hasSize(35);
        assertThat(
                        RULES.decide(s, new Mulligan(first, List.of(back.get(0), back.get(0))))
                                .refusal()
                                .code())
                .isEqualTo("DUPLICATE_CARD");
        assertThat(RULES.decide(s, new Mulligan(first, List.of("nope"))).refusal().code())
                .isEqualTo("CARD_NOT_IN_HAND");
    }

    @Test
    @DisplayName(
            "L-START-1, L-D-TURN-1: the first seat does not draw on its first turn, the second seat does on its own")
    void firstTurnDraws() {
        VoidlitState s = Scenario.open(6).state();
        Seat first = s.firstSeat();
        List<MatchEvent> events = new ArrayList<>();
        s = Scenario.fold(s, RULES.decide(s, new Mulligan(first, List.of())), events);
        s = Scenario.fold(s, RULES.decide(s, new Mulligan(first.opponent(), List.of())), events);
        assertThat(s.turn()).isEqualTo(1);
        assertThat(s.active()).isEqualTo(first);
        assertThat(s.side(first).hand()).hasSize(5);
        assertThat(Scenario.ofType(events, TurnStarted.class))
                .containsExactly(new TurnStarted(first, 1));
        List<MatchEvent> turn2 = new ArrayList<>();
        s = Scenario.fold(s, RULES.decide(s, new EndTurn(first)), turn2);
        assertThat(s.side(first.opponent()).hand()).hasSize(6);
        assertThat(Scenario.ofType(turn2, CardDrawn.class))
                .hasSize(1)
                .allMatch(c -> c.seat() == first.opponent());
    }

    @Test
    @DisplayName("L-D-SEED-1: a client seed of 1 to 64 bytes; a full match refuses a third seat")
    void clientSeedAndFull() {
        VoidlitState s =
                RULES.evolve(
                        RULES.initial(),
                        RULES.create("m", MatchOptions.defaults(), new byte[32]).events().get(0));
        List<String> cards = CATALOG.starterDecks().get(0).cards();
        assertThat(RULES.join(s, VoidlitIntents.joinRequest("A", null, cards, "")).refusal().code())
                .isEqualTo("OUT_OF_RANGE");
        assertThat(
                        RULES.join(s, VoidlitIntents.joinRequest("A", null, cards, "x".repeat(65)))
                                .refusal()
                                .code())
                .isEqualTo("OUT_OF_RANGE");
        VoidlitState full = Scenario.open(1).state();
        assertThat(
                        RULES.join(full, VoidlitIntents.joinRequest("C", null, cards, "c"))
                                .refusal()
                                .code())
                .isEqualTo("MATCH_FULL");
        assertThat(Sha256.hex(Sha256.of(new byte[32])))
                .isEqualTo(
                        ((MatchCreated) RULES.create("m", null, new byte[32]).events().get(0))
                                .seedCommitment());
    }

    @Test
    @DisplayName(
            "L-START-1 (issue 44): each player begins with 30 Health and without energy: an empty Bank, 0 Energy, until the first bank")
    void openingHealthAndEnergy() {
        Scenario.Opening o = Scenario.open(5);
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            Side side = o.state().side(seat);
            assertThat(side.health()).as("%s's Health", seat).isEqualTo(30);
            assertThat(side.energy()).as("%s's Energy", seat).isZero();
            assertThat(side.maxEnergy()).as("%s's Energy maximum (the Bank's size)", seat).isZero();
            assertThat(side.bank()).isEmpty();
        }
        assertThat(Scenario.ofType(o.events(), HealthLost.class)).isEmpty();
        assertThat(Scenario.ofType(o.events(), EnergyGained.class)).isEmpty();
    }
}
