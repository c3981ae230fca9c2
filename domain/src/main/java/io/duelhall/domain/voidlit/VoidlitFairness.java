package io.duelhall.domain.voidlit;

import io.duelhall.domain.DealChecks;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidlit.VoidlitEvent.*;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What the audit asks of a voidlit match's events: its seeds and decks, and every random choice
 * redone.
 */
final class VoidlitFairness {
    private VoidlitFairness() {}

    static MatchSetup setup(List<? extends MatchEvent> events) {
        // the Parallel takes the place of voidexa's pilot class; voidlit has no ship core
        return MatchSetup.of(
                events,
                j ->
                        new MatchSetup.SeatSetup(
                                j.name(), ((PlayerJoined) j).parallel(), null, j.deck()));
    }

    /**
     * First seat, both deck orders, each mulligan's shuffle and each Waste search, redone from the
     * seeds.
     */
    static List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
        MatchSetup setup = setup(events);
        List<DrawCheck> out = new ArrayList<>(DealChecks.missing(setup));
        if (!out.isEmpty()) {
            return out;
        }
        MatchSetup.SeatSetup a = setup.seats().get(Seat.A);
        MatchSetup.SeatSetup b = setup.seats().get(Seat.B);
        byte[] seed = DealChecks.matchSeed(setup);
        VoidlitDraws.Setup draws = VoidlitDraws.setup(seed, a.deck(), b.deck());
        Set<Seat> mulliganPending = EnumSet.noneOf(Seat.class);
        Set<Seat> dealt = EnumSet.noneOf(Seat.class);
        VoidlitState s = VoidlitState.EMPTY;
        for (MatchEvent e : events) {
            if (e instanceof MatchStarted m) {
                out.add(
                        new DrawCheck(
                                "first seat",
                                draws.firstSeat() == m.firstSeat(),
                                String.valueOf(draws.firstSeat()),
                                String.valueOf(m.firstSeat())));
            } else if (e instanceof DeckShuffled d && d.seat() != null) {
                if (dealt.add(d.seat())) {
                    out.add(
                            DealChecks.deck(
                                    "deck order and card ids of seat " + d.seat(),
                                    draws.decks().get(d.seat()),
                                    d.order(),
                                    VoidlitFairness::ref));
                } else if (mulliganPending.remove(d.seat())) {
                    out.add(
                            DealChecks.deck(
                                    "mulligan shuffle of seat " + d.seat(),
                                    VoidlitDraws.mulligan(seed, d.seat(), s.side(d.seat()).deck()),
                                    d.order(),
                                    VoidlitFairness::ref));
                }
            } else if (e instanceof WasteSearched w
                    && w.card() != null
                    && s.side(w.seat()) != null) {
                List<CardRef> waste = s.side(w.seat()).waste();
                CardRef expected =
                        waste.isEmpty()
                                ? null
                                : waste.get(
                                        VoidlitDraws.wasteIndex(
                                                seed, w.seat(), w.searches(), waste.size()));
                out.add(
                        new DrawCheck(
                                "waste search " + w.searches() + " of seat " + w.seat(),
                                Objects.equals(expected, w.card()),
                                ref(expected),
                                ref(w.card())));
            }
            s = Evolver.evolve(s, e);
            if (e instanceof MulliganTaken m && m.count() > 0) {
                mulliganPending.add(m.seat());
            }
        }
        return out;
    }

    private static String ref(CardRef r) {
        return r == null ? "nothing" : r.id() + " " + r.card();
    }
}
