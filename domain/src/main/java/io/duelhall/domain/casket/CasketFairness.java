package io.duelhall.domain.casket;

import io.duelhall.domain.DealChecks;
import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketEvent.*;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the audit asks of a casket match: its seeds and decks, and every random choice redone
 * ({@link CasketDraws}): map, HP decks, wound decks, mulligans, reshuffles, every die.
 */
final class CasketFairness {
    private CasketFairness() {}

    /**
     * The setup, with the match seed of all seats' client seeds (C-D-DICE-3, {@link
     * io.duelhall.domain.SetupDeal#matchSeed(String, java.util.Map)}).
     */
    static MatchSetup setup(List<? extends MatchEvent> events) {
        return MatchSetup.of(
                events,
                j ->
                        new MatchSetup.SeatSetup(
                                j.name(),
                                j instanceof PilotJoined p ? p.casket() : null,
                                null,
                                j.deck()));
    }

    static List<DrawCheck> reproduceDraws(Catalog catalog, List<? extends MatchEvent> events) {
        MatchSetup setup = setup(events);
        List<DrawCheck> out = new ArrayList<>(DealChecks.missing(setup));
        if (!out.isEmpty()) {
            return out;
        }
        byte[] seed = DealChecks.matchSeed(setup);
        Map<Seat, List<String>> lists = new EnumMap<>(Seat.class);
        for (MatchEvent e : events) {
            if (e instanceof Lifecycle.SeatTaken j && j.deck() != null) {
                lists.put(j.seat(), j.deck());
            }
        }
        Map<Seat, List<CardRef>> decks = CasketDraws.decks(seed, lists);
        List<String> woundIds = catalog.wounds().stream().map(Catalog.Wound::id).toList();
        List<ArenaMap> maps = catalog.maps();
        CasketState s = CasketState.EMPTY;
        for (MatchEvent e : events) {
            if (e instanceof ArenaMatchStarted m) {
                String expected = maps.get(CasketDraws.map(seed, maps.size())).id();
                out.add(new DrawCheck("map", expected.equals(m.map()), expected, m.map()));
            } else if (e instanceof HpDeckShuffled d && d.reason().equals("SETUP")) {
                out.add(
                        DealChecks.deck(
                                "deck of seat " + d.seat(),
                                decks.get(d.seat()),
                                d.order(),
                                CasketFairness::ref));
            } else if (e instanceof HpDeckShuffled d) {
                Pilot p = s.pilot(d.seat());
                List<CardRef> all = new ArrayList<>(p.deck());
                all.addAll(p.hand());
                out.add(
                        DealChecks.deck(
                                "mulligan of seat " + d.seat(),
                                CasketDraws.mulligan(seed, d.seat(), all),
                                d.order(),
                                CasketFairness::ref));
            } else if (e instanceof WoundDeckShuffled w) {
                List<String> expected = CasketDraws.wounds(seed, w.seat(), woundIds);
                out.add(
                        new DrawCheck(
                                "wound deck of seat " + w.seat(),
                                expected.equals(w.order()),
                                String.valueOf(expected),
                                String.valueOf(w.order())));
            } else if (e instanceof DiscardReshuffled d) {
                Pilot p = s.pilot(d.seat());
                out.add(
                        DealChecks.deck(
                                "reshuffle of seat " + d.seat(),
                                CasketDraws.reshuffle(
                                        seed, d.seat(), p.damageCards() + 1, p.discard()),
                                d.order(),
                                CasketFairness::ref));
            } else if (e instanceof DiceRolled d) {
                List<Integer> expected = new ArrayList<>();
                for (int i = 0; i < d.rolls().size(); i++) {
                    expected.add(CasketDraws.die(seed, d.index() + i));
                }
                out.add(
                        new DrawCheck(
                                d.purpose() + " dice " + d.index() + " of seat " + d.seat(),
                                Objects.equals(expected, d.rolls()) && d.index() == s.dice(),
                                "dice " + s.dice() + ": " + expected,
                                "dice " + d.index() + ": " + d.rolls()));
            }
            s = Evolver.evolve(s, e);
        }
        return out;
    }

    private static String ref(CardRef r) {
        return r == null ? "nothing" : r.id() + " " + r.card();
    }
}
