package io.duelhall.domain.biome;

import io.duelhall.domain.DealChecks;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.biome.BiomeEvent.*;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * What the audit asks of a biome match's events: its seeds and decks, and every random choice
 * redone.
 */
final class BiomeFairness {
    private BiomeFairness() {}

    static MatchSetup setup(List<? extends MatchEvent> events) {
        return MatchSetup.of(events, j -> new MatchSetup.SeatSetup(j.name(), null, null, j.deck()));
    }

    /**
     * First seat and both deck orders, redone from the seeds (biome draws nothing else at random).
     */
    static List<DrawCheck> reproduceDraws(List<? extends MatchEvent> events) {
        MatchSetup setup = setup(events);
        List<DrawCheck> out = new ArrayList<>(DealChecks.missing(setup));
        if (!out.isEmpty()) {
            return out;
        }
        MatchSetup.SeatSetup a = setup.seats().get(Seat.A);
        MatchSetup.SeatSetup b = setup.seats().get(Seat.B);
        BiomeDraws.Setup draws = BiomeDraws.setup(DealChecks.matchSeed(setup), a.deck(), b.deck());
        Set<Seat> dealt = EnumSet.noneOf(Seat.class);
        for (MatchEvent e : events) {
            if (e instanceof MatchStarted m) {
                out.add(
                        new DrawCheck(
                                "first seat",
                                draws.firstSeat() == m.firstSeat(),
                                String.valueOf(draws.firstSeat()),
                                String.valueOf(m.firstSeat())));
            } else if (e instanceof DeckShuffled d && d.seat() != null && dealt.add(d.seat())) {
                out.add(
                        DealChecks.deck(
                                "deck order and card ids of seat " + d.seat(),
                                draws.decks().get(d.seat()),
                                d.order(),
                                BiomeFairness::ref));
            }
        }
        return out;
    }

    private static String ref(CardRef r) {
        return r == null ? "nothing" : r.id() + " " + r.card();
    }
}
