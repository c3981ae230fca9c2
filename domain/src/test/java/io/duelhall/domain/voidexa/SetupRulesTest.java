package io.duelhall.domain.voidexa;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.voidexa.Scenario.all;
import static io.duelhall.domain.voidexa.Scenario.one;
import static io.duelhall.domain.voidexa.cards.Subsystem.ENGINES;
import static io.duelhall.domain.voidexa.cards.Subsystem.HULL;
import static io.duelhall.domain.voidexa.cards.Subsystem.LIFE_SUPPORT;
import static io.duelhall.domain.voidexa.cards.Subsystem.REACTOR;
import static io.duelhall.domain.voidexa.cards.Subsystem.SHIELD;
import static io.duelhall.domain.voidexa.cards.Subsystem.WEAPONS;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.rng.Sha256CounterRandom;
import io.duelhall.domain.voidexa.VoidexaEvent.*;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.CardType;
import io.duelhall.domain.voidexa.cards.EffectKind;
import io.duelhall.domain.voidexa.cards.Subsystem;
import io.duelhall.domain.voidexa.cards.Targeting;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Creating, joining and starting a match. */
class SetupRulesTest {
    private static final VoidexaRuleset RULES = Fixtures.RULES;

    private static VoidexaState created(int seed) {
        return RULES.evolve(
                RULES.initial(),
                RULES.create("m-" + seed, MatchOptions.defaults(), Fixtures.seed(seed))
                        .events()
                        .get(0));
    }

    private static VoidexaState apply(VoidexaState s, Decision d) {
        assertThat(d.accepted()).as("refused: %s", d.refusal()).isTrue();
        for (MatchEvent e : d.events()) {
            s = RULES.evolve(s, e);
        }
        return s;
    }

    private static List<MatchEvent> startEvents(int seed, List<String> cardsA, String clientA) {
        VoidexaState s =
                apply(
                        created(seed),
                        RULES.join(
                                created(seed),
                                new JoinRequest(
                                        "Ada", "gunner", "vanguard-core", cardsA, clientA)));
        Decision second = RULES.join(s, Fixtures.join("Bo", Fixtures.deck(1), "b"));
        assertThat(second.accepted()).isTrue();
        return second.events();
    }

    private static byte[] matchSeed(byte[] serverSeed, String clientA, String clientB)
            throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        sha.update(serverSeed);
        sha.update(clientA.getBytes(StandardCharsets.UTF_8));
        sha.update(clientB.getBytes(StandardCharsets.UTF_8));
        return sha.digest();
    }

    // ---- V-SETUP-1 ----

    @Test
    @DisplayName(
            "V-SETUP-1 a ship joins with Hull 60, Shield 40, Reactor 30, Weapons 30, Engines 35, Life Support 25 (all at max), Energy 0 of 5, Heat 0, max hand 10")
    void startingValues() {
        VoidexaState s =
                apply(
                        created(1),
                        RULES.join(created(1), Fixtures.join("Ada", Fixtures.deck(0), "a")));
        Ship a = s.ship(A);
        Map<Subsystem, Integer> expected =
                Map.of(
                        HULL,
                        60,
                        SHIELD,
                        40,
                        REACTOR,
                        30,
                        WEAPONS,
                        30,
                        ENGINES,
                        35,
                        LIFE_SUPPORT,
                        25);
        assertThat(a.values()).isEqualTo(expected);
        assertThat(a.maxValues()).isEqualTo(expected);
        assertThat(a.energy()).isZero();
        assertThat(a.maxEnergy()).isEqualTo(5);
        assertThat(a.heat()).isZero();
        assertThat(a.pendingHeat()).isZero();
        assertThat(Ship.MAX_HEAT).isEqualTo(10);
        assertThat(a.maxHand()).isEqualTo(10);
        assertThat(s.status()).isEqualTo(MatchStatus.WAITING);
    }

    @Test
    @DisplayName(
            "V-SETUP-1 when the match starts each seat holds 5 cards over a deck of 55; the first seat then draws for turn 1 (D-SETUP-2)")
    void startingHandAndDeck() {
        for (int seed = 0; seed < 6; seed++) {
            Fixtures.Game g = new Fixtures.Game(seed);
            Seat first = g.state.firstSeat();
            Ship second = g.ship(first.opponent());
            assertThat(second.hand()).hasSize(5);
            assertThat(second.deck()).hasSize(55);
            assertThat(second.energy()).isZero();
            Ship firstShip = g.ship(first);
            assertThat(firstShip.hand()).hasSize(6);
            assertThat(firstShip.deck()).hasSize(54);
            assertThat(firstShip.energy()).isEqualTo(5);
            assertThat(g.state.turn()).isEqualTo(1);
            assertThat(g.state.active()).isEqualTo(first);
            assertThat(g.state.phase()).isEqualTo(Phase.MAIN);
            assertThat(g.state.status()).isEqualTo(MatchStatus.LIVE);
        }
    }

    // ---- V-SETUP-2 ----

    @Test
    @DisplayName(
            "V-SETUP-2 decks and first seat come from SHA-256(serverSeed ‖ clientSeedA ‖ clientSeedB): sorted list, Fisher–Yates per seat")
    void shuffledFromTheMatchSeed() throws Exception {
        Fixtures.Game g = new Fixtures.Game(7);
        byte[] seed = matchSeed(Fixtures.seed(7), "a-7", "b-7");
        assertThat(one(g.events, MatchStarted.class).firstSeat())
                .isEqualTo(new Sha256CounterRandom(seed, "first-seat").nextInt(2) == 0 ? A : B);
        List<DeckShuffled> shuffles = all(g.events, DeckShuffled.class);
        assertThat(shuffles).extracting(DeckShuffled::seat).containsExactly(A, B);
        for (DeckShuffled d : shuffles) {
            List<String> sorted = new ArrayList<>(Fixtures.deck(d.seat() == A ? 0 : 1).cards());
            Collections.sort(sorted);
            List<String> expected =
                    new Sha256CounterRandom(seed, "shuffle:" + d.seat()).shuffle(sorted);
            assertThat(d.order()).extracting(CardRef::card).isEqualTo(expected);
            assertThat(d.size()).isEqualTo(60);
            assertThat(d.order())
                    .extracting(CardRef::id)
                    .doesNotHaveDuplicates()
                    .allMatch(id -> id.matches("c[0-9a-f]{8}"));
        }
    }

    @Test
    @DisplayName(
            "V-SETUP-2 the same seeds deal the same match, whatever order the client lists its cards in")
    void sameSeedsSameDeal() {
        List<String> cards = Fixtures.deck(0).cards();
        List<String> reversed = new ArrayList<>(cards);
        Collections.reverse(reversed);
        List<MatchEvent> once = startEvents(3, cards, "x");
        assertThat(startEvents(3, cards, "x")).isEqualTo(once);
        assertThat(startEvents(3, reversed, "x")).isEqualTo(once);
        List<CardRef> other = all(startEvents(3, cards, "y"), DeckShuffled.class).get(0).order();
        assertThat(other)
                .as("another client seed deals another deck")
                .isNotEqualTo(all(once, DeckShuffled.class).get(0).order());
    }

    @Test
    @DisplayName(
            "V-SETUP-2 the first seat varies with the seed: over 40 seeds both A and B go first")
    void firstSeatVaries() {
        Set<Seat> firsts = EnumSet.noneOf(Seat.class);
        for (int seed = 0; seed < 40; seed++) {
            firsts.add(new Fixtures.Game(seed).state.firstSeat());
        }
        assertThat(firsts).containsExactlyInAnyOrder(A, B);
    }

    @Test
    @DisplayName(
            "V-SETUP-2 no mulligan: the opening hands are the top 5 of each shuffled deck, and turn 1 starts at once")
    void noMulligan() {
        Fixtures.Game g = new Fixtures.Game(11);
        Seat first = g.state.firstSeat();
        List<MatchEvent> ev = g.events;
        int started = ev.indexOf(one(ev, MatchStarted.class));
        List<String> types = Scenario.types(ev.subList(started, ev.size()));
        List<String> expected =
                new ArrayList<>(List.of("MatchStarted", "DeckShuffled", "DeckShuffled"));
        expected.addAll(Collections.nCopies(10, "CardDrawn"));
        expected.add("TurnStarted");
        assertThat(types.subList(0, expected.size())).isEqualTo(expected);
        List<CardDrawn> draws = all(ev, CardDrawn.class);
        assertThat(draws.subList(0, 5)).allMatch(d -> d.seat() == first);
        assertThat(draws.subList(5, 10)).allMatch(d -> d.seat() == first.opponent());
        for (DeckShuffled d : all(ev, DeckShuffled.class)) {
            List<CardRef> hand = g.ship(d.seat()).hand();
            assertThat(hand.subList(0, 5)).isEqualTo(d.order().subList(0, 5));
        }
        assertThat(VoidexaIntents.Type.values()).extracting(Enum::name).doesNotContain("MULLIGAN");
    }

    // ---- V-SETUP-3 ----

    @Test
    @DisplayName(
            "V-SETUP-3 the pilot passive is active from turn 1: a Gunner's first Weapon deals printed damage + 1")
    void pilotActiveFromTurnOne() {
        boolean found = false;
        for (int seed = 0; seed < 60 && !found; seed++) {
            Fixtures.Game g = new Fixtures.Game(seed); // A is the Gunner (Hot Barrage)
            if (g.state.firstSeat() != A) {
                continue;
            }
            for (CardRef ref : g.ship(A).hand()) {
                Card card = Fixtures.CATALOG.card(ref.card());
                if (card.type() == CardType.WEAPON
                        && card.targeting() == Targeting.ENEMY_SHIP_OR_DRONE
                        && card.effects().size() == 1
                        && card.effects().get(0).kind() == EffectKind.DAMAGE
                        && card.cost() <= 5) {
                    Decision d = g.act(VoidexaIntents.play(A, ref.id(), VoidexaIntents.ship(B)));
                    assertThat(d.accepted()).isTrue();
                    assertThat(g.state.turn()).isEqualTo(1);
                    assertThat(one(d.events(), DamageRouted.class).requested())
                            .isEqualTo(card.effects().get(0).amount() + 1);
                    found = true;
                    break;
                }
            }
        }
        assertThat(found).as("some seed deals the Gunner a weapon on turn 1").isTrue();
    }

    @Test
    @DisplayName(
            "V-SETUP-3 the Ship Core is active from the first start of turn: Vanguard Core draws at turn 1 with Hull below 30")
    void shipCoreActiveFromTurnOne() {
        // A real match cannot start with Hull below 30; the built state stands just before turn 1.
        Fixtures.Game g = Scenario.live().turn(0, B, Phase.MAIN).a(x -> x.set(HULL, 25)).game();
        List<MatchEvent> ev = g.act(VoidexaIntents.endTurn(B)).events();
        assertThat(ev)
                .containsSubsequence(
                        new TurnStarted(A, 1),
                        new CardDrawn(A, new CardRef("a1", Scenario.FILLER), 1, 9),
                        new AbilityTriggered(A, "core", "vanguard-core", "START_OF_TURN"),
                        new CardDrawn(A, new CardRef("a2", Scenario.FILLER), 2, 8),
                        new MainPhaseStarted(A));
    }

    // ---- joining ----

    @Test
    @DisplayName(
            "joining: no match is NOT_FOUND, a third seat is MATCH_FULL, a blank or long name is MALFORMED")
    void joinRefusals() {
        Decision none = RULES.join(RULES.initial(), Fixtures.join("Ada", Fixtures.deck(0), "a"));
        assertThat(none.refusal().category()).isEqualTo(Refusal.Category.NOT_FOUND);
        assertThat(none.refusal().code()).isEqualTo("MATCH_NOT_FOUND");

        VoidexaState blankName = created(2);
        for (String name : new String[] {null, " ", "x".repeat(41)}) {
            Decision d =
                    RULES.join(
                            blankName,
                            new JoinRequest(
                                    name,
                                    "gunner",
                                    "vanguard-core",
                                    Fixtures.deck(0).cards(),
                                    "a"));
            assertThat(d.refusal().category()).isEqualTo(Refusal.Category.MALFORMED);
            assertThat(d.refusal().code()).isEqualTo("INVALID_FIELD");
        }

        Fixtures.Game g = new Fixtures.Game(2);
        Decision third = RULES.join(g.state, Fixtures.join("Cy", Fixtures.deck(0), "c"));
        assertThat(third.refusal().category()).isEqualTo(Refusal.Category.CONFLICT);
        assertThat(third.refusal().code()).isEqualTo("MATCH_FULL");
        assertThat(third.events()).isEmpty();
    }

    @Test
    @DisplayName(
            "creating: the seed commitment is SHA-256 of the server seed; bad options are MALFORMED OUT_OF_RANGE")
    void create() {
        MatchCreated c =
                (MatchCreated)
                        RULES.create("m", MatchOptions.defaults(), Fixtures.seed(5))
                                .events()
                                .get(0);
        assertThat(c.seedCommitment()).isEqualTo(Sha256.hex(Sha256.of(Fixtures.seed(5))));
        assertThat(c.serverSeed()).isEqualTo(Sha256.hex(Fixtures.seed(5)));
        for (MatchOptions bad :
                List.of(
                        new MatchOptions(-1, null, null),
                        new MatchOptions(901, null, null),
                        new MatchOptions(0, 4, null),
                        new MatchOptions(0, null, 601))) {
            Refusal r = RULES.create("m", bad, Fixtures.seed(5)).refusal();
            assertThat(r.category()).isEqualTo(Refusal.Category.MALFORMED);
            assertThat(r.code()).isEqualTo("OUT_OF_RANGE");
        }
        assertThat(RULES.create(" ", null, Fixtures.seed(5)).refusal().code())
                .isEqualTo("MISSING_FIELD");
    }
}
