package io.duelhall.command.tournament;

import io.duelhall.command.match.CreateMatch;
import io.duelhall.command.match.IntentOutcome;
import io.duelhall.command.match.JoinOutcome;
import io.duelhall.command.match.SubmitIntent;
import io.duelhall.command.match.TakeSeat;
import io.duelhall.command.match.Tokens;
import io.duelhall.command.tournament.TournamentCommands.RecordResult;
import io.duelhall.command.tournament.TournamentEvents.PairedTable;
import io.duelhall.command.tournament.TournamentEvents.RoundPaired;
import io.duelhall.command.tournament.TournamentEvents.TournamentEvent;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.tournament.Series;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.config.ProcessingGroup;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventhandling.EventHandler;
import org.axonframework.eventsourcing.eventstore.DomainEventStream;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The tournament's hands: when a round is paired it opens each table's match with the tournament's
 * options and seats both entrants with their seat requests (first seat first, so the pairing's
 * first seat is the match's seat A), under seat tokens derived from the tournament's table key
 * ({@link TournamentState#seatToken}); when a table's match ends it reports the result to the
 * tournament. A tracking processor of its own ({@value #GROUP}), from the store's head.
 */
@Component
@ProcessingGroup(TournamentTables.GROUP)
public class TournamentTables {
    public static final String GROUP = "tournament-tables";
    private static final Logger log = LoggerFactory.getLogger(TournamentTables.class);
    private static final Pattern TABLE_MATCH =
            Pattern.compile("^(.+)-r(\\d{1,4})-t(\\d{1,5})(?:-p\\d{1,4})?(?:-g([23]))?$");

    private final CommandGateway commands;
    private final EventStore eventStore;
    private final java.time.Clock clock;

    public TournamentTables(
            CommandGateway commands,
            EventStore eventStore,
            org.springframework.beans.factory.ObjectProvider<java.time.Clock> clock) {
        this.commands = commands;
        this.eventStore = eventStore;
        this.clock = clock.getIfAvailable(java.time.Clock::systemUTC);
    }

    /** A tournament folded from the store. */
    public static TournamentState load(EventStore eventStore, String tournamentId) {
        TournamentState s = new TournamentState();
        for (DomainEventMessage<?> m : events(eventStore, tournamentId)) {
            s.apply((TournamentEvent) m.getPayload());
        }
        return s;
    }

    /** A tournament folded from its events up to sequence number {@code upTo}, inclusive. */
    static TournamentState loadUpTo(EventStore eventStore, String tournamentId, long upTo) {
        TournamentState s = new TournamentState();
        for (DomainEventMessage<?> m : events(eventStore, tournamentId)) {
            if (m.getSequenceNumber() > upTo) {
                break;
            }
            s.apply((TournamentEvent) m.getPayload());
        }
        return s;
    }

    /** A tournament's stored events in order; empty when the id is not a tournament's. */
    public static java.util.List<DomainEventMessage<?>> events(
            EventStore eventStore, String tournamentId) {
        java.util.List<DomainEventMessage<?>> out = new java.util.ArrayList<>();
        DomainEventStream stream = eventStore.readEvents(tournamentId);
        while (stream.hasNext()) {
            DomainEventMessage<?> m = stream.next();
            if (!(m.getPayload() instanceof TournamentEvent)) {
                return java.util.List.of(); // not a tournament
            }
            out.add(m);
        }
        return out;
    }

    /**
     * The tables' matches as the store holds them, for the tournament record: a match's chain head
     * (the chain value of its last event, its record's {@code chainHead}) and its end.
     */
    public static TournamentMatches matches(EventStore eventStore) {
        return new TournamentMatches() {
            @Override
            public String chainHead(String matchId) {
                java.util.List<DomainEventMessage<?>> tail = tail(matchId);
                if (tail.isEmpty()) {
                    return null;
                }
                Object chain = tail.get(tail.size() - 1).getMetaData().get("chain");
                return chain == null ? null : chain.toString();
            }

            @Override
            public Lifecycle.Ended end(String matchId) {
                for (DomainEventMessage<?> m : tail(matchId)) {
                    if (m.getPayload() instanceof Lifecycle.Ended e) {
                        return e;
                    }
                }
                return null;
            }

            @Override
            public java.util.List<io.duelhall.domain.ClockExtended> extensions(String matchId) {
                if (matchId == null
                        || matchId.length() > 200
                        || eventStore.lastSequenceNumberFor(matchId).isEmpty()) {
                    return null;
                }
                java.util.List<io.duelhall.domain.ClockExtended> out = new java.util.ArrayList<>();
                DomainEventStream s = eventStore.readEvents(matchId, 0);
                while (s.hasNext()) {
                    if (s.next().getPayload() instanceof io.duelhall.domain.ClockExtended x) {
                        out.add(x);
                    }
                }
                return out;
            }

            /**
             * The last two events (an older clocked match stored a cleared clock after its end).
             */
            private java.util.List<DomainEventMessage<?>> tail(String matchId) {
                if (matchId == null || matchId.length() > 200) {
                    return java.util.List.of();
                }
                java.util.Optional<Long> last = eventStore.lastSequenceNumberFor(matchId);
                if (last.isEmpty()) {
                    return java.util.List.of();
                }
                java.util.List<DomainEventMessage<?>> out = new java.util.ArrayList<>();
                DomainEventStream s = eventStore.readEvents(matchId, Math.max(0, last.get() - 1));
                while (s.hasNext()) {
                    out.add(s.next());
                }
                return out;
            }
        };
    }

    @EventHandler
    void on(RoundPaired round, DomainEventMessage<?> message) {
        String tournamentId = message.getAggregateIdentifier();
        TournamentState t = load(eventStore, tournamentId);
        for (PairedTable table : round.tables()) {
            open(t, table.matchId(), TournamentState.seatsOf(table));
        }
    }

    /** The options with {@code seats} seats (null: as they are). */
    public static MatchOptions withSeats(MatchOptions o, Integer seats) {
        if (seats == null) {
            return o;
        }
        return new MatchOptions(
                o.spectatorDelaySeconds(),
                o.turnClockSeconds(),
                o.responseSeconds(),
                o.ai(),
                o.timeoutLoss(),
                seats,
                o.clockPolicy());
    }

    /**
     * The next game of a best-of-3 table: its match, with the table's seats the other way round
     * from the game before (Series.firstSeatFirst).
     */
    @EventHandler
    void on(TournamentEvents.GameRecorded game, DomainEventMessage<?> message) {
        if (game.nextMatchId() == null) {
            return;
        }
        TournamentState t = load(eventStore, message.getAggregateIdentifier());
        PairedTable table = t.tableOfMatch(game.round(), game.table());
        if (Series.firstSeatFirst(game.game() + 1)) {
            open(t, game.nextMatchId(), java.util.List.of(table.a(), table.b()));
        } else {
            open(t, game.nextMatchId(), java.util.List.of(table.b(), table.a()));
        }
        // an entrant who left during the series concedes its next game as well
        for (String entry : java.util.List.of(table.a(), table.b())) {
            if (t.ledger().withdrawn().contains(entry)) {
                concede(t, game.nextMatchId(), entry);
            }
        }
    }

    /**
     * An entrant who drops after the start ({@code DELETE /entries}) leaves their table: the match
     * it plays now is conceded for them (below).
     */
    @EventHandler
    void on(TournamentEvents.EntryWithdrawn withdrawn, DomainEventMessage<?> message) {
        // the tournament as it was at the drop (a later event may have paired the next round)
        TournamentState t =
                loadUpTo(eventStore, message.getAggregateIdentifier(), message.getSequenceNumber());
        if (t.status() == TournamentState.Status.RUNNING) {
            concedeFor(t, withdrawn.entryId());
        }
    }

    /** A judge's DROP or DISQUALIFICATION: the entrant leaves their table as for a drop. */
    @EventHandler
    void on(TournamentEvents.RulingMade ruling, DomainEventMessage<?> message) {
        var kind = ruling.ruling().kind();
        if (kind == io.duelhall.domain.tournament.Ruling.Kind.TIME_EXTENSION) {
            extend(
                    loadUpTo(
                            eventStore,
                            message.getAggregateIdentifier(),
                            message.getSequenceNumber()),
                    ruling.ruling(),
                    message.getSequenceNumber());
            return;
        }
        if (ruling.ruling().entry() != null
                && (kind == io.duelhall.domain.tournament.Ruling.Kind.DROP
                        || kind == io.duelhall.domain.tournament.Ruling.Kind.DISQUALIFICATION)) {
            // as it was at the ruling: a disqualification that settles the last open table is
            // followed at once by the next round's pairing
            concedeFor(
                    loadUpTo(
                            eventStore,
                            message.getAggregateIdentifier(),
                            message.getSequenceNumber()),
                    ruling.ruling().entry());
        }
    }

    /**
     * A judge's time extension (issue 41): the match the table plays now (a best-of-3's current
     * game) records a {@code ClockExtended} naming the ruling (its sequence number here) and moves
     * its running clock. The HTTP request that made the ruling has usually done so already; the
     * match applies a ruling once, so this is a no-op then, and the one path after a restart.
     */
    private void extend(
            TournamentState t, io.duelhall.domain.tournament.Ruling ruling, long rulingEvent) {
        int round = ruling.round() != null ? ruling.round() : t.rounds().size();
        PairedTable table = t.tableOfMatch(round, ruling.table());
        if (table == null || ruling.seconds() == null) {
            return;
        }
        String matchId = t.gameOf(table, round).matchId();
        Object out;
        try {
            out =
                    commands.sendAndWait(
                            new io.duelhall.command.match.ExtendClock(
                                    matchId,
                                    ruling.seconds(),
                                    t.created().tournamentId(),
                                    rulingEvent));
        } catch (RuntimeException e) { // no such match
            log.warn("time extension {}: match {} could not take it", rulingEvent, matchId, e);
            return;
        }
        if (out instanceof io.duelhall.domain.Refusal r) {
            log.info("time extension {}: match {} refused it: {}", rulingEvent, matchId, r.code());
        }
    }

    /**
     * An entrant who has left (dropped or disqualified) concedes the match their table of the
     * current round plays now, as a player would: a {@code CONCEDE} intent under their seat token,
     * through the match's own path (the rules end the match, its record holds the intent, its audit
     * replays it), so an abandoned match does not run on to its clock. The table's result then
     * follows from the match's end as for any table (their opponent wins; a pod places them by the
     * rules; a table a ruling already settled keeps that result). The intent id is fixed per match
     * and entrant, so a redelivered event is a retry, not a second intent; a match already over
     * refuses it, which changes nothing.
     */
    private void concedeFor(TournamentState t, String entryId) {
        if (t.rounds().isEmpty() || !t.ledger().withdrawn().contains(entryId)) {
            return;
        }
        RoundPaired current = t.rounds().get(t.rounds().size() - 1);
        for (PairedTable table : current.tables()) {
            if (TournamentState.seatsOf(table).contains(entryId)) {
                concede(t, t.gameOf(table, current.round()).matchId(), entryId);
            }
        }
    }

    private void concede(TournamentState t, String matchId, String entryId) {
        String tokenHash = SeatTokens.hash(t.seatToken(matchId, entryId));
        String intentId = "left-" + entryId;
        Object out;
        try {
            out =
                    commands.sendAndWait(
                            new SubmitIntent(
                                    matchId,
                                    intentId,
                                    tokenHash,
                                    Tokens.sha256Hex(
                                            (tokenHash + "\n" + intentId + "\nCONCEDE")
                                                    .getBytes(
                                                            java.nio.charset.StandardCharsets
                                                                    .UTF_8)),
                                    Intent.concede(null),
                                    null,
                                    clock.instant()));
        } catch (RuntimeException e) { // no such match (never opened): nothing to end
            log.warn(
                    "entry {} left; their match {} could not take the concession",
                    entryId,
                    matchId,
                    e);
            return;
        }
        if (out instanceof IntentOutcome o && o.refusal() != null) {
            log.info(
                    "entry {} left; their match {} refused the concession: {}",
                    entryId,
                    matchId,
                    o.refusal().code());
        }
    }

    /**
     * Opens a table's match (once) and seats its entrants in order (A, B, …); a pod's match has as
     * many seats as the pod.
     */
    private void open(TournamentState t, String matchId, java.util.List<String> order) {
        java.util.Set<String> seated = seatedHashes(matchId);
        if (seated == null) {
            commands.sendAndWait(
                    new CreateMatch(
                            matchId,
                            t.created().ruleset(),
                            withSeats(
                                    t.created().matchOptions(),
                                    order.size() == 2 ? null : order.size()),
                            Tokens.randomBytes(32)));
            seated = java.util.Set.of();
        }
        // seats in order, each once: a table half seated before a restart is completed
        for (String entry : order) {
            String hash = SeatTokens.hash(t.seatToken(matchId, entry));
            if (seated.contains(hash)) {
                continue;
            }
            JoinOutcome out = commands.sendAndWait(new TakeSeat(matchId, t.seatOf(entry), hash));
            if (out.refusal() != null) {
                log.error("entry {} refused at table {}: {}", entry, matchId, out.refusal().code());
            }
        }
    }

    /** The seat token hashes of a table's match, or null when it has not been opened. */
    private java.util.Set<String> seatedHashes(String matchId) {
        java.util.Set<String> out = new java.util.HashSet<>();
        DomainEventStream stream = eventStore.readEvents(matchId);
        if (!stream.hasNext()) {
            return null;
        }
        while (stream.hasNext()) {
            if (stream.next().getPayload() instanceof SeatTokenIssued s) {
                out.add(s.tokenHash());
            }
        }
        return out;
    }

    @EventHandler
    void on(Lifecycle.Ended ended, DomainEventMessage<?> message) {
        Matcher m = TABLE_MATCH.matcher(message.getAggregateIdentifier());
        if (!m.matches()) {
            return;
        }
        commands.sendAndWait(
                new RecordResult(
                        m.group(1),
                        Integer.parseInt(m.group(2)),
                        Integer.parseInt(m.group(3)),
                        message.getAggregateIdentifier(),
                        ended.winner() == null ? null : ended.winner().name(),
                        ended.reason(),
                        m.group(4) == null ? 1 : Integer.parseInt(m.group(4)),
                        places(ended)));
    }

    /**
     * The seats' places in seat order (1 first, a shared place shared), from the match's placings;
     * null when it names none (a 2-seat game): the winner says it all there.
     */
    public static java.util.List<Integer> places(Lifecycle.Ended ended) {
        java.util.List<java.util.List<Seat>> placings = ended.placings();
        if (placings == null || placings.isEmpty()) {
            return null;
        }
        java.util.Map<Seat, Integer> place = new java.util.EnumMap<>(Seat.class);
        int before = 0;
        for (java.util.List<Seat> group : placings) {
            for (Seat s : group) {
                place.put(s, before + 1);
            }
            before += group.size();
        }
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (Seat s : Seat.values()) {
            if (place.containsKey(s)) {
                out.add(place.get(s));
            }
        }
        return out;
    }
}
