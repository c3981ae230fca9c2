package io.duelhall.domain.voidexa;

import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.SetupDeal;
import io.duelhall.domain.rng.Sha256CounterRandom;
import io.duelhall.domain.voidexa.VoidexaEvent.CardDrawn;
import io.duelhall.domain.voidexa.VoidexaEvent.DeckShuffled;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchCreated;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchEnded;
import io.duelhall.domain.voidexa.VoidexaEvent.MatchStarted;
import io.duelhall.domain.voidexa.VoidexaEvent.PlayerJoined;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** What the audit asks of a voidexa match's events: its seeds and decks, and its draws redone from them. */
final class VoidexaFairness {
    private VoidexaFairness() {
    }

    static MatchSetup setup(List<? extends MatchEvent> events) {
        String commitment = null;
        String committed = null;
        String revealed = null;
        Map<Seat, String> clientSeeds = new EnumMap<>(Seat.class);
        Map<Seat, MatchSetup.SeatSetup> seats = new EnumMap<>(Seat.class);
        for (MatchEvent e : events) {
            if (e instanceof MatchCreated c) {
                commitment = c.seedCommitment();
                committed = c.serverSeed();
            } else if (e instanceof PlayerJoined j && j.seat() != null) {
                clientSeeds.put(j.seat(), j.clientSeed());
                seats.put(j.seat(), new MatchSetup.SeatSetup(j.name(), j.pilotClass(), j.shipCore(), j.deck()));
            } else if (e instanceof MatchEnded m) {
                revealed = m.serverSeed();
            }
        }
        return new MatchSetup(commitment, committed, revealed, clientSeeds, SetupDeal.matchSeedHex(revealed, clientSeeds),
                seats);
    }

    static List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
        MatchSetup setup = setup(events);
        List<DrawCheck> out = new ArrayList<>();
        if (setup.matchSeed() == null) {
            out.add(new DrawCheck("match seed", false, "a revealed 32-byte server seed (hex) and both client seeds",
                    "server seed " + setup.revealedServerSeed() + ", client seeds " + setup.clientSeeds()));
            return out;
        }
        MatchSetup.SeatSetup a = setup.seats().get(Seat.A);
        MatchSetup.SeatSetup b = setup.seats().get(Seat.B);
        if (a.deck() == null || b.deck() == null) {
            out.add(new DrawCheck("decks", false, "both decks in PlayerJoined", "a deck is missing"));
            return out;
        }
        SetupDraws.Draws draws = SetupDraws.draw(Sha256CounterRandom.unhex(setup.matchSeed()), a.deck(), b.deck());
        Seat first = null;
        Map<Seat, List<CardRef>> recorded = new EnumMap<>(Seat.class);
        for (MatchEvent e : events) {
            if (e instanceof MatchStarted m) {
                first = m.firstSeat();
            } else if (e instanceof DeckShuffled d && d.seat() != null) {
                recorded.put(d.seat(), d.order());
            }
        }
        out.add(new DrawCheck("first seat", draws.firstSeat() == first, String.valueOf(draws.firstSeat()),
                String.valueOf(first)));
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            out.add(deck(seat, draws.decks().get(seat), recorded.get(seat)));
        }
        for (Seat seat : List.of(Seat.A, Seat.B)) {
            out.add(drawn(seat, draws.decks().get(seat), events));
        }
        return out;
    }

    /**
     * Every card a seat draws after setup: only DeckShuffled (which sets a deck) and CardDrawn (which takes its top
     * card) change a deck, so the k-th CardDrawn of a seat holds the k-th card of the order the seeds give
     * (docs/fairness.md, "Draws after setup").
     */
    private static DrawCheck drawn(Seat seat, List<CardRef> order, List<? extends MatchEvent> events) {
        String what = "cards drawn by seat " + seat;
        int k = 0;
        for (MatchEvent e : events) {
            if (e instanceof CardDrawn d && d.seat() == seat) {
                CardRef want = k < order.size() ? order.get(k) : null;
                if (!Objects.equals(want, d.card())) {
                    return new DrawCheck(what, false, "draw " + (k + 1) + ": " + ref(want),
                            "draw " + (k + 1) + ": " + ref(d.card()));
                }
                k++;
            }
        }
        return new DrawCheck(what, true, k + " draws, each the next card of the order", k + " draws");
    }

    private static DrawCheck deck(Seat seat, List<CardRef> expected, List<CardRef> recorded) {
        String what = "deck order and card ids of seat " + seat;
        if (recorded == null) {
            return new DrawCheck(what, false, expected.size() + " cards", "no DeckShuffled with an order");
        }
        for (int i = 0; i < Math.max(expected.size(), recorded.size()); i++) {
            CardRef e = i < expected.size() ? expected.get(i) : null;
            CardRef r = i < recorded.size() ? recorded.get(i) : null;
            if (!Objects.equals(e, r)) {
                return new DrawCheck(what, false, "position " + i + ": " + ref(e), "position " + i + ": " + ref(r));
            }
        }
        return new DrawCheck(what, true, expected.size() + " cards, top " + ref(expected.get(0)),
                recorded.size() + " cards, top " + ref(recorded.get(0)));
    }

    private static String ref(CardRef r) {
        return r == null ? "nothing" : r.id() + " " + r.card();
    }
}
