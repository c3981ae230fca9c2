package io.duelhall.domain;

import io.duelhall.domain.rng.Sha256;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * The audit's checks of the setup every game here shares ({@link SetupDeal}), one place for every
 * ruleset's {@code reproduceDraws}: whether the seeds and decks are there to redo the deal, and
 * whether a recorded deck order is the one the seeds give, card by card.
 */
public final class DealChecks {
    private DealChecks() {}

    /**
     * What keeps the deal from being redone — no match seed (the server seed not revealed, a client
     * seed missing) or a seat without a deck — as failed checks; empty when the deal can be redone.
     */
    public static List<DrawCheck> missing(MatchSetup setup) {
        if (setup.matchSeed() == null) {
            return List.of(
                    new DrawCheck(
                            "match seed",
                            false,
                            "a revealed 32-byte server seed (hex) and both client seeds",
                            "server seed "
                                    + setup.revealedServerSeed()
                                    + ", client seeds "
                                    + setup.clientSeeds()));
        }
        MatchSetup.SeatSetup a = setup.seats().get(Seat.A);
        MatchSetup.SeatSetup b = setup.seats().get(Seat.B);
        if (a == null || b == null || a.deck() == null || b.deck() == null) {
            return List.of(
                    new DrawCheck(
                            "decks", false, "both decks in PlayerJoined", "a deck is missing"));
        }
        return List.of();
    }

    /** The match seed of a setup {@link #missing} found nothing missing in, as bytes. */
    public static byte[] matchSeed(MatchSetup setup) {
        return Sha256.unhex(setup.matchSeed());
    }

    /**
     * Whether {@code recorded} (a DeckShuffled's order, null when none was recorded) is {@code
     * expected}, card by card; {@code ref} writes a card ("c3a552ba8 ember-rain").
     */
    public static <R> DrawCheck deck(
            String what, List<R> expected, List<R> recorded, Function<R, String> ref) {
        if (recorded == null) {
            return new DrawCheck(
                    what, false, expected.size() + " cards", "no DeckShuffled with an order");
        }
        for (int i = 0; i < Math.max(expected.size(), recorded.size()); i++) {
            R e = i < expected.size() ? expected.get(i) : null;
            R r = i < recorded.size() ? recorded.get(i) : null;
            if (!Objects.equals(e, r)) {
                return new DrawCheck(
                        what,
                        false,
                        "position " + i + ": " + name(e, ref),
                        "position " + i + ": " + name(r, ref));
            }
        }
        return new DrawCheck(
                what,
                true,
                expected.size()
                        + " cards, top "
                        + name(expected.isEmpty() ? null : expected.get(0), ref),
                recorded.size()
                        + " cards, top "
                        + name(recorded.isEmpty() ? null : recorded.get(0), ref));
    }

    private static <R> String name(R card, Function<R, String> ref) {
        return card == null ? "nothing" : ref.apply(card);
    }
}
