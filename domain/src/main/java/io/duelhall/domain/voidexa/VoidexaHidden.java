package io.duelhall.domain.voidexa;

import io.duelhall.domain.GameState;
import io.duelhall.domain.HiddenState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatKnowledge;
import io.duelhall.domain.search.Unseen;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * voidexa's hidden state from one seat's knowledge. The seat's redacted events are folded as a
 * spectator folds them ({@link PublicEvolver}: every deck and every hand not seen face down), the
 * seat's own draws face up. A sample then deals the face-down places: the seat's own from its deck
 * list less every card of it in sight; another seat's from a prior deck list — the starter deck of
 * its pilot class and ship core (public), or the starter holding most of what it has shown — less
 * what it has shown; each deck in random order; and a random server seed.
 */
final class VoidexaHidden implements HiddenState {
    private final VoidexaState known;
    private final Map<Seat, List<String>> lists = new EnumMap<>(Seat.class);
    private final Map<Seat, List<String>> seen = new EnumMap<>(Seat.class);

    VoidexaHidden(Catalog catalog, SeatKnowledge knowledge) {
        VoidexaState s = VoidexaState.EMPTY;
        for (MatchEvent e : knowledge.events()) {
            s = PublicEvolver.evolve(s, e);
        }
        this.known = s;
        for (Map.Entry<Seat, Ship> e : s.ships().entrySet()) {
            Ship ship = e.getValue();
            List<String> shown = shown(s, e.getKey(), ship);
            seen.put(e.getKey(), shown);
            lists.put(
                    e.getKey(),
                    ship.deckList() != null && !ship.deckList().isEmpty()
                            ? ship.deckList()
                            : prior(catalog, ship, shown));
        }
    }

    private static List<String> shown(VoidexaState s, Seat seat, Ship ship) {
        List<String> out = new ArrayList<>();
        for (List<CardRef> zone :
                List.of(ship.hand(), ship.deck(), ship.discard(), ship.exile(), ship.inPlay())) {
            zone.forEach(c -> out.add(c.card()));
        }
        if (ship.field() != null) {
            out.add(ship.field().card());
        }
        ship.drones().forEach(d -> out.add(d.card()));
        if (s.pending() != null && s.pending().seat() == seat && s.pending().card() != null) {
            out.add(s.pending().card().card());
        }
        out.removeIf(c -> c == null);
        return out;
    }

    private static List<String> prior(Catalog catalog, Ship ship, List<String> shown) {
        List<List<String>> same = new ArrayList<>();
        List<List<String>> all = new ArrayList<>();
        for (StarterDeck d : catalog.starterDecks()) {
            all.add(d.cards());
            if (d.pilotClass().equals(ship.pilotClass()) && d.shipCore().equals(ship.shipCore())) {
                same.add(d.cards());
            }
        }
        return Unseen.likeliest(same.isEmpty() ? all : same, shown);
    }

    @Override
    public GameState sample(RandomGenerator random) {
        VoidexaState s = known;
        Unseen.Ids ids = new Unseen.Ids("hidden-", Set.of());
        for (Map.Entry<Seat, Ship> e : known.ships().entrySet()) {
            Seat seat = e.getKey();
            Ship ship = e.getValue();
            int handDown = count(ship.hand());
            int deckDown = count(ship.deck());
            if (handDown + deckDown == 0) {
                continue;
            }
            List<String> cards =
                    Unseen.deal(lists.get(seat), seen.get(seat), handDown + deckDown, random);
            int next = 0;
            List<CardRef> hand = new ArrayList<>(ship.hand().size());
            for (CardRef c : ship.hand()) {
                hand.add(c.card() == null ? new CardRef(ids.next(), cards.get(next++)) : c);
            }
            List<CardRef> deck = new ArrayList<>(ship.deck().size());
            for (CardRef c : ship.deck()) {
                deck.add(c.card() == null ? new CardRef(ids.next(), cards.get(next++)) : c);
            }
            Ship.Builder b = ship.edit();
            b.hand = List.copyOf(hand);
            b.deck = List.copyOf(deck);
            s = s.withShip(seat, b.build());
        }
        return new VoidexaState(
                s.matchId(),
                s.status(),
                s.options(),
                s.engineVersion(),
                s.catalogVersion(),
                s.seedCommitment(),
                Unseen.seedHex(random),
                s.ships(),
                s.firstSeat(),
                s.turn(),
                s.active(),
                s.phase(),
                s.pending(),
                s.responder(),
                s.discardOwed(),
                s.result());
    }

    private static int count(List<CardRef> zone) {
        int n = 0;
        for (CardRef c : zone) {
            if (c.card() == null) {
                n++;
            }
        }
        return n;
    }
}
