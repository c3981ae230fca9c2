package io.duelhall.command.tournament;

import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.tournament.Ruling;
import io.duelhall.domain.tournament.TournamentRules;
import org.axonframework.modelling.command.TargetAggregateIdentifier;

/** The tournament's commands; the caller has resolved the player token to an account. */
public final class TournamentCommands {
    private TournamentCommands() {}

    public record CreateTournament(
            @TargetAggregateIdentifier String tournamentId,
            String name,
            String ruleset,
            String organizerAccountId,
            String organizerName,
            TournamentRules rules,
            MatchOptions matchOptions,
            byte[] seed,
            byte[] tableKey) {}

    /**
     * An entry: the player, their seat request and their rating now (recorded with the entry: an
     * elimination's seeds follow it; null is the unrated 1500).
     */
    public record Enter(
            @TargetAggregateIdentifier String tournamentId,
            String entryId,
            String accountId,
            String name,
            JoinRequest seat,
            Integer rating) {
        public Enter(
                String tournamentId,
                String entryId,
                String accountId,
                String name,
                JoinRequest seat) {
            this(tournamentId, entryId, accountId, name, seat, null);
        }
    }

    public record Withdraw(@TargetAggregateIdentifier String tournamentId, String accountId) {}

    public record Start(@TargetAggregateIdentifier String tournamentId, String accountId) {}

    /**
     * A table's match ended: {@code winner} "A", "B" (the match's seats), or null when nobody won;
     * {@code game} the game of the table's series it was (1 in a best-of-1); {@code places} a pod's
     * places in seat order (null at a 2-seat table).
     */
    public record RecordResult(
            @TargetAggregateIdentifier String tournamentId,
            int round,
            int table,
            String matchId,
            String winner,
            String reason,
            int game,
            java.util.List<Integer> places) {}

    public record NameJudge(
            @TargetAggregateIdentifier String tournamentId,
            String byAccountId,
            String judgeAccountId,
            String judgeName) {}

    public record Forbid(
            @TargetAggregateIdentifier String tournamentId,
            String byAccountId,
            String entryA,
            String entryB,
            String reason) {}

    public record Rule(
            @TargetAggregateIdentifier String tournamentId,
            String accountId,
            String name,
            Ruling ruling) {}
}
