package io.duelhall.command.tournament;

import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.tournament.Result;
import io.duelhall.domain.tournament.Ruling;
import io.duelhall.domain.tournament.TournamentRules;
import io.duelhall.domain.tournament.TournamentStoredEvent;
import java.time.Instant;
import java.util.List;

/**
 * A tournament's events, stored under the logical names {@code tournament.<Type>} (never the class
 * names: {@link #TYPES}). The seed and the table key in {@link Created} are the server's secrets:
 * the seed is revealed by {@link Ended}, the table key never (seat tokens are derived from it).
 */
public final class TournamentEvents {
    private TournamentEvents() {}

    /** The namespace of the stored names. */
    public static final String NAMESPACE = "tournament";

    /** A tournament's event (a {@link TournamentStoredEvent} for the read models). */
    public interface TournamentEvent extends TournamentStoredEvent {}

    public record Created(
            String tournamentId,
            String name,
            String ruleset,
            String organizerAccountId,
            String organizerName,
            TournamentRules rules,
            MatchOptions matchOptions,
            String seedCommitment,
            String seed,
            String tableKey,
            Instant at)
            implements TournamentEvent {}

    /** An entrant entered with the seat request (deck) their matches are played with. */
    public record EntryAdded(
            String entryId, String accountId, String name, int rating, JoinRequest seat, Instant at)
            implements TournamentEvent {}

    /** Before the start: the entry is taken back. After: the entrant drops (results kept). */
    public record EntryWithdrawn(String entryId, String byAccountId, Instant at)
            implements TournamentEvent {}

    public record Started(int field, Instant at) implements TournamentEvent {}

    /**
     * One table of a paired round and the match played at it. A pod (3 or more seats) lists its
     * entrants in seat order in {@code seats} (A first; {@code a} and {@code b} are its first two);
     * a 2-seat table has none (null, as in every older record).
     */
    public record PairedTable(int table, String matchId, String a, String b, List<String> seats) {}

    /**
     * A round paired: its tables, its byes, and (on a bracket's first round) the bracket's seeds.
     */
    public record RoundPaired(
            int round,
            List<PairedTable> tables,
            List<String> byes,
            List<String> bracketSeeds,
            Instant at)
            implements TournamentEvent {}

    /**
     * A table's result as its match ended. A pod's is its {@code places}, aligned with its seats (1
     * first, a shared place shared: 1, 2, 2, 4), and no {@code result}; a 2-seat table's has no
     * places (null, as in every older record).
     */
    public record TableResultRecorded(
            int round,
            int table,
            String matchId,
            Result result,
            String reason,
            Instant at,
            List<Integer> places)
            implements TournamentEvent {}

    /**
     * A game of a best-of-3 table ended (a best-of-1 table records none): the game's number, its
     * match, its winner as the table's seat ("A" its first entrant, "B" its second, null a drawn
     * game), and the match of the next game, or null when the series is decided (a {@link
     * TableResultRecorded} with the games follows at once).
     */
    public record GameRecorded(
            int round,
            int table,
            int game,
            String matchId,
            String winner,
            String reason,
            String nextMatchId,
            Instant at)
            implements TournamentEvent {}

    /** The organizer named a registered player a judge: they may rule from now on. */
    public record JudgeNamed(String accountId, String name, String byAccountId, Instant at)
            implements TournamentEvent {}

    /** Two entrants the Swiss pairing must never put at one table (teammates, siblings …). */
    public record PairingForbidden(
            String entryA, String entryB, String byAccountId, String reason, Instant at)
            implements TournamentEvent {}

    /** A judge's ruling: who ruled, what and why. */
    public record RulingMade(String byAccountId, String byName, Ruling ruling, Instant at)
            implements TournamentEvent {}

    /**
     * An entrant who dropped comes back (re-entry): paired again from the next round, with their
     * results and byes as they were (Rulings.returnProblem says when it is allowed).
     */
    public record EntryReturned(String entryId, String byAccountId, Instant at)
            implements TournamentEvent {}

    /** The last round is over; the seed is revealed. */
    public record Ended(String seed, Instant at) implements TournamentEvent {}

    /** Every event type, for the store's names. */
    public static final List<Class<?>> TYPES =
            List.of(
                    Created.class,
                    EntryAdded.class,
                    EntryWithdrawn.class,
                    Started.class,
                    RoundPaired.class,
                    TableResultRecorded.class,
                    RulingMade.class,
                    Ended.class,
                    JudgeNamed.class,
                    PairingForbidden.class,
                    GameRecorded.class,
                    EntryReturned.class);
}
