package io.duelhall.domain.voidexa;

import io.duelhall.domain.DealChecks;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaEvent.CardDrawn;
import io.duelhall.domain.voidexa.VoidexaEvent.DeckShuffled;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchStarted;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the audit asks of a voidexa match's events: its seeds and decks, and its draws redone from
 * them.
 */
final class VoidexaFairness {
    private VoidexaFairness() {}

    static MatchSetup setup(List<? extends MatchEvent> events) {
        return MatchSetup.of(
                events,
                j -> {
                    PlayerJoined p = (PlayerJoined) j;
                    return new MatchSetup.SeatSetup(
                            p.name(), p.pilotClass(), p.shipCore(), p.deck());
                });
    }

    static List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
        MatchSetup setup = setup(events);
        List<DrawCheck> out = new ArrayList<>(DealChecks.missing(setup));
        if (!out.isEmpty()) {
            return out;
        }
        MatchSetup.SeatSetup a = setup.seats().get(Seat.A);
        MatchSetup.SeatSetup b = setup.seats().get(Seat.B);
        SetupDraws.Draws draws = SetupDraws.draw(DealChecks.matchSeed(setup), a.deck(), b.deck());
        Seat first = null;
        Map<Seat, List<CardRef>> recorded = new EnumMap<>(Seat.class);
        for (MatchEvent e : events) {
            if (e instanceof MatchStarted m) {
                first = m.firstSeat();
            } else if (e instanceof DeckShuffled d && d.seat() != null) {
                recorded.put(d.seat(), d.order());
            }
        }
        out.add(
                new DrawCheck(
                        "first seat",
                        draws.firstSeat() == first,
                        String.valueOf(draws.firstSeat()),
                        String.valueOf(first)));
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            out.add(
                    DealChecks.deck(
                            "deck order and card ids of seat " + seat,
                            draws.decks().get(seat),
                            recorded.get(seat),
                            VoidexaFairness::ref));
        }
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            out.add(drawn(seat, draws.decks().get(seat), events));
        }
        return out;
    }

    /**
     * Every card a seat draws after setup: only DeckShuffled (which sets a deck) and CardDrawn
     * (which takes its top card) change a deck, so the k-th CardDrawn of a seat holds the k-th card
     * of the order the seeds give (docs/fairness.md, "Draws after setup").
     */
    private static DrawCheck drawn(
            Seat seat, List<CardRef> order, List<? extends MatchEvent> events) {
        String what = "cards drawn by seat " + seat;
        int k = 0;
        for (MatchEvent e : events) {
            if (e instanceof CardDrawn d && d.seat() == seat) {
                CardRef want = k < order.size() ? order.get(k) : null;
                if (!Objects.equals(want, d.card())) {
                    return new DrawCheck(
                            what,
                            false,
                            "draw " + (k + 1) + ": " + ref(want),
                            "draw " + (k + 1) + ": " + ref(d.card()));
                }
                k++;
            }
        }
        return new DrawCheck(
                what, true, k + " draws, each the next card of the order", k + " draws");
    }

    private static String ref(CardRef r) {
        return r == null ? "nothing" : r.id() + " " + r.card();
    }
}
