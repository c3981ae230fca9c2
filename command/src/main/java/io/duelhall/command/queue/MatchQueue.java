package io.duelhall.command.queue;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.duelhall.command.queue.QueueCommands.CancelTicket;
import io.duelhall.command.queue.QueueCommands.OpenTicket;
import io.duelhall.command.queue.QueueCommands.Outcome;
import io.duelhall.command.queue.QueueCommands.ReadTicket;
import io.duelhall.command.queue.QueueCommands.RunWave;
import io.duelhall.command.queue.QueueCommands.SeatPlan;
import io.duelhall.command.queue.QueueCommands.TablePlan;
import io.duelhall.command.queue.QueueCommands.TicketState;
import io.duelhall.command.queue.QueueCommands.WaveOutcome;
import io.duelhall.command.queue.QueueEvents.TicketCancelled;
import io.duelhall.command.queue.QueueEvents.TicketExpired;
import io.duelhall.command.queue.QueueEvents.TicketMatched;
import io.duelhall.command.queue.QueueEvents.TicketOpened;
import io.duelhall.command.queue.QueueEvents.WaveRan;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.matchmaking.PairingRules;
import io.duelhall.domain.matchmaking.RatingPopulation;
import io.duelhall.domain.matchmaking.Table;
import io.duelhall.domain.matchmaking.WaitingTicket;
import io.duelhall.domain.matchmaking.Wave;
import io.duelhall.domain.matchmaking.WaveMatcher;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateCreationPolicy;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.CreationPolicy;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * One queue (ruleset, seats, rated) and its tickets. Handlers check and apply; the pairing is
 * {@link WaveMatcher}'s, over the waiting tickets with the ratings read when the wave runs, all of
 * it stored in {@link WaveRan}.
 */
// Not in the app's aggregate cache (matchCache): a cache keyed by aggregate id alone would hand a
// queue to the Match repository for a match path with a queue's id (a 500 instead of a 404). A
// cache of its own (queueCache, infra's AxonConfig): without it every command (a ticket, a cancel,
// each wave every 2 s) sourced the queue's whole stream again, every WaveRan with the tickets it
// saw, so a queue grew slower with every wave it ran.
@Aggregate(cache = MatchQueue.CACHE)
class MatchQueue {
    /** Bean name of the queues' aggregate cache. */
    static final String CACHE = "queueCache";

    /** Closed tickets are kept (readable by their holders) this long, then forgotten. */
    static final Duration KEEP_CLOSED = Duration.ofDays(1);

    @AggregateIdentifier private String queueId;
    private final Map<String, Ticket> tickets = new LinkedHashMap<>();
    private final Map<String, String> openByAccount = new HashMap<>();
    private final Map<String, Recent> recent = new HashMap<>();
    private final Set<String> seatedMatches = new java.util.HashSet<>();

    /**
     * The ratings of the tickets this queue's waves seated (pairing rules version 3: how scarce
     * partners are at a rating), from the stored waves alone, so a replay keeps the same.
     */
    private final RatingPopulation population = new RatingPopulation();

    /** The ratings the latest stored wave read, by ticket (for {@link #population}). */
    private final Map<String, Double> lastWaveRatings = new HashMap<>();

    /**
     * The rating each waiting ticket's window is shown with ({@link #scarcity}): read when first
     * shown, kept only while the ticket waits (dropped when it is matched, cancelled or expires).
     * Per node: another node reads the rating again for its own readers.
     */
    private final transient Map<String, Double> shownRatings = new HashMap<>();

    /** A ticket as the queue keeps it; {@code status} QUEUED, MATCHED, CANCELLED or EXPIRED. */
    private record Ticket(
            TicketOpened opened, String status, Instant closedAt, String matchId, String seat) {
        Ticket close(String newStatus, Instant at) {
            return new Ticket(opened, newStatus, at, matchId, seat);
        }
    }

    /** The accounts an account last sat with, and when. */
    private record Recent(Set<String> opponents, Instant at) {}

    protected MatchQueue() {}

    @CommandHandler
    @CreationPolicy(AggregateCreationPolicy.CREATE_IF_MISSING)
    Outcome handle(OpenTicket cmd, QueueRatings ratings) {
        if (openByAccount.containsKey(cmd.account())) {
            return new Outcome(
                    Refusal.conflict(
                            "ALREADY_QUEUED",
                            null,
                            "This account already has an open ticket in this queue ("
                                    + openByAccount.get(cmd.account())
                                    + "); cancel it or wait."),
                    waiting());
        }
        apply(
                new TicketOpened(
                        cmd.queueId(),
                        cmd.ticketId(),
                        cmd.tokenHash(),
                        cmd.seatTokenHash(),
                        cmd.account(),
                        cmd.guest(),
                        cmd.address(),
                        cmd.seat(),
                        cmd.at()));
        return new Outcome(null, waiting(), seatableNow(cmd, ratings));
    }

    /**
     * Whether the ticket just opened could be seated at once with tickets waiting now (ratings,
     * rematches and addresses as a wave would weigh them; blocks are left to the wave): the runner
     * then runs the waves now instead of at their next turn. Nothing is stored: a wave decides.
     */
    private boolean seatableNow(OpenTicket cmd, QueueRatings ratings) {
        if (cmd.rules() == null) {
            return false;
        }
        QueueKey key = QueueKey.parse(queueId).orElseThrow();
        List<Ticket> queued =
                tickets.values().stream().filter(t -> t.status().equals("QUEUED")).toList();
        if (queued.size() < key.seats()) {
            return false;
        }
        WaitingTicket arrived = null;
        List<WaitingTicket> others = new ArrayList<>(queued.size());
        for (Ticket t : queued) {
            WaitingTicket w = asWaiting(t, key, cmd.at(), cmd.rematch(), ratings);
            if (t.opened().ticketId().equals(cmd.ticketId())) {
                arrived = w;
            } else {
                others.add(w);
            }
        }
        return arrived != null
                && WaveMatcher.seatableNow(
                        key.seats(),
                        key.rated(),
                        arrived,
                        others,
                        cmd.rules().withPopulation(population));
    }

    /** A waiting ticket as a wave at {@code at} sees it, but for its blocks. */
    private WaitingTicket asWaiting(
            Ticket t, QueueKey key, Instant at, Duration rematch, QueueRatings ratings) {
        TicketOpened o = t.opened();
        QueueRatings.Rating r =
                o.guest()
                        ? QueueRatings.Rating.NEW
                        : ratings.of(key.ruleset(), o.account(), key.seats());
        Recent last = recent.get(o.account());
        Set<String> avoid =
                last != null && rematch != null && last.at().plus(rematch).isAfter(at)
                        ? last.opponents()
                        : Set.of();
        return new WaitingTicket(
                o.ticketId(),
                r.rating(),
                r.deviation(),
                Math.max(0, Duration.between(o.at(), at).toMillis()),
                o.account(),
                o.address(),
                avoid);
    }

    @CommandHandler
    Outcome handle(CancelTicket cmd) {
        Ticket t = tickets.get(cmd.ticketId());
        Refusal no = access(t, cmd.tokenHash());
        if (no != null) {
            return new Outcome(no, waiting());
        }
        switch (t.status()) {
            case "QUEUED" -> apply(new TicketCancelled(queueId, cmd.ticketId(), cmd.at()));
            case "MATCHED" -> {
                return new Outcome(
                        Refusal.conflict(
                                "TICKET_MATCHED",
                                null,
                                "The ticket is matched already: play match " + t.matchId() + "."),
                        waiting());
            }
            case "EXPIRED" -> {
                return new Outcome(
                        Refusal.conflict("TICKET_EXPIRED", null, "The ticket has expired."),
                        waiting());
            }
            default -> {} // cancelled already: nothing changes
        }
        return new Outcome(null, waiting());
    }

    @CommandHandler
    TicketState handle(ReadTicket cmd, QueueRatings ratings) {
        return state(cmd.ticketId(), cmd.tokenHash(), ratings);
    }

    @CommandHandler
    java.util.Map<String, TicketState> handle(QueueCommands.ReadTickets cmd, QueueRatings ratings) {
        java.util.Map<String, TicketState> out = new java.util.HashMap<>();
        cmd.tokenHashes().forEach((id, hash) -> out.put(id, state(id, hash, ratings)));
        return out;
    }

    private TicketState state(String ticketId, String tokenHash, QueueRatings ratings) {
        Ticket t = tickets.get(ticketId);
        Refusal no = access(t, tokenHash);
        if (no != null) {
            return new TicketState(no, null, null, null, null, null);
        }
        if (t.status().equals("MATCHED") && !seatedMatches.contains(t.matchId())) {
            // paired, its match not made yet: a moment, shown as waiting (it can no longer cancel)
            return new TicketState(
                    null, "QUEUED", t.opened().at(), null, null, null, scarcity(t, ratings));
        }
        boolean waiting = t.status().equals("QUEUED");
        if (!waiting) {
            shownRatings.remove(ticketId);
        }
        return new TicketState(
                null,
                t.status(),
                t.opened().at(),
                t.closedAt(),
                t.matchId(),
                t.seat(),
                waiting ? scarcity(t, ratings) : 1);
    }

    /**
     * How scarce partners are at a waiting ticket's rating in this queue (pairing rules version 3:
     * its window widens that many times as fast), for the window its holder is shown. The rating is
     * read once per ticket and kept for its later reads: a figure shown, not the queue's state (a
     * wave reads every rating afresh), so it is not event-sourced.
     */
    private double scarcity(Ticket t, QueueRatings ratings) {
        if (population.sd() <= 0) {
            return 1;
        }
        TicketOpened o = t.opened();
        Double rating = shownRatings.get(o.ticketId());
        if (rating == null) {
            QueueKey key = QueueKey.parse(queueId).orElseThrow();
            try {
                rating =
                        o.guest()
                                ? QueueRatings.Rating.NEW.rating()
                                : ratings.of(key.ruleset(), o.account(), key.seats()).rating();
            } catch (RuntimeException e) {
                // a figure shown, not the queue's state: a ticket is read without it rather
                // than answered 500 when the ratings cannot be read now
                return 1;
            }
            if (t.status().equals("QUEUED")) {
                shownRatings.put(o.ticketId(), rating);
            }
        }
        return PairingRules.scarcity(rating, population.mean(), population.sd());
    }

    @CommandHandler
    void handle(QueueCommands.MarkSeated cmd) {
        if (!seatedMatches.contains(cmd.matchId())) {
            apply(new QueueEvents.TableSeated(queueId, cmd.waveId(), cmd.matchId(), cmd.at()));
        }
    }

    @CommandHandler
    void handle(QueueCommands.ReturnTable cmd) {
        boolean paired =
                tickets.values().stream()
                        .anyMatch(
                                t ->
                                        cmd.matchId().equals(t.matchId())
                                                && t.status().equals("MATCHED"));
        if (paired && !seatedMatches.contains(cmd.matchId())) {
            apply(new QueueEvents.TableReturned(queueId, cmd.matchId(), cmd.reason(), cmd.at()));
        }
    }

    @EventSourcingHandler
    void on(QueueEvents.TableReturned e) {
        for (Ticket t : List.copyOf(tickets.values())) {
            if (e.matchId().equals(t.matchId()) && t.status().equals("MATCHED")) {
                tickets.put(
                        t.opened().ticketId(), new Ticket(t.opened(), "QUEUED", null, null, null));
                openByAccount.put(t.opened().account(), t.opened().ticketId());
                recent.remove(t.opened().account());
            }
        }
    }

    @EventSourcingHandler
    void on(QueueEvents.TableSeated e) {
        seatedMatches.add(e.matchId());
    }

    @CommandHandler
    WaveOutcome handle(RunWave cmd, QueueRatings ratings) {
        QueueKey key = QueueKey.parse(queueId).orElseThrow();
        // tables paired but never seated within the seating time (the node stopped mid-way): back
        tickets.values().stream()
                .filter(
                        t ->
                                t.status().equals("MATCHED")
                                        && !seatedMatches.contains(t.matchId())
                                        && t.closedAt() != null
                                        && !t.closedAt().plus(cmd.seating()).isAfter(cmd.at()))
                .map(Ticket::matchId)
                .distinct()
                .toList()
                .forEach(
                        m ->
                                apply(
                                        new QueueEvents.TableReturned(
                                                queueId, m, "NOT_SEATED_IN_TIME", cmd.at())));
        List<Ticket> waiting =
                tickets.values().stream().filter(t -> t.status().equals("QUEUED")).toList();
        List<Ticket> staying = new ArrayList<>();
        for (Ticket t : waiting) {
            if (!Duration.between(t.opened().at(), cmd.at()).minus(cmd.ticketTtl()).isNegative()) {
                apply(new TicketExpired(queueId, t.opened().ticketId(), cmd.at()));
            } else {
                staying.add(t);
            }
        }
        if (staying.size() < key.seats()) {
            return new WaveOutcome(List.of(), staying.size(), List.of());
        }
        List<WaitingTicket> seen = new ArrayList<>();
        Map<String, Ticket> byId = new HashMap<>();
        Set<String> inWave = new java.util.HashSet<>();
        staying.forEach(t -> inWave.add(t.opened().account()));
        for (Ticket t : staying) {
            TicketOpened o = t.opened();
            QueueRatings.Rating r =
                    o.guest()
                            ? QueueRatings.Rating.NEW
                            : ratings.of(key.ruleset(), o.account(), key.seats());
            Recent last = recent.get(o.account());
            Set<String> avoid =
                    last != null && last.at().plus(cmd.rematch()).isAfter(cmd.at())
                            ? last.opponents()
                            : Set.of();
            if (!o.guest()) {
                // the accounts it blocked that wait in this wave: kept apart as a recent opponent
                // is, and stored with the wave's inputs (the rest of its list is nobody's business)
                Set<String> blocked = new java.util.TreeSet<>(ratings.blocked(o.account()));
                blocked.retainAll(inWave);
                if (!blocked.isEmpty()) {
                    blocked.addAll(avoid);
                    avoid = Set.copyOf(blocked);
                }
            }
            seen.add(
                    new WaitingTicket(
                            o.ticketId(),
                            r.rating(),
                            r.deviation(),
                            Math.max(0, Duration.between(o.at(), cmd.at()).toMillis()),
                            o.account(),
                            o.address(),
                            avoid));
            byId.put(o.ticketId(), t);
        }
        // version 3 weighs the queue's ratings as they stand, and stores them with the wave
        PairingRules rules = cmd.rules().withPopulation(population);
        Wave wave = WaveMatcher.run(key.seats(), key.rated(), seen, rules);
        if (wave.tables().isEmpty()) {
            return new WaveOutcome(List.of(), staying.size(), List.of());
        }
        String waveId = UUID.randomUUID().toString();
        apply(new WaveRan(queueId, waveId, cmd.at(), key.seats(), key.rated(), rules, seen));
        List<TablePlan> plans = new ArrayList<>();
        List<Long> waits = new ArrayList<>();
        for (Table table : wave.tables()) {
            String matchId = UUID.randomUUID().toString();
            List<SeatPlan> seats = new ArrayList<>();
            for (int i = 0; i < table.ticketIds().size(); i++) {
                Ticket t = byId.get(table.ticketIds().get(i));
                long waited = Math.max(0, Duration.between(t.opened().at(), cmd.at()).toMillis());
                apply(
                        new TicketMatched(
                                queueId,
                                t.opened().ticketId(),
                                waveId,
                                matchId,
                                Seat.values()[i].name(),
                                table.ticketIds(),
                                table.cost(),
                                table.ratingGap(),
                                waited));
                waits.add(waited);
                JoinRequest seat = t.opened().seat();
                seats.add(new SeatPlan(t.opened().ticketId(), seat, t.opened().seatTokenHash()));
            }
            plans.add(new TablePlan(waveId, matchId, seats));
        }
        return new WaveOutcome(plans, wave.waiting().size(), waits);
    }

    /** Null when the token opens the ticket; a 404 for no such ticket, a 401 for a wrong token. */
    private static Refusal access(Ticket t, String tokenHash) {
        if (t == null) {
            return Refusal.notFound("TICKET_NOT_FOUND", "No such ticket.");
        }
        if (tokenHash == null
                || !MessageDigest.isEqual(
                        tokenHash.getBytes(StandardCharsets.US_ASCII),
                        t.opened().tokenHash().getBytes(StandardCharsets.US_ASCII))) {
            return Refusal.unauthorized(
                    "INVALID_TICKET_TOKEN",
                    "Send the ticket's token as 'Authorization: Bearer <ticketToken>'.");
        }
        return null;
    }

    private int waiting() {
        return openByAccount.size();
    }

    @EventSourcingHandler
    void on(TicketOpened e) {
        forgetBefore(e.at().minus(KEEP_CLOSED));
        queueId = e.queueId();
        tickets.put(e.ticketId(), new Ticket(e, "QUEUED", null, null, null));
        openByAccount.put(e.account(), e.ticketId());
    }

    @EventSourcingHandler
    void on(TicketCancelled e) {
        close(e.ticketId(), "CANCELLED", e.at());
        shownRatings.remove(e.ticketId());
    }

    @EventSourcingHandler
    void on(TicketExpired e) {
        close(e.ticketId(), "EXPIRED", e.at());
        shownRatings.remove(e.ticketId());
    }

    @EventSourcingHandler
    void on(WaveRan e) {
        lastWave = e.at();
        lastWaveRatings.clear();
        for (WaitingTicket t : e.tickets()) {
            lastWaveRatings.put(t.ticketId(), t.rating());
        }
    }

    @EventSourcingHandler
    void on(TicketMatched e) {
        shownRatings.remove(e.ticketId());
        Double rating = lastWaveRatings.get(e.ticketId());
        if (rating != null) {
            population.add(rating); // each matched ticket's rating, as its wave read it
        }
        Ticket t = tickets.get(e.ticketId());
        tickets.put(
                e.ticketId(), new Ticket(t.opened(), "MATCHED", lastWave, e.matchId(), e.seat()));
        openByAccount.remove(t.opened().account());
        Set<String> others = new java.util.HashSet<>();
        for (String id : e.table()) {
            Ticket other = tickets.get(id);
            if (other != null && !id.equals(e.ticketId())) {
                others.add(other.opened().account());
            }
        }
        recent.put(t.opened().account(), new Recent(Set.copyOf(others), lastWave));
    }

    private Instant lastWave;

    /**
     * Forgets tickets closed before {@code t} (by the events' own times, so a replay forgets the
     * same): the queue's state stays as large as a day of tickets.
     */
    private void forgetBefore(Instant t) {
        tickets.values()
                .removeIf(
                        x -> {
                            boolean old =
                                    !x.status().equals("QUEUED")
                                            && x.closedAt() != null
                                            && x.closedAt().isBefore(t)
                                            && (x.matchId() == null
                                                    || seatedMatches.contains(x.matchId()));
                            return old;
                        });
        var live = new java.util.HashSet<String>();
        tickets.values().forEach(x -> live.add(x.matchId()));
        seatedMatches.retainAll(live);
        recent.values().removeIf(r -> r.at() == null || r.at().isBefore(t));
    }

    private void close(String ticketId, String status, Instant at) {
        Ticket t = tickets.get(ticketId);
        tickets.put(ticketId, t.close(status, at));
        openByAccount.remove(t.opened().account());
    }
}
