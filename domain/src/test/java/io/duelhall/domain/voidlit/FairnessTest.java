package io.duelhall.domain.voidlit;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidlit.Scenario.CATALOG;
import static io.duelhall.domain.voidlit.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * docs/fairness.md, "Voidlit's random choices": the vectors there (computed in Python), and the
 * audit's re-draws.
 */
class FairnessTest {
    static byte[] bytes0to31() {
        byte[] b = new byte[32];
        for (int i = 0; i < 32; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    @Test
    @DisplayName(
            "L-START-1, L-D-MULLIGAN-2, L-D-WASTE-1: the test vectors of docs/fairness.md, through the real rules")
    void vectors() {
        List<MatchEvent> events = new ArrayList<>();
        VoidlitState s =
                Scenario.fold(
                        RULES.initial(),
                        RULES.create("v", MatchOptions.defaults(), bytes0to31()),
                        events);
        List<String> b = new ArrayList<>(CATALOG.starterDecks().get(1).cards());
        java.util.Collections.reverse(b); // the order a client sends does not matter
        s =
                Scenario.fold(
                        s,
                        RULES.join(
                                s,
                                VoidlitIntents.joinRequest(
                                        "alice",
                                        null,
                                        CATALOG.starterDecks().get(0).cards(),
                                        "alice")),
                        events);
        s =
                Scenario.fold(
                        s,
                        RULES.join(s, VoidlitIntents.joinRequest("bob", null, b, "bob")),
                        events);
        assertThat(Sha256.hex(Turns.matchSeed(s)))
                .isEqualTo("cd879860bf9636adb0029f9443093e1cb710701a49396ff3d9e8679c18c08b91");
        assertThat(s.firstSeat()).isEqualTo(A);
        List<DeckShuffled> decks = Scenario.ofType(events, DeckShuffled.class);
        assertThat(decks.get(0).order().subList(0, 5))
                .containsExactly(
                        new CardRef("c3a552ba8", "ember-rain"),
                        new CardRef("c38e20704", "flame-blade"),
                        new CardRef("cf14b2bcc", "brazier-of-spite"),
                        new CardRef("c0205a694", "flame-blade"),
                        new CardRef("cb9bc3b63", "blaze-captain"));
        assertThat(decks.get(0).order().get(39)).isEqualTo(new CardRef("c074b807c", "fireburst"));
        assertThat(decks.get(1).order().subList(0, 5))
                .containsExactly(
                        new CardRef("cfd455e02", "barnacle-shell"),
                        new CardRef("c06a12467", "reef-sentry"),
                        new CardRef("ced8d4516", "tide-caller"),
                        new CardRef("c3e0b7a9e", "undertow"),
                        new CardRef("c971ccf55", "iron-colossus"));
        assertThat(decks.get(1).order().get(39))
                .isEqualTo(new CardRef("ccea9eebf", "shell-warden"));

        List<CardRef> hand = s.side(A).hand();
        List<MatchEvent> mul = new ArrayList<>();
        s =
                Scenario.fold(
                        s,
                        RULES.decide(
                                s,
                                new VoidlitMove.Mulligan(
                                        A, List.of(hand.get(0).id(), hand.get(1).id()))),
                        mul);
        DeckShuffled reshuffled = Scenario.ofType(mul, DeckShuffled.class).get(0);
        assertThat(reshuffled.size()).isEqualTo(37);
        assertThat(reshuffled.order().subList(0, 5))
                .containsExactly(
                        new CardRef("c074b807c", "fireburst"),
                        new CardRef("c123cfdc3", "infernal-drake"),
                        new CardRef("c06e59e30", "spark-bolt"),
                        new CardRef("c01edb070", "spark-bolt"),
                        new CardRef("c53b43912", "pyre-bomber"));

        byte[] seed = Turns.matchSeed(s);
        assertThat(
                        List.of(1, 2, 3, 4).stream()
                                .map(n -> VoidlitDraws.wasteIndex(seed, A, n, 10))
                                .toList())
                .containsExactly(4, 5, 0, 1);
    }

    @Test
    @DisplayName(
            "the audit redoes every random choice of finished matches: first seat, decks, mulligans, Waste searches")
    void reproduceDraws() {
        int mulligans = 0;
        int searches = 0;
        for (long seed = 0; seed < 12; seed++) {
            PlayPropertiesTest.Game g = PlayPropertiesTest.play(seed, seed, (st, r) -> {});
            List<DrawCheck> checks = RULES.reproduceDraws(g.events());
            assertThat(checks).allMatch(DrawCheck::reproduced, "reproduced");
            assertThat(checks.get(0).draw()).isEqualTo("first seat");
            mulligans += (int) checks.stream().filter(c -> c.draw().startsWith("mulligan")).count();
            searches +=
                    (int) checks.stream().filter(c -> c.draw().startsWith("waste search")).count();
            MatchSetup setup = RULES.setup(g.events());
            assertThat(setup.matchSeed()).isNotNull();
            assertThat(setup.seats().get(A).pilotClass()).isEqualTo("EMBERWAKE");
            assertThat(setup.seats().get(B).deck()).hasSize(40);
        }
        assertThat(mulligans).isPositive();
        assertThat(searches).isPositive();
    }

    @Test
    @DisplayName(
            "a changed Waste search or deck order is caught; before the end the match seed is unknown")
    void tamperingCaught() {
        PlayPropertiesTest.Game g = null;
        for (long seed = 0; g == null; seed++) {
            PlayPropertiesTest.Game x = PlayPropertiesTest.play(seed, seed, (st, r) -> {});
            if (x.events().stream()
                    .anyMatch(e -> e instanceof WasteSearched w && w.card() != null)) {
                g = x;
            }
        }
        List<MatchEvent> forged = new ArrayList<>();
        boolean done = false;
        for (MatchEvent e : g.events()) {
            if (!done && e instanceof WasteSearched w && w.card() != null) {
                e =
                        new WasteSearched(
                                w.seat(),
                                new CardRef("cforged00", w.card().card()),
                                w.searches(),
                                w.healthLost(),
                                w.health(),
                                w.toHand());
                done = true;
            }
            forged.add(e);
        }
        assertThat(RULES.reproduceDraws(forged))
                .anyMatch(c -> !c.reproduced() && c.draw().startsWith("waste search"));
        List<MatchEvent> unfinished = g.events().subList(0, g.events().size() - 1);
        assertThat(RULES.reproduceDraws(unfinished)).singleElement().matches(c -> !c.reproduced());
        assertThat(RULES.setup(unfinished).matchSeed()).isNull();
        assertThat(Seat.A).isNotNull();
    }
}
