package io.duelhall.domain.casket;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.casket.ai.Players;
import io.duelhall.domain.rng.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A compact builder of casket situations: a started match whose dice can be scripted, and whose
 * pilots (hands, decks, positions, Heat) can be set directly.
 */
final class Scenario {
    /** Dice from a script (face index 0..5) while it lasts, then from the seed. */
    static final class ScriptedDice implements Decider.Dice {
        final Deque<Integer> script = new ArrayDeque<>();

        @Override
        public int roll(byte[] seed, int n) {
            return script.isEmpty() ? CasketDraws.die(seed, n) : script.pop();
        }
    }

    final ScriptedDice dice = new ScriptedDice();
    final CasketRuleset rules;
    final List<MatchEvent> all = new ArrayList<>();
    CasketState state;
    List<MatchEvent> last = List.of();
    private int cardIds;

    Scenario() {
        this(CasketRuleset.ENGINE_VERSION);
    }

    Scenario(String engine) {
        rules = new CasketRuleset(Catalog.standard(), dice, engine);
    }

    /**
     * A match of {@code seats} seats (caskets confessor, warden, bastion, citadel, … in turn), on
     * the foundry map, every hand kept, seat A first in round 1 (its turn started, Heat 0).
     */
    static Scenario started(int seats) {
        return started(seats, CasketRuleset.ENGINE_VERSION);
    }

    /** As {@link #started(int)}, under the released engine {@code engine}. */
    static Scenario started(int seats, String engine) {
        Scenario s = new Scenario(engine);
        byte[] serverSeed = Sha256.of("scenario".getBytes(StandardCharsets.UTF_8));
        MatchOptions o = new MatchOptions(0, null, null, null, null, seats, null);
        s.apply(s.rules.open("m", o, serverSeed));
        List<Catalog.Starter> starters = s.rules.catalog().starters();
        for (int i = 0; i < seats; i++) {
            Seat seat = Seat.values()[i];
            s.apply(
                    s.rules.join(
                            s.state,
                            Players.joinRequest(seat.name(), starters.get(i % 4), "seed-" + seat)));
        }
        for (int i = 0; i < seats; i++) {
            if (i == seats - 1) {
                s.faces(6);
                for (int k = 1; k < seats; k++) {
                    s.faces(1);
                }
            }
            s.ok(Intent.of(Seat.values()[i], CasketIntents.KEEP));
        }
        assertThat(s.state.active()).isEqualTo(Seat.A);
        return s;
    }

    Decision apply(Decision d) {
        assertThat(d.refusal()).as("refusal").isNull();
        for (MatchEvent e : d.events()) {
            state = rules.evolve(state, e);
            all.add(e);
        }
        last = d.events();
        return d;
    }

    /** Decides and, when accepted, applies. */
    Decision act(Intent i) {
        Decision d = rules.decide(state, i);
        if (d.accepted()) {
            apply(d);
        }
        return d;
    }

    Decision ok(Intent i) {
        Decision d = act(i);
        assertThat(d.refusal()).as("refusal of " + i).isNull();
        return d;
    }

    String refused(Intent i) {
        Decision d = act(i);
        assertThat(d.accepted()).as(i + " is refused").isFalse();
        return d.refusal().code();
    }

    /** Scripts d6 results (1..6). */
    Scenario faces(int... d6) {
        for (int v : d6) {
            dice.script.add(v - 1);
        }
        return this;
    }

    /** Scripts custom die faces by name (attack or defence faces, first match in face order). */
    Scenario attackDice(String... names) {
        for (String n : names) {
            dice.script.add(index(rules.catalog().attackDie(), n));
        }
        return this;
    }

    Scenario defenceDice(String... names) {
        for (String n : names) {
            dice.script.add(index(rules.catalog().defenceDie(), n));
        }
        return this;
    }

    private static int index(List<Catalog.Face> die, String name) {
        for (int i = 0; i < die.size(); i++) {
            if (die.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    Scenario pilot(Seat seat, Consumer<Pilot.Builder> change) {
        state = state.withPilot(seat, change);
        return this;
    }

    Scenario edit(Consumer<CasketState.Builder> change) {
        state = state.edit(change);
        return this;
    }

    Scenario map(String id) {
        return edit(b -> b.map = id);
    }

    Scenario at(Seat seat, String hex, int facing) {
        return pilot(
                seat,
                p -> {
                    p.at = Hex.parse(hex);
                    p.turnStart = p.at; // as if its turn began there (C-D-LOS-2)
                    p.facing = facing;
                });
    }

    List<CardRef> refs(String... cards) {
        List<CardRef> out = new ArrayList<>();
        for (String c : cards) {
            out.add(new CardRef("t" + (cardIds++), c));
        }
        return out;
    }

    Scenario hand(Seat seat, String... cards) {
        List<CardRef> r = refs(cards);
        return pilot(seat, p -> p.hand = new ArrayList<>(r));
    }

    /** The deck: {@code n} cards of {@code card}. */
    Scenario deck(Seat seat, int n, String card) {
        String[] cards = new String[n];
        java.util.Arrays.fill(cards, card);
        List<CardRef> r = refs(cards);
        return pilot(seat, p -> p.deck = new ArrayList<>(r));
    }

    CasketView view(Seat seat) {
        return rules.view(state, io.duelhall.domain.Viewer.seat(seat), all.size());
    }

    Pilot p(Seat seat) {
        return state.pilot(seat);
    }

    CardRef handCard(Seat seat, String card) {
        return p(seat).hand().stream().filter(r -> card.equals(r.card())).findFirst().orElseThrow();
    }

    @SuppressWarnings("unchecked")
    <E> List<E> events(Class<E> type) {
        return (List<E>) last.stream().filter(type::isInstance).toList();
    }

    <E> E event(Class<E> type) {
        List<E> es = events(type);
        assertThat(es).as(type.getSimpleName() + " in " + last).isNotEmpty();
        return es.get(0);
    }

    // ---- intents ----

    static Intent move(Seat seat, String... hexes) {
        List<Target> t = new ArrayList<>();
        for (String h : hexes) {
            t.add(CasketIntents.hexTarget(Hex.parse(h)));
        }
        return new Intent(seat, CasketIntents.MOVE, null, null, t, List.of());
    }

    static Intent rotate(Seat seat, int facing) {
        return new Intent(
                seat,
                CasketIntents.ROTATE,
                null,
                null,
                List.of(),
                List.of(),
                Map.of(CasketIntents.FACING, String.valueOf(facing)));
    }

    static Intent play(Seat seat, CardRef card) {
        return new Intent(seat, CasketIntents.PLAY, card.id(), null, List.of(), List.of());
    }

    static Intent attack(Seat seat, CardRef card, Seat target, Component c) {
        return new Intent(
                seat,
                CasketIntents.PLAY,
                card.id(),
                null,
                List.of(CasketIntents.casketTarget(target, c)),
                List.of());
    }

    static Intent pay(Seat seat, List<CardRef> fromHand) {
        return new Intent(
                seat,
                CasketIntents.PAY,
                null,
                null,
                List.of(),
                fromHand.stream().map(CardRef::id).toList());
    }

    static Intent of(Seat seat, String type) {
        return Intent.of(seat, type);
    }
}
