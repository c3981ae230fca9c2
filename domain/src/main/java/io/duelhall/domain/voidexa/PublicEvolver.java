package io.duelhall.domain.voidexa;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.CardDiscarded;
import io.duelhall.domain.voidexa.VoidexaEvent.CardDrawn;
import io.duelhall.domain.voidexa.VoidexaEvent.CardPlayed;
import io.duelhall.domain.voidexa.VoidexaEvent.DeckShuffled;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * evolve over PUBLIC events (as a spectator receives them): the spectator's knowledge of a match. A
 * shuffled deck whose order is hidden becomes that many face-down cards, a hidden draw moves a
 * face-down card into the hand, and a card that leaves a hand it was never seen entering takes a
 * face-down one with it. Everything else is {@link Evolver}'s own fold, so the counts, the public
 * zones and the spectator view come out exactly as from the truth.
 */
final class PublicEvolver {
    /** A face-down card: in a deck or a hand, seen by nobody this state belongs to. */
    static final CardRef FACE_DOWN = new CardRef("?", null);

    private PublicEvolver() {}

    static VoidexaState evolve(VoidexaState s, MatchEvent e) {
        if (e instanceof DeckShuffled d && d.order() == null) {
            return Evolver.evolve(
                    s,
                    new DeckShuffled(d.seat(), d.size(), Collections.nCopies(d.size(), FACE_DOWN)));
        }
        if (e instanceof CardDrawn d && d.card() != null) {
            // a seat's own draw, as redacted for that seat: the face-down top card was this one
            return Evolver.evolve(topIs(s, d.seat(), d.card()), e);
        }
        if (e instanceof CardPlayed p) {
            return Evolver.evolve(revealFromHand(s, p.seat(), p.card()), e);
        }
        if (e instanceof CardDiscarded c && "HAND".equals(c.from())) {
            return Evolver.evolve(revealFromHand(s, c.seat(), c.card()), e);
        }
        return Evolver.evolve(s, e);
    }

    private static VoidexaState topIs(VoidexaState s, Seat seat, CardRef card) {
        Ship ship = s.ship(seat);
        if (ship == null || ship.deck().isEmpty() || !FACE_DOWN.equals(ship.deck().get(0))) {
            return s;
        }
        List<CardRef> deck = new ArrayList<>(ship.deck());
        deck.set(0, card);
        Ship.Builder b = ship.edit();
        b.deck = List.copyOf(deck);
        return s.withShip(seat, b.build());
    }

    /**
     * A card shown as it leaves the hand: if the hand held it face down, turn one face-down card up
     * as it.
     */
    private static VoidexaState revealFromHand(VoidexaState s, Seat seat, CardRef card) {
        Ship ship = s.ship(seat);
        if (ship == null
                || card == null
                || ship.hand().stream().anyMatch(c -> c.id().equals(card.id()))) {
            return s;
        }
        int at = ship.hand().indexOf(FACE_DOWN);
        if (at < 0) {
            return s;
        }
        List<CardRef> hand = new ArrayList<>(ship.hand());
        hand.set(at, card);
        Ship.Builder b = ship.edit();
        b.hand = List.copyOf(hand);
        return s.withShip(seat, b.build());
    }
}
