package io.duelhall.domain.voidlit;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.Sha256;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A compact builder of live voidlit states for scenario tests, and helpers to decide and apply
 * moves.
 */
final class Scenario {
    static final VoidlitRuleset RULES = new VoidlitRuleset();
    static final Catalog CATALOG = RULES.catalog();
    static final String SERVER_SEED = Sha256.hex(new byte[32]);

    VoidlitState state;
    private int next;

    /**
     * Both seats seated and past the mulligan: {@code active}'s turn 3, A first; empty zones, 30
     * Health each.
     */
    static Scenario turnOf(Seat active) {
        Scenario sc = new Scenario();
        Side a = Side.joined("Alice", null, "EMBERWAKE", List.of(), "alice");
        Side b = Side.joined("Bob", null, "TIDEBOUND", List.of(), "bob");
        a =
                new Side(
                        a.name(),
                        null,
                        a.parallel(),
                        List.of(),
                        "alice",
                        30,
                        0,
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        true,
                        false,
                        0,
                        0);
        b =
                new Side(
                        b.name(),
                        null,
                        b.parallel(),
                        List.of(),
                        "bob",
                        30,
                        0,
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        List.of(),
                        true,
                        false,
                        0,
                        0);
        sc.state =
                new VoidlitState(
                        "m1",
                        MatchStatus.LIVE,
                        MatchOptions.defaults(),
                        VoidlitRuleset.ENGINE_VERSION,
                        Catalog.VERSION,
                        "commit",
                        SERVER_SEED,
                        Map.of(Seat.A, a, Seat.B, b),
                        Seat.A,
                        VoidlitState.MAIN,
                        active,
                        3,
                        null,
                        List.of(),
                        null);
        return sc;
    }

    Scenario edit(Seat seat, Consumer<Side.Builder> f) {
        Side.Builder b = state.side(seat).edit();
        f.accept(b);
        state = state.withSide(seat, b.build());
        return this;
    }

    List<CardRef> refs(Seat seat, String... cards) {
        List<CardRef> out = new ArrayList<>();
        for (String c : cards) {
            out.add(new CardRef(seat + "-" + (next++), c));
        }
        return out;
    }

    Scenario hand(Seat seat, String... cards) {
        List<CardRef> r = refs(seat, cards);
        return edit(seat, b -> b.hand = r);
    }

    Scenario deck(Seat seat, String... cards) {
        List<CardRef> r = refs(seat, cards);
        return edit(seat, b -> b.deck = r);
    }

    Scenario deckOf(Seat seat, int n, String card) {
        return deck(seat, Collections.nCopies(n, card).toArray(String[]::new));
    }

    Scenario waste(Seat seat, String... cards) {
        List<CardRef> r = refs(seat, cards);
        return edit(seat, b -> b.waste = r);
    }

    Scenario bank(Seat seat, int n) {
        List<CardRef> r = refs(seat, Collections.nCopies(n, "scrap-golem").toArray(String[]::new));
        return edit(seat, b -> b.bank = r);
    }

    Scenario energy(Seat seat, int energy) {
        return edit(seat, b -> b.energy = energy);
    }

    Scenario health(Seat seat, int health) {
        return edit(seat, b -> b.health = health);
    }

    /** A ready Unit of that card on the Field (not fatigued), with the card's values. */
    Scenario unit(Seat seat, String card) {
        return unit(seat, card, false);
    }

    Scenario unit(Seat seat, String card, boolean fatigued) {
        VoidlitCard c = CATALOG.card(card);
        String id = seat + "-" + (next++);
        Unit u =
                new Unit(
                        id,
                        card,
                        c.attack(),
                        c.health(),
                        c.health(),
                        c.keywords(),
                        List.of(),
                        fatigued,
                        false);
        return edit(
                seat,
                b -> {
                    List<Unit> units = new ArrayList<>(b.units);
                    units.add(u);
                    b.units = units;
                });
    }

    Side side(Seat seat) {
        return state.side(seat);
    }

    String handId(Seat seat, int i) {
        return side(seat).hand().get(i).id();
    }

    String unitId(Seat seat, int i) {
        return side(seat).units().get(i).id();
    }

    Decision decide(VoidlitMove m) {
        return RULES.decide(state, m);
    }

    /** Decides and applies {@code m}, which must be accepted; returns its events. */
    List<MatchEvent> apply(VoidlitMove m) {
        Decision d = decide(m);
        if (!d.accepted()) {
            throw new AssertionError(m + " refused: " + d.refusal());
        }
        for (MatchEvent e : d.events()) {
            state = RULES.evolve(state, e);
        }
        return d.events();
    }

    static <T> List<T> ofType(List<MatchEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    /**
     * A real match from its opening: created, both starter decks seated; the state at the mulligan.
     */
    static Opening open(long seed) {
        List<MatchEvent> events = new ArrayList<>();
        byte[] serverSeed = Sha256.of(("voidlit-test:" + seed).getBytes());
        VoidlitState s =
                fold(
                        RULES.initial(),
                        RULES.create("m" + seed, MatchOptions.defaults(), serverSeed),
                        events);
        List<Catalog.StarterDeck> decks = CATALOG.starterDecks();
        s =
                fold(
                        s,
                        RULES.join(
                                s,
                                VoidlitIntents.joinRequest(
                                        "Alice", null, decks.get(0).cards(), "a" + seed)),
                        events);
        s =
                fold(
                        s,
                        RULES.join(
                                s,
                                VoidlitIntents.joinRequest(
                                        "Bob", null, decks.get(1).cards(), "b" + seed)),
                        events);
        return new Opening(s, events);
    }

    record Opening(VoidlitState state, List<MatchEvent> events) {}

    static VoidlitState fold(VoidlitState s, Decision d, List<MatchEvent> into) {
        if (!d.accepted()) {
            throw new AssertionError("refused: " + d.refusal());
        }
        for (MatchEvent e : d.events()) {
            s = RULES.evolve(s, e);
            into.add(e);
        }
        return s;
    }
}
