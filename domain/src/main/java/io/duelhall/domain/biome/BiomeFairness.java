package io.duelhall.domain.biome;

import io.duelhall.domain.DrawCheck;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchSetup;
import io.duelhall.domain.Seat;
import io.duelhall.domain.rng.SetupDeal;
import io.duelhall.domain.rng.Sha256CounterRandom;
import io.duelhall.domain.biome.BiomeEvent.*;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/** What the audit asks of a biome match's events: its seeds and decks, and every random choice redone. */
final class BiomeFairness {
    private BiomeFairness() {
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
                seats.put(j.seat(), new MatchSetup.SeatSetup(j.name(), null, null, j.deck()));
            } else if (e instanceof MatchEnded m) {
                revealed = m.serverSeed();
            }
        }
        return new MatchSetup(commitment, committed, revealed, clientSeeds, SetupDeal.matchSeedHex(revealed, clientSeeds), seats);
    }

    /** First seat and both deck orders, redone from the seeds (biome draws nothing else at random). */
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
        BiomeDraws.Setup draws = BiomeDraws.setup(Sha256CounterRandom.unhex(setup.matchSeed()), a.deck(), b.deck());
        Set<Seat> dealt = EnumSet.noneOf(Seat.class);
        for (MatchEvent e : events) {
            if (e instanceof MatchStarted m) {
                out.add(new DrawCheck("first seat", draws.firstSeat() == m.firstSeat(),
                        String.valueOf(draws.firstSeat()), String.valueOf(m.firstSeat())));
            } else if (e instanceof DeckShuffled d && d.seat() != null && dealt.add(d.seat())) {
                out.add(deck("deck order and card ids of seat " + d.seat(), draws.decks().get(d.seat()), d.order()));
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
        return new DrawCheck(what, true, expected.size() + " cards", recorded.size() + " cards");
    }

    private static String ref(CardRef r) {
        return r == null ? "nothing" : r.id() + " " + r.card();
    }
}
