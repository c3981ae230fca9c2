package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.Rarity;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Deck legality (V-DECK-1) and the pilot class (V-DECK-2), checked when a player joins. */
class DeckRulesTest {
    private static final VoidexaRuleset RULES = Fixtures.RULES;

    private static VoidexaState created() {
        return RULES.evolve(
                RULES.initial(),
                RULES.create("m", MatchOptions.defaults(), Fixtures.seed(1)).events().get(0));
    }

    /**
     * {@code copies} of {@code card}, filled up to {@code size} with commons and rares, 4 of each
     * at most.
     */
    private static List<String> deckWith(String card, int copies, int size) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < copies; i++) {
            out.add(card);
        }
        for (Card c : Fixtures.CATALOG.cards()) {
            if (c.id().equals(card)
                    || c.type() == CardType.SHIP_CORE
                    || (c.rarity() != Rarity.COMMON && c.rarity() != Rarity.RARE)) {
                continue;
            }
            for (int i = 0; i < 4 && out.size() < size; i++) {
                out.add(c.id());
            }
        }
        assertThat(out).hasSize(size);
        return out;
    }

    private static Refusal refusedJoin(JoinRequest request) {
        VoidexaState s = created();
        String before = s.toString();
        Decision d = RULES.join(s, request);
        assertThat(d.accepted()).isFalse();
        assertThat(d.events()).isEmpty();
        assertThat(s.toString()).isEqualTo(before);
        Refusal r = d.refusal();
        assertThat(r.category()).isEqualTo(Refusal.Category.RULES);
        assertThat(r.code()).isEqualTo("DECK_INVALID");
        assertThat(r.rule()).isEqualTo("V-DECK-1");
        return r;
    }

    @Test
    @DisplayName(
            "V-DECK-1 the starter decks are legal: 60 cards plus a Ship Core within the copy limits")
    void starterDecksAreLegal() {
        assertThat(Fixtures.CATALOG.starterDecks()).isNotEmpty();
        for (StarterDeck d : Fixtures.CATALOG.starterDecks()) {
            assertThat(d.cards()).hasSize(60);
            assertThat(
                            DeckRules.violations(
                                    Fixtures.CATALOG, d.pilotClass(), d.shipCore(), d.cards()))
                    .isEmpty();
            assertThat(RULES.join(created(), Fixtures.join("Ada", d, "a")).accepted()).isTrue();
        }
    }

    @Test
    @DisplayName(
            "V-DECK-1 a deck that breaks several rules is refused with every violation listed, not just the first")
    void everyViolationListed() {
        List<String> cards =
                new ArrayList<>(Fixtures.deck(0).cards()); // 4 pulse-tap, 2 cascade, 1 singularity
        cards.add("pulse-tap"); // common ×5
        cards.add("cascade-missiles"); // epic ×3
        cards.add("singularity-lance"); // legendary ×2
        cards.add("event-horizon");
        cards.add("event-horizon"); // mythic ×2
        cards.add("vanguard-core"); // a Ship Core among the 60
        cards.add("warp-banana"); // not a card
        Refusal r = refusedJoin(new JoinRequest("Ada", "pirate", "pulse-tap", cards, "a"));
        assertThat(r.violations()).hasSize(9);
        assertThat(r.violations()).anyMatch(v -> v.contains("pirate") && v.contains("V-DECK-2"));
        assertThat(r.violations())
                .anyMatch(v -> v.contains("'pulse-tap' is a WEAPON, not a Ship Core"));
        assertThat(r.violations())
                .anyMatch(v -> v.contains("67 cards") && v.contains("exactly 60"));
        assertThat(r.violations())
                .anyMatch(
                        v ->
                                v.contains("'pulse-tap'")
                                        && v.contains("5 times")
                                        && v.contains("at most 4"));
        assertThat(r.violations())
                .anyMatch(
                        v ->
                                v.contains("'cascade-missiles'")
                                        && v.contains("3 times")
                                        && v.contains("at most 2"));
        assertThat(r.violations())
                .anyMatch(
                        v ->
                                v.contains("'singularity-lance'")
                                        && v.contains("2 times")
                                        && v.contains("at most 1"));
        assertThat(r.violations())
                .anyMatch(
                        v ->
                                v.contains("'event-horizon'")
                                        && v.contains("2 times")
                                        && v.contains("at most 1"));
        assertThat(r.violations()).anyMatch(v -> v.contains("'vanguard-core' is a Ship Core"));
        assertThat(r.violations()).anyMatch(v -> v.contains("'warp-banana'"));
    }

    @ParameterizedTest(name = "{1} {0}: {2} allowed")
    @CsvSource({
        "pulse-tap, COMMON, 4",
        "reactor-strike, RARE, 4",
        "cascade-missiles, EPIC, 2",
        "singularity-lance, LEGENDARY, 1",
        "event-horizon, MYTHIC, 1"
    })
    @DisplayName(
            "V-DECK-1 copy limits by rarity: common and rare 4, epic 2, legendary and mythic 1")
    void copyLimits(String card, Rarity rarity, int limit) {
        assertThat(Fixtures.CATALOG.card(card).rarity()).isEqualTo(rarity);
        assertThat(
                        DeckRules.violations(
                                Fixtures.CATALOG,
                                "gunner",
                                "vanguard-core",
                                deckWith(card, limit, 60)))
                .isEmpty();
        Refusal r =
                refusedJoin(
                        new JoinRequest(
                                "Ada",
                                "gunner",
                                "vanguard-core",
                                deckWith(card, limit + 1, 60),
                                "a"));
        assertThat(r.violations())
                .singleElement()
                .asString()
                .contains("'" + card + "'", (limit + 1) + " times", "at most " + limit);
    }

    @Test
    @DisplayName("V-DECK-1 a deck is exactly 60 cards: 59 and 61 are refused")
    void exactlySixty() {
        for (int size : new int[] {59, 61}) {
            List<String> cards = new ArrayList<>(Fixtures.deck(1).cards());
            if (size == 59) {
                cards.remove(0);
            } else {
                cards.add("quick-shield"); // not in Hive Swarm: every copy count stays legal
            }
            Refusal r = refusedJoin(new JoinRequest("Ada", "commander", "hive-core", cards, "a"));
            assertThat(r.violations())
                    .singleElement()
                    .asString()
                    .contains(size + " cards", "exactly 60");
        }
    }

    @Test
    @DisplayName(
            "V-DECK-1 the Ship Core is given apart from the 60, must exist and must be a Ship Core")
    void shipCoreRequired() {
        List<String> cards = Fixtures.deck(0).cards();
        assertThat(refusedJoin(new JoinRequest("Ada", "gunner", null, cards, "a")).violations())
                .singleElement()
                .asString()
                .contains("No Ship Core");
        assertThat(
                        refusedJoin(new JoinRequest("Ada", "gunner", "death-star", cards, "a"))
                                .violations())
                .singleElement()
                .asString()
                .contains("Unknown Ship Core");
        assertThat(
                        refusedJoin(new JoinRequest("Ada", "gunner", "ion-torpedo", cards, "a"))
                                .violations())
                .singleElement()
                .asString()
                .contains("not a Ship Core");
    }

    @Test
    @DisplayName("V-DECK-2 the pilot class is given at join: a missing or unknown class is refused")
    void pilotClassRequired() {
        List<String> cards = Fixtures.deck(0).cards();
        assertThat(
                        refusedJoin(new JoinRequest("Ada", null, "vanguard-core", cards, "a"))
                                .violations())
                .singleElement()
                .asString()
                .contains("No pilot class", "V-DECK-2");
        assertThat(
                        refusedJoin(new JoinRequest("Ada", "wizard", "vanguard-core", cards, "a"))
                                .violations())
                .singleElement()
                .asString()
                .contains("Unknown pilot class 'wizard'", "V-DECK-2");
    }

    @Test
    @DisplayName(
            "V-DECK-2 the pilot class given per seat at join is that seat's for the whole match")
    void pilotClassFixed() {
        Fixtures.Game g = new Fixtures.Game(4, Fixtures.deck(0), Fixtures.deck(1));
        assertThat(Scenario.all(g.events, PlayerJoined.class))
                .extracting(PlayerJoined::seat, PlayerJoined::pilotClass)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(Seat.A, "gunner"),
                        org.assertj.core.groups.Tuple.tuple(Seat.B, "commander"));
        VoidexaMoves moves = new VoidexaMoves(Fixtures.CATALOG);
        Random r = new Random(4);
        for (int step = 0; step < 300 && g.state.status() == MatchStatus.LIVE; step++) {
            List<Intent> legal = moves.legal(g.state, VoidexaMoves.toAct(g.state));
            g.act(legal.get(r.nextInt(legal.size())));
            assertThat(g.ship(Seat.A).pilotClass()).isEqualTo("gunner");
            assertThat(g.ship(Seat.B).pilotClass()).isEqualTo("commander");
            assertThat(g.ship(Seat.A).shipCore()).isEqualTo("vanguard-core");
        }
    }
}
