package io.duelhall.domain.voidlit;

import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.SetupDeal;
import io.duelhall.domain.rng.Sha256CounterRandom;
import io.duelhall.domain.voidlit.VoidlitEvent.*;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** What the audit asks of a voidlit match's events: its seeds and decks, and every random choice redone. */
final class VoidlitFairness {
    private VoidlitFairness() {
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
                // the Parallel takes the place of voidexa's pilot class; voidlit has no ship core
                seats.put(j.seat(), new MatchSetup.SeatSetup(j.name(), j.parallel(), null, j.deck()));
            } else if (e instanceof MatchEnded m) {
                revealed = m.serverSeed();
            }
        }
        return new MatchSetup(commitment, committed, revealed, clientSeeds, SetupDeal.matchSeedHex(revealed, clientSeeds), seats);
    }

    /** First seat, both deck orders, each mulligan's shuffle and each Waste search, redone from the seeds. */
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
        if (a == null || b == null || a.deck() == null || b.deck() == null) {
            out.add(new DrawCheck("decks", false, "both decks in PlayerJoined", "a deck is missing"));
            return out;
        }
        byte[] seed = Sha256CounterRandom.unhex(setup.matchSeed());
        VoidlitDraws.Setup draws = VoidlitDraws.setup(seed, a.deck(), b.deck());
        Set<Seat> mulliganPending = EnumSet.noneOf(Seat.class);
        Set<Seat> dealt = EnumSet.noneOf(Seat.class);
        VoidlitState s = VoidlitState.EMPTY;
        for (MatchEvent e : events) {
            if (e instanceof MatchStarted m) {
                out.add(new DrawCheck("first seat", draws.firstSeat() == m.firstSeat(),
                        String.valueOf(draws.firstSeat()), String.valueOf(m.firstSeat())));
            } else if (e instanceof DeckShuffled d && d.seat() != null) {
                if (dealt.add(d.seat())) {
                    out.add(deck("deck order and card ids of seat " + d.seat(), draws.decks().get(d.seat()), d.order()));
                } else if (mulliganPending.remove(d.seat())) {
                    out.add(deck("mulligan shuffle of seat " + d.seat(),
                            VoidlitDraws.mulligan(seed, d.seat(), s.side(d.seat()).deck()), d.order()));
                }
            } else if (e instanceof WasteSearched w && w.card() != null && s.side(w.seat()) != null) {
                List<CardRef> waste = s.side(w.seat()).waste();
                CardRef expected = waste.isEmpty() ? null
                        : waste.get(VoidlitDraws.wasteIndex(seed, w.seat(), w.searches(), waste.size()));
                out.add(new DrawCheck("waste search " + w.searches() + " of seat " + w.seat(),
                        Objects.equals(expected, w.card()), ref(expected), ref(w.card())));
            }
            s = Evolver.evolve(s, e);
            if (e instanceof MulliganTaken m && m.count() > 0) {
                mulliganPending.add(m.seat());
            }
        }
        return out;
    }

    private static DrawCheck deck(String what, List<CardRef> expected, List<CardRef> recorded) {
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
        return new DrawCheck(what, true, expected.size() + " cards, top " + ref(expected.isEmpty() ? null : expected.get(0)),
                recorded.size() + " cards, top " + ref(recorded.isEmpty() ? null : recorded.get(0)));
    }

    private static String ref(CardRef r) {
        return r == null ? "nothing" : r.id() + " " + r.card();
    }
}
