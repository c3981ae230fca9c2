package io.duelhall.command.tournament;

import io.duelhall.command.tournament.TournamentCommands.RecordResult;
import io.duelhall.command.tournament.TournamentEvents.GameRecorded;
import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.TableResultRecorded;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.domain.tournament.Result;
import io.duelhall.domain.tournament.Series;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * What a table's ended match records, as events (docs/tournaments.md): at a 2-seat best-of-1 table
 * its result; at a best-of-3 table the game ({@link GameRecorded}, its winner as the table's seat)
 * and, once the series is decided, the table's result with the games; at a pod its places. Nothing
 * for a table that has its result (a ruling settled it) or a match that is not the one the table
 * plays now.
 */
public final class TableResults {
    private TableResults() {}

    public static List<TournamentEvent> of(
            TournamentState state, String tournamentId, RecordResult cmd, Instant at) {
        PairedTable t = state.tableOfMatch(cmd.round(), cmd.table());
        if (t == null || state.settled(cmd.round(), cmd.table())) {
            return List.of();
        }
        if (t.seats() != null) {
            return pod(cmd, t, at, state.podLosses(cmd.round(), cmd.table()));
        }
        int bo = state.created().rules().bestOf();
        if (bo > 1) {
            return game(state, tournamentId, cmd, at);
        }
        if (!t.matchId().equals(cmd.matchId())) {
            return List.of();
        }
        // a match nobody won (both lost) is a drawn table: in a bracket the better seed goes on
        Result result =
                "A".equals(cmd.winner())
                        ? Result.winA(bo)
                        : "B".equals(cmd.winner()) ? Result.winB(bo) : Result.drawn();
        return List.of(
                new TableResultRecorded(
                        cmd.round(), cmd.table(), cmd.matchId(), result, cmd.reason(), at, null));
    }

    /**
     * A pod's places in seat order, or, when the match names none, the winner first and everyone
     * else sharing the next place (nobody won: all share first).
     */
    private static List<TournamentEvent> pod(
            RecordResult cmd, PairedTable t, Instant at, java.util.Set<Integer> losses) {
        if (!t.matchId().equals(cmd.matchId())) {
            return List.of();
        }
        int n = t.seats().size();
        List<Integer> places = cmd.places();
        if (places == null || places.size() != n) {
            places = new ArrayList<>();
            int w = cmd.winner() == null ? -1 : cmd.winner().charAt(0) - 'A';
            for (int i = 0; i < n; i++) {
                places.add(w < 0 || i == w ? 1 : 2);
            }
        }
        if (!losses.isEmpty()) {
            places = io.duelhall.domain.tournament.Rulings.withLosses(places, losses);
        }
        return List.of(
                new TableResultRecorded(
                        cmd.round(),
                        cmd.table(),
                        cmd.matchId(),
                        null,
                        cmd.reason(),
                        at,
                        List.copyOf(places)));
    }

    /**
     * A game loss in a best-of-3 (a ruling): the game the entrant's table plays now goes to the
     * opponent, recorded as that game ({@link GameRecorded}, reason {@code GAME_LOSS}) and, when
     * that decides the series, the table's result. The game's match is left to end as it will: a
     * table counts only the game it plays now. Nothing when the entrant has no open table.
     */
    public static List<TournamentEvent> gameLoss(
            TournamentState state,
            String tournamentId,
            io.duelhall.domain.tournament.Ruling ruling,
            Instant at) {
        var l = state.ledger();
        io.duelhall.domain.tournament.Table t = l.tableOf(ruling.entry());
        if (t == null || l.current().results().containsKey(t.number())) {
            return List.of();
        }
        int round = l.current().number();
        Series s = state.series(round, t.number());
        int game = s.nextGame();
        String matchId = state.gameMatchId(round, t.number(), game);
        String winner = t.a().equals(ruling.entry()) ? "B" : "A";
        Series after = s.plus(winner);
        List<TournamentEvent> out = new ArrayList<>();
        out.add(
                new GameRecorded(
                        round,
                        t.number(),
                        game,
                        matchId,
                        winner,
                        "GAME_LOSS",
                        after.decided() ? null : state.gameMatchId(round, t.number(), game + 1),
                        at));
        if (after.decided()) {
            out.add(
                    new TableResultRecorded(
                            round, t.number(), matchId, after.result(), "GAME_LOSS", at, null));
        }
        return out;
    }

    /**
     * A game of a best-of-3 table: only the game the table plays now counts (its match, its
     * number). Its winner becomes the table's seat; when the series is decided the table's result
     * follows with the games, else the next game's match is named (TournamentTables opens it).
     */
    private static List<TournamentEvent> game(
            TournamentState state, String tournamentId, RecordResult cmd, Instant at) {
        Series s = state.series(cmd.round(), cmd.table());
        int game = s.nextGame();
        String expected = state.gameMatchId(cmd.round(), cmd.table(), game);
        if (cmd.game() != game || !expected.equals(cmd.matchId())) {
            return List.of();
        }
        String winner = Series.tableSeat(cmd.winner(), game);
        Series after = s.plus(winner);
        List<TournamentEvent> out = new ArrayList<>();
        out.add(
                new GameRecorded(
                        cmd.round(),
                        cmd.table(),
                        game,
                        cmd.matchId(),
                        winner,
                        cmd.reason(),
                        after.decided()
                                ? null
                                : state.gameMatchId(cmd.round(), cmd.table(), game + 1),
                        at));
        if (after.decided()) {
            out.add(
                    new TableResultRecorded(
                            cmd.round(),
                            cmd.table(),
                            cmd.matchId(),
                            after.result(),
                            cmd.reason(),
                            at,
                            null));
        }
        return out;
    }
}
