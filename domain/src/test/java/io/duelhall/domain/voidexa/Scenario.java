package io.duelhall.domain.voidexa;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.DroneStats;
import io.duelhall.domain.voidexa.cards.Subsystem;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Builds a LIVE match state directly, for scenario tests:
 *
 * <pre>
 * VoidexaState s = Scenario.live()                       // seat A's main phase of turn 1
 *         .a(x -> x.hand("pulse-tap").energy(5).heat(6))
 *         .b(x -> x.set(SHIELD, 7).drones("scout-drone"))
 *         .build();
 * </pre>
 *
 * Card instance ids are the seat letter and a counter in the order the cards are named: the first
 * card given to seat A is "a1", the next "a2", and so on across all zones. Unless told otherwise a
 * seat is an undamaged ship (V-SETUP-1) with pilot Engineer and Vanguard Core (both only act at
 * Heat 6+ / Hull below 30), no energy, an empty hand and a deck of {@value #FILLER_COUNT} {@value
 * #FILLER} so that turns can pass without fatigue.
 */
final class Scenario {
    static final String FILLER = "hull-patch";
    static final int FILLER_COUNT = 10;

    private final VoidexaRuleset rules;
    private final Map<Seat, SeatSpec> seats = new EnumMap<>(Seat.class);
    private int turn = 1;
    private Seat active = Seat.A;
    private Phase phase = Phase.MAIN;
    private MatchOptions options = MatchOptions.defaults();

    private Scenario(VoidexaRuleset rules) {
        this.rules = rules;
        seats.put(Seat.A, new SeatSpec(Seat.A, rules.catalog()));
        seats.put(Seat.B, new SeatSpec(Seat.B, rules.catalog()));
    }

    static Scenario live() {
        return new Scenario(Fixtures.RULES);
    }

    /** A scenario for a ruleset with test-only cards ({@link Fixtures#rulesWith}). */
    static Scenario live(VoidexaRuleset rules) {
        return new Scenario(rules);
    }

    Scenario a(Consumer<SeatSpec> spec) {
        spec.accept(seats.get(Seat.A));
        return this;
    }

    Scenario b(Consumer<SeatSpec> spec) {
        spec.accept(seats.get(Seat.B));
        return this;
    }

    /** The match options the scenario's match was created with (defaults otherwise). */
    Scenario options(MatchOptions matchOptions) {
        options = matchOptions;
        return this;
    }

    Scenario turn(int turnNumber, Seat activeSeat, Phase turnPhase) {
        turn = turnNumber;
        active = activeSeat;
        phase = turnPhase;
        return this;
    }

    /** The built state wrapped in a game that applies intents with the real rules. */
    Fixtures.Game game() {
        return new Fixtures.Game(rules, build());
    }

    VoidexaState build() {
        byte[] serverSeed = Fixtures.seed(99);
        Map<Seat, Ship> ships = new EnumMap<>(Seat.class);
        seats.forEach((seat, spec) -> ships.put(seat, spec.ship()));
        return new VoidexaState(
                "m-scenario",
                MatchStatus.LIVE,
                options,
                rules.engineVersion(),
                rules.catalogVersion(),
                Sha256.hex(Sha256.of(serverSeed)),
                Sha256.hex(serverSeed),
                Map.copyOf(ships),
                Seat.A,
                turn,
                active,
                phase,
                null,
                null,
                0,
                null);
    }

    /** One seat's ship and zones. Zone methods add cards in the order given (deck: top first). */
    static final class SeatSpec {
        private final Seat seat;
        private final Catalog catalog;
        private final Ship fresh = Ship.fresh("unused", null, null, null, List.of());
        private final Map<Subsystem, Integer> values = new EnumMap<>(fresh.values());
        private final List<CardRef> hand = new ArrayList<>();
        private final List<CardRef> discard = new ArrayList<>();
        private final List<CardRef> exile = new ArrayList<>();
        private final List<CardRef> inPlay = new ArrayList<>();
        private final List<Drone> drones = new ArrayList<>();
        private List<CardRef> deck;
        private CardRef field;
        private String pilot = "engineer";
        private String core = "vanguard-core";
        private String accountId;
        private int energy;
        private int ramp;
        private int heat;
        private int pendingHeat;
        private int maxHand = Ship.MAX_HAND;
        private int lifeSupportZeroTurns;
        private int emptyDraws;
        private int next = 1;

        private SeatSpec(Seat seat, Catalog catalog) {
            this.seat = seat;
            this.catalog = catalog;
        }

        SeatSpec set(Subsystem subsystem, int value) {
            values.put(subsystem, value);
            return this;
        }

        /** The seat is taken by a registered player's account (a guest otherwise). */
        SeatSpec account(String account) {
            accountId = account;
            return this;
        }

        SeatSpec pilot(String pilotClass) {
            pilot = pilotClass;
            return this;
        }

        SeatSpec core(String shipCore) {
            core = shipCore;
            return this;
        }

        SeatSpec energy(int value) {
            energy = value;
            return this;
        }

        SeatSpec ramp(int value) {
            ramp = value;
            return this;
        }

        SeatSpec heat(int value) {
            heat = value;
            return this;
        }

        SeatSpec pendingHeat(int value) {
            pendingHeat = value;
            return this;
        }

        SeatSpec maxHand(int value) {
            maxHand = value;
            return this;
        }

        SeatSpec lifeSupportZeroTurns(int value) {
            lifeSupportZeroTurns = value;
            return this;
        }

        SeatSpec emptyDraws(int value) {
            emptyDraws = value;
            return this;
        }

        SeatSpec hand(String... cards) {
            hand.addAll(refs(cards));
            return this;
        }

        /** Replaces the default deck; top card first. {@code deck()} is an empty deck. */
        SeatSpec deck(String... cards) {
            deck = new ArrayList<>(refs(cards));
            return this;
        }

        SeatSpec deckOf(int count, String card) {
            deck = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                deck.add(ref(card));
            }
            return this;
        }

        /** Fills the hand with {@code count} copies of {@code card}. */
        SeatSpec handOf(int count, String card) {
            for (int i = 0; i < count; i++) {
                hand.add(ref(card));
            }
            return this;
        }

        SeatSpec discard(String... cards) {
            discard.addAll(refs(cards));
            return this;
        }

        SeatSpec inPlay(String... cards) {
            inPlay.addAll(refs(cards));
            return this;
        }

        SeatSpec field(String card) {
            field = ref(card);
            return this;
        }

        /** Undamaged drones, in column order, with their printed stats. */
        SeatSpec drones(String... cards) {
            for (String card : cards) {
                DroneStats st = catalog.card(card).drone();
                drone(card, st.hull(), st.shield());
            }
            return this;
        }

        SeatSpec drone(String card, int hull, int shield) {
            DroneStats st = catalog.card(card).drone();
            drones.add(
                    new Drone(
                            ref(card).id(),
                            card,
                            hull,
                            st.hull(),
                            shield,
                            st.shield(),
                            st.damage(),
                            st.pierce()));
            return this;
        }

        private List<CardRef> refs(String... cards) {
            List<CardRef> out = new ArrayList<>();
            for (String c : cards) {
                out.add(ref(c));
            }
            return out;
        }

        private CardRef ref(String card) {
            catalog.card(card); // fails fast on a typo
            return new CardRef(seat.name().toLowerCase() + next++, card);
        }

        private Ship ship() {
            if (deck == null) {
                deckOf(FILLER_COUNT, FILLER);
            }
            List<String> deckList = new ArrayList<>();
            for (List<CardRef> zone : List.of(deck, hand, discard, exile, inPlay)) {
                zone.forEach(c -> deckList.add(c.card()));
            }
            drones.forEach(d -> deckList.add(d.card()));
            if (field != null) {
                deckList.add(field.card());
            }
            return new Ship(
                    "Seat " + seat,
                    pilot,
                    core,
                    "client-" + seat,
                    List.copyOf(deckList),
                    Map.copyOf(values),
                    fresh.maxValues(),
                    energy,
                    ramp,
                    heat,
                    pendingHeat,
                    maxHand,
                    List.copyOf(deck),
                    List.copyOf(hand),
                    List.copyOf(discard),
                    List.copyOf(exile),
                    List.copyOf(inPlay),
                    List.copyOf(drones),
                    field,
                    lifeSupportZeroTurns,
                    emptyDraws,
                    0,
                    false,
                    0,
                    Set.of(),
                    0,
                    0,
                    false,
                    accountId);
        }
    }

    // ---- reading events ----

    static List<String> types(List<MatchEvent> events) {
        return events.stream().map(MatchEvent::type).toList();
    }

    static <T> List<T> all(List<MatchEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /** The only event of {@code type}; fails if there is none or more than one. */
    static <T> T one(List<MatchEvent> events, Class<T> type) {
        List<T> found = all(events, type);
        if (found.size() != 1) {
            throw new AssertionError(
                    "expected exactly one "
                            + type.getSimpleName()
                            + " but found "
                            + found.size()
                            + " in "
                            + types(events));
        }
        return found.get(0);
    }
}
