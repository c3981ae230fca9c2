package io.duelhall.domain.voidexa;

import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.voidexa.cards.Ability;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.Subsystem;
import io.duelhall.domain.voidexa.cards.Targeting;
import java.util.ArrayList;
import java.util.List;

/**
 * The intents a seat could send now that the rules would accept (concession aside). Used by
 * self-play, property tests and AI seats; it asks {@link Checks} so it never disagrees with decide.
 */
public final class VoidexaMoves {
    private final Catalog catalog;

    public VoidexaMoves(Catalog catalog) {
        this.catalog = catalog;
    }

    /** The seat that owes the next decision, or null if the match is not live. */
    public static Seat toAct(VoidexaState s) {
        if (s.status() != io.duelhall.domain.MatchStatus.LIVE) {
            return null;
        }
        return s.phase() == Phase.RESPONSE ? s.responder() : s.active();
    }

    public List<Intent> legal(VoidexaState s, Seat seat) {
        List<Intent> out = new ArrayList<>();
        if (seat == null || seat != toAct(s)) {
            return out;
        }
        if (s.phase() == Phase.DISCARD) {
            List<String> ids = s.ship(seat).hand().stream().map(CardRef::id).toList();
            out.add(VoidexaIntents.discardDown(seat, ids.subList(0, s.discardOwed())));
            return out;
        }
        if (s.phase() == Phase.RESPONSE) {
            out.add(VoidexaIntents.pass(seat));
        } else {
            out.add(VoidexaIntents.endTurn(seat));
        }
        Ship ship = s.ship(seat);
        for (CardRef ref : ship.hand()) {
            Card card = catalog.card(ref.card());
            for (List<Target> ts : options(s, seat, card.targeting())) {
                if (Checks.play(catalog, s, seat, ref.id(), ts).ok()) {
                    out.add(
                            new Intent(
                                    seat,
                                    VoidexaIntents.Type.PLAY_CARD.name(),
                                    ref.id(),
                                    null,
                                    ts,
                                    List.of()));
                }
            }
        }
        if (s.phase() == Phase.MAIN) {
            for (CardRef ref : inPlayWithField(ship)) {
                List<Ability> abilities = catalog.card(ref.card()).abilities();
                for (int i = 0; i < abilities.size(); i++) {
                    Ability a = abilities.get(i);
                    if (ship.abilitiesUsed().contains(ref.id() + "#" + i)
                            || ship.energy() < a.energy()
                            || ship.heat() < a.vent()) {
                        continue;
                    }
                    for (List<Target> ts : options(s, seat, a.targeting())) {
                        if (Checks.targets(s, seat, a.targeting(), 1, a.name(), ts).ok()) {
                            out.add(
                                    new Intent(
                                            seat,
                                            VoidexaIntents.Type.ACTIVATE.name(),
                                            ref.id(),
                                            i,
                                            ts,
                                            List.of()));
                        }
                    }
                }
            }
        }
        return out;
    }

    /**
     * The target choices the rules accept for playing {@code ref} from {@code seat}'s hand now (see
     * {@link #legal}).
     */
    static List<List<Target>> targetChoices(
            Catalog catalog, VoidexaState s, Seat seat, CardRef ref) {
        List<List<Target>> out = new ArrayList<>();
        for (List<Target> ts : options(s, seat, catalog.card(ref.card()).targeting())) {
            if (Checks.play(catalog, s, seat, ref.id(), ts).ok()) {
                out.add(ts);
            }
        }
        return out;
    }

    private static List<CardRef> inPlayWithField(Ship ship) {
        List<CardRef> l = new ArrayList<>(ship.inPlay());
        if (ship.field() != null) {
            l.add(ship.field());
        }
        return l;
    }

    /**
     * One choice per single target (multi-target cards are offered their single-target choices).
     */
    private static List<List<Target>> options(VoidexaState s, Seat seat, Targeting targeting) {
        Seat enemy = seat.opponent();
        Ship foe = s.ship(enemy);
        List<List<Target>> out = new ArrayList<>();
        switch (targeting) {
            case NONE -> out.add(List.of());
            case ENEMY_SHIP_OR_DRONE -> {
                out.add(List.of(VoidexaIntents.ship(enemy)));
                foe.drones().forEach(d -> out.add(List.of(VoidexaIntents.drone(enemy, d.id()))));
            }
            case ENEMY_SUBSYSTEM -> {
                for (Subsystem sub : Subsystem.values()) {
                    if (sub != Subsystem.SHIELD) {
                        out.add(List.of(VoidexaIntents.subsystem(enemy, sub.name())));
                    }
                }
            }
            case ENEMY_DRONE ->
                    foe.drones()
                            .forEach(d -> out.add(List.of(VoidexaIntents.drone(enemy, d.id()))));
            case ENEMY_CARD ->
                    inPlayWithField(foe)
                            .forEach(c -> out.add(List.of(VoidexaIntents.card(enemy, c.id()))));
        }
        return out;
    }
}
