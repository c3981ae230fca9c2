package io.duelhall.command.tournament;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.duelhall.command.tournament.TournamentCommands.CreateTournament;
import io.duelhall.command.tournament.TournamentCommands.Enter;
import io.duelhall.command.tournament.TournamentCommands.RecordResult;
import io.duelhall.command.tournament.TournamentCommands.Rule;
import io.duelhall.command.tournament.TournamentCommands.Start;
import io.duelhall.command.tournament.TournamentCommands.Withdraw;
import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.command.tournament.TournamentState.Status;
import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.tournament.Ledger;
import io.duelhall.domain.tournament.Pod;
import io.duelhall.domain.tournament.Result;
import io.duelhall.domain.tournament.Rulings;
import io.duelhall.domain.tournament.Series;
import io.duelhall.domain.tournament.Table;
import io.duelhall.domain.tournament.TournamentRules;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A tournament: a thin adapter over the domain's {@link Ledger} and {@link Rulings}. Handlers check
 * who asks and what the state allows, and apply events; a refusal throws before anything is
 * applied, so it changes nothing. When a round's last table has a result the next round is paired
 * here, from the ledger and the tournament's seed, or the tournament ends and reveals the seed.
 */
@Aggregate
public class Tournament {
    @AggregateIdentifier private String tournamentId;
    private TournamentState state;

    protected Tournament() {
        // for Axon
    }

    @CommandHandler
    public Tournament(CreateTournament cmd, Rulesets rulesets, Clock clock) {
        Refusal bad = cmd.rules().problem();
        if (bad != null) {
            throw new RefusedException(bad);
        }
        Ruleset r =
                rulesets.find(cmd.ruleset())
                        .orElseThrow(
                                () ->
                                        new RefusedException(
                                                Refusal.malformed(
                                                        "UNKNOWN_RULESET",
                                                        "Unknown ruleset '"
                                                                + cmd.ruleset()
                                                                + "'.")));
        int perTable = cmd.rules().seatsPerTable();
        TournamentRules rules = cmd.rules();
        if (perTable == 2) {
            int seats =
                    cmd.matchOptions().seats() == null ? r.minSeats() : cmd.matchOptions().seats();
            if (seats != 2) {
                throw new RefusedException(
                        Refusal.rules(
                                "SEATS_NOT_SUPPORTED",
                                null,
                                "This ruleset plays "
                                        + seats
                                        + " seats: ask for pods with seatsPerTable."));
            }
        } else {
            if (perTable > r.maxSeats()
                    || (cmd.matchOptions().seats() != null
                            && cmd.matchOptions().seats() != perTable)) {
                throw new RefusedException(
                        Refusal.rules(
                                "SEATS_NOT_SUPPORTED",
                                null,
                                "Ruleset '"
                                        + cmd.ruleset()
                                        + "' plays "
                                        + (r.minSeats() == r.maxSeats()
                                                ? r.minSeats()
                                                : r.minSeats() + " to " + r.maxSeats())
                                        + " seats (and matchOptions.seats, if given, must be "
                                        + "seatsPerTable): pods of "
                                        + perTable
                                        + " cannot be seated."));
            }
            rules = rules.withPodMinimum(r.minSeats());
        }
        // the match options as the rules will open every table with them (a pod's at its size)
        Refusal open =
                r.open(
                                "options-check",
                                ClockPolicy.forNewMatch(
                                        TournamentTables.withSeats(
                                                cmd.matchOptions(),
                                                perTable == 2 ? null : perTable)),
                                new byte[32])
                        .refusal();
        if (open != null) {
            throw new RefusedException(open);
        }
        HexFormat hex = HexFormat.of();
        apply(
                new TournamentEvents.Created(
                        cmd.tournamentId(),
                        cmd.name(),
                        cmd.ruleset(),
                        cmd.organizerAccountId(),
                        cmd.organizerName(),
                        rules,
                        cmd.matchOptions(),
                        Sha256.hex(Sha256.of(cmd.seed())),
                        hex.formatHex(cmd.seed()),
                        hex.formatHex(cmd.tableKey()),
                        clock.instant()));
    }

    @CommandHandler
    public String handle(Enter cmd, Rulesets rulesets, Clock clock) {
        if (!lateEntryOpen() && state.status() != Status.REGISTERING) {
            throw refused(
                    Refusal.conflict(
                            "REGISTRATION_CLOSED",
                            null,
                            "Entries are closed: a Swiss takes late entries until round 2 is paired."));
        }
        if (state.entryOf(cmd.accountId()) != null) {
            throw refused(
                    Refusal.conflict(
                            "ALREADY_ENTERED",
                            null,
                            "This player has entered this tournament already."));
        }
        Refusal deck =
                SeatCheck.problem(
                        rulesets.get(state.created().ruleset()),
                        state.created().matchOptions(),
                        cmd.seat());
        if (deck != null) {
            throw refused(deck);
        }
        apply(
                new TournamentEvents.EntryAdded(
                        cmd.entryId(),
                        cmd.accountId(),
                        cmd.name(),
                        1500,
                        cmd.seat(),
                        clock.instant()));
        return cmd.entryId();
    }

    /** A Swiss takes late entries while round 1 is played: the entrant is paired from round 2. */
    private boolean lateEntryOpen() {
        return state.status() == Status.RUNNING
                && state.created().rules().format() == io.duelhall.domain.tournament.Format.SWISS
                && state.rounds().size() == 1
                && !state.ledger().current().finished();
    }

    @CommandHandler
    public void handle(Withdraw cmd, Clock clock) {
        String entry = state.entryOf(cmd.accountId());
        if (entry == null) {
            throw refused(
                    Refusal.notFound(
                            "NOT_ENTERED", "This player has no entry in this tournament."));
        }
        if (state.status() == Status.ENDED) {
            throw refused(Refusal.conflict("TOURNAMENT_OVER", null, "The tournament has ended."));
        }
        if (state.ledger().withdrawn().contains(entry)) {
            throw refused(
                    Refusal.conflict("ENTRANT_DROPPED", null, "This entrant has dropped already."));
        }
        apply(new TournamentEvents.EntryWithdrawn(entry, cmd.accountId(), clock.instant()));
        advance(clock);
    }

    @CommandHandler
    public void handle(Start cmd, Clock clock) {
        organizerOnly(cmd.accountId(), "start it");
        if (state.status() != Status.REGISTERING) {
            throw refused(
                    Refusal.conflict(
                            "ALREADY_STARTED", null, "The tournament has started already."));
        }
        if (state.entries().size() < 2) {
            throw refused(
                    Refusal.conflict(
                            "TOO_FEW_ENTRANTS",
                            null,
                            "A tournament needs at least 2 entrants to start."));
        }
        apply(new TournamentEvents.Started(state.entries().size(), clock.instant()));
        advance(clock);
    }

    /**
     * A table's match ended. A result for a table that has one already (a ruling settled it), or
     * for a match that is not this tournament's table, changes nothing.
     */
    @CommandHandler
    public void handle(RecordResult cmd, Clock clock) {
        PairedTable t = state.tableOfMatch(cmd.round(), cmd.table());
        if (t == null || state.settled(cmd.round(), cmd.table())) {
            return;
        }
        if (t.seats() != null) {
            recordPod(cmd, t, clock);
            return;
        }
        int bo = state.created().rules().bestOf();
        if (bo > 1) {
            recordGame(cmd, t, clock);
            return;
        }
        if (!t.matchId().equals(cmd.matchId())) {
            return;
        }
        Result result =
                "A".equals(cmd.winner())
                        ? Result.winA(bo)
                        : "B".equals(cmd.winner()) ? Result.winB(bo) : Result.drawn();
        boolean bracket =
                state.ledger().bracketSeeds() != null
                        && (state.created().rules().format()
                                        != io.duelhall.domain.tournament.Format.SWISS
                                || cmd.round() > state.ledger().swissRounds());
        if (bracket && result.winner() == null) {
            // a bracket needs a winner: a match nobody won (both lost) sends the higher seed on,
            // as Elimination says of a drawn table
            result = Result.drawn();
        }
        apply(
                new TournamentEvents.TableResultRecorded(
                        cmd.round(),
                        cmd.table(),
                        cmd.matchId(),
                        result,
                        cmd.reason(),
                        clock.instant(),
                        null));
        advance(clock);
    }

    /**
     * A pod's match ended: its places in seat order, or, when the match names none, the winner
     * first and everyone else sharing the next place (nobody won: all share first).
     */
    private void recordPod(RecordResult cmd, PairedTable t, Clock clock) {
        if (!t.matchId().equals(cmd.matchId())) {
            return;
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
        apply(
                new TournamentEvents.TableResultRecorded(
                        cmd.round(),
                        cmd.table(),
                        cmd.matchId(),
                        null,
                        cmd.reason(),
                        clock.instant(),
                        List.copyOf(places)));
        advance(clock);
    }

    /**
     * A game of a best-of-3 table: only the game the table plays now counts (its match, its
     * number). Its winner is turned into the table's seat; when the series is decided the table's
     * result follows with the games, else the next game's match is named (TournamentTables opens
     * it).
     */
    private void recordGame(RecordResult cmd, PairedTable t, Clock clock) {
        Series s = state.series(cmd.round(), cmd.table());
        int game = s.nextGame();
        String expected = TournamentState.matchId(tournamentId, cmd.round(), cmd.table(), game);
        if (cmd.game() != game || !expected.equals(cmd.matchId())) {
            return;
        }
        String winner = Series.tableSeat(cmd.winner(), game);
        Series after = s.plus(winner);
        apply(
                new TournamentEvents.GameRecorded(
                        cmd.round(),
                        cmd.table(),
                        game,
                        cmd.matchId(),
                        winner,
                        cmd.reason(),
                        after.decided()
                                ? null
                                : TournamentState.matchId(
                                        tournamentId, cmd.round(), cmd.table(), game + 1),
                        clock.instant()));
        if (!after.decided()) {
            return;
        }
        apply(
                new TournamentEvents.TableResultRecorded(
                        cmd.round(),
                        cmd.table(),
                        cmd.matchId(),
                        after.result(),
                        cmd.reason(),
                        clock.instant(),
                        null));
        advance(clock);
    }

    @CommandHandler
    public void handle(TournamentCommands.NameJudge cmd, Clock clock) {
        organizerOnly(cmd.byAccountId(), "name its judges");
        if (state.status() == Status.ENDED) {
            throw refused(Refusal.conflict("TOURNAMENT_OVER", null, "The tournament has ended."));
        }
        if (state.judges().containsKey(cmd.judgeAccountId())
                || state.created().organizerAccountId().equals(cmd.judgeAccountId())) {
            throw refused(
                    Refusal.conflict(
                            "ALREADY_A_JUDGE",
                            null,
                            cmd.judgeName() + " judges this tournament already."));
        }
        apply(
                new TournamentEvents.JudgeNamed(
                        cmd.judgeAccountId(), cmd.judgeName(), cmd.byAccountId(), clock.instant()));
    }

    @CommandHandler
    public void handle(TournamentCommands.Forbid cmd, Clock clock) {
        judgeOnly(cmd.byAccountId());
        if (state.status() == Status.ENDED) {
            throw refused(Refusal.conflict("TOURNAMENT_OVER", null, "The tournament has ended."));
        }
        for (String e : new String[] {cmd.entryA(), cmd.entryB()}) {
            if (e == null || state.ledger().entry(e) == null) {
                throw refused(
                        Refusal.notFound(
                                "UNKNOWN_ENTRY", "No entry " + e + " in this tournament."));
            }
        }
        if (cmd.entryA().equals(cmd.entryB())) {
            throw refused(Refusal.malformed("INVALID_FIELD", "entryIds must name two entries."));
        }
        apply(
                new TournamentEvents.PairingForbidden(
                        cmd.entryA(),
                        cmd.entryB(),
                        cmd.byAccountId(),
                        cmd.reason(),
                        clock.instant()));
    }

    private void judgeOnly(String accountId) {
        if (!state.created().organizerAccountId().equals(accountId)
                && !state.judges().containsKey(accountId)) {
            throw refused(
                    Refusal.forbidden(
                            "NOT_A_JUDGE",
                            null,
                            "Only the organizer or a judge they named may rule in this tournament."));
        }
    }

    @CommandHandler
    public void handle(Rule cmd, Clock clock) {
        judgeOnly(cmd.accountId());
        if (state.status() == Status.ENDED) {
            throw refused(Refusal.conflict("TOURNAMENT_OVER", null, "The tournament has ended."));
        }
        Refusal bad = Rulings.problem(state.ledger(), cmd.ruling());
        if (bad != null) {
            throw refused(bad);
        }
        apply(
                new TournamentEvents.RulingMade(
                        cmd.accountId(), cmd.name(), cmd.ruling(), clock.instant()));
        advance(clock);
    }

    private void organizerOnly(String accountId, String what) {
        if (!state.created().organizerAccountId().equals(accountId)) {
            throw refused(
                    Refusal.forbidden(
                            "NOT_ORGANIZER",
                            null,
                            "Only the tournament's organizer may " + what + "."));
        }
    }

    /**
     * While the current round is finished: the tournament ends, or the next round is paired (a
     * round of byes only is finished at once, so the loop goes on).
     */
    private void advance(Clock clock) {
        while (state.status() == Status.RUNNING) {
            Ledger l = state.ledger();
            if (l.current() != null && !l.current().finished()) {
                return;
            }
            if (l.over()) {
                apply(new TournamentEvents.Ended(state.created().seed(), clock.instant()));
                return;
            }
            Ledger.Next next = l.pairNext(state.seed());
            List<PairedTable> tables = new ArrayList<>();
            for (Table t : next.pairing().tables()) {
                tables.add(
                        new PairedTable(
                                t.number(),
                                TournamentState.matchId(
                                        tournamentId, next.pairing().round(), t.number()),
                                t.a(),
                                t.b(),
                                null));
            }
            for (Pod p : next.pairing().pods()) {
                tables.add(
                        new PairedTable(
                                p.number(),
                                TournamentState.matchId(
                                        tournamentId, next.pairing().round(), p.number()),
                                p.seats().get(0),
                                p.seats().get(1),
                                p.seats()));
            }
            apply(
                    new TournamentEvents.RoundPaired(
                            next.pairing().round(),
                            tables,
                            next.pairing().byes(),
                            next.bracketSeeds(),
                            clock.instant()));
        }
    }

    private static RefusedException refused(Refusal r) {
        return new RefusedException(r);
    }

    @EventSourcingHandler
    void on(TournamentEvent event) {
        if (event instanceof TournamentEvents.Created c) {
            tournamentId = c.tournamentId();
            state = new TournamentState();
        }
        state.apply(event);
    }
}
