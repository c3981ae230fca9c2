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
import io.duelhall.domain.tournament.Ruling;
import io.duelhall.domain.tournament.Rulings;
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
        String before = state.entryOf(cmd.accountId());
        if (before != null
                && state.status() == Status.RUNNING
                && state.ledger().withdrawn().contains(before)) {
            // re-entry: the dropped entrant comes back with the deck they entered with
            Refusal back =
                    io.duelhall.domain.tournament.Rulings.returnProblem(
                            state.ledger(), before, state.disqualified(before));
            if (back != null) {
                throw refused(back);
            }
            apply(new TournamentEvents.EntryReturned(before, cmd.accountId(), clock.instant()));
            return before;
        }
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
                        cmd.rating() == null ? 1500 : cmd.rating(),
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
     * A table's match ended: TableResults says what that records (a table's result, a game of a
     * best-of-3, a pod's places), or nothing for a settled table or a match that is not the one the
     * table plays. A table's result may finish the round.
     */
    @CommandHandler
    public void handle(RecordResult cmd, Clock clock) {
        List<TournamentEvent> events = TableResults.of(state, tournamentId, cmd, clock.instant());
        for (TournamentEvent e : events) {
            apply(e);
        }
        if (events.stream().anyMatch(TournamentEvents.TableResultRecorded.class::isInstance)) {
            advance(clock);
        }
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

    /** Records a judge's ruling; answers the sequence number of its {@code RulingMade}. */
    @CommandHandler
    public Long handle(Rule cmd, Clock clock) {
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
        Long rulingEvent = org.axonframework.modelling.command.AggregateLifecycle.getVersion();
        if (cmd.ruling().kind() == Ruling.Kind.GAME_LOSS && state.created().rules().bestOf() > 1) {
            for (TournamentEvent e :
                    TableResults.gameLoss(state, tournamentId, cmd.ruling(), clock.instant())) {
                apply(e);
            }
        }
        advance(clock);
        return rulingEvent;
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
                                state.tableMatchId(next.pairing().round(), t.number()),
                                t.a(),
                                t.b(),
                                null));
            }
            for (Pod p : next.pairing().pods()) {
                tables.add(
                        new PairedTable(
                                p.number(),
                                state.tableMatchId(next.pairing().round(), p.number()),
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
