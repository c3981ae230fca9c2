package io.duelhall.domain;

import java.util.List;
import java.util.Map;

/**
 * How a match was set up, read from its events: the seeds and what each seat brought. The match
 * record and the audit use it; a ruleset builds it ({@link Ruleset#setup}).
 *
 * @param seedCommitment SHA-256 of the server seed, published at creation (hex)
 * @param committedServerSeed the server seed as stored at creation (hex; secret until the end)
 * @param revealedServerSeed the server seed the end of the match revealed (hex), or null before it
 * @param clientSeeds each seat's client seed
 * @param matchSeed SHA-256(revealed server seed ‖ client seeds in seat order) (hex), or null before
 *     the end
 */
public record MatchSetup(
        String seedCommitment,
        String committedServerSeed,
        String revealedServerSeed,
        Map<Seat, String> clientSeeds,
        String matchSeed,
        Map<Seat, SeatSetup> seats) {

    /** What a seat brought to the match; {@code deck} in its canonical (sorted) order. */
    public record SeatSetup(String name, String pilotClass, String shipCore, List<String> deck) {}

    /**
     * The setup of any ruleset's match, read through the lifecycle events every ruleset records
     * (its opening, each seat taken, its end). {@code seat} says what a seat brought in the
     * ruleset's words (voidexa's pilot class and ship core, voidlit's Parallel).
     */
    public static MatchSetup of(
            List<? extends MatchEvent> events,
            java.util.function.Function<Lifecycle.SeatTaken, SeatSetup> seat) {
        String commitment = null;
        String committed = null;
        String revealed = null;
        Map<Seat, String> clientSeeds = new java.util.EnumMap<>(Seat.class);
        Map<Seat, SeatSetup> seats = new java.util.EnumMap<>(Seat.class);
        for (MatchEvent e : events) {
            if (e instanceof MatchOpening o) {
                commitment = o.seedCommitment();
                committed = o.serverSeed();
            } else if (e instanceof Lifecycle.SeatTaken j && j.seat() != null) {
                clientSeeds.put(j.seat(), j.clientSeed());
                seats.put(j.seat(), seat.apply(j));
            } else if (e instanceof Lifecycle.Ended m) {
                revealed = m.serverSeed();
            }
        }
        return new MatchSetup(
                commitment,
                committed,
                revealed,
                clientSeeds,
                io.duelhall.domain.SetupDeal.matchSeedHex(revealed, clientSeeds),
                seats);
    }
}
