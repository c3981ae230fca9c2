package io.duelhall.command.match;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

import io.duelhall.command.chain.EventChainer;
import io.duelhall.domain.ClockExtended;
import io.duelhall.domain.ClockExtensions;
import io.duelhall.domain.ClockPolicy;
import io.duelhall.domain.ClockSet;
import io.duelhall.domain.Decision;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.InvitationIssued;
import io.duelhall.domain.Leaving;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchExpired;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatDeadlineSet;
import io.duelhall.domain.SeatDeadlines;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.SeatTokens;
import io.duelhall.fairness.chain.EventChain;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.deadline.DeadlineManager;
import org.axonframework.deadline.annotation.DeadlineHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.messaging.MetaData;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.modelling.command.AggregateScopeDescriptor;
import org.axonframework.spring.stereotype.Aggregate;

/**
 * A match: a thin adapter over a ruleset's decide/evolve. Command handlers ask the rules and apply
 * what comes back; the event-sourcing handler only evolves. Besides the rules state it keeps what
 * the command side needs: seat token hashes, accepted intent ids for idempotent retries, the
 * running clock, and the head of the match's hash chain: every event is applied with its chain
 * value in its metadata (docs/fairness.md). The aggregate is the one writer of its stream, so the
 * chain follows the stream's order; after a restart or a cache eviction the head comes back from
 * the stored metadata.
 */
@Aggregate(cache = "matchCache")
public class Match {
    static final String CLOCK = "clock";
    static final String SEATS = "seats";

    @AggregateIdentifier private String matchId;
    private Ruleset ruleset;
    private GameState state;

    /** Sequence number of the last event applied (Axon numbers a stream from 0). */
    private long version = -1;

    private final Map<String, Seat> seatByTokenHash = new HashMap<>();
    private final Map<String, Receipt> receipts = new HashMap<>();

    /**
     * Receipt key of the last accepted intent (its events are extended until the next intent or
     * seat).
     */
    private String lastIntentId;

    private MatchOptions options;

    /** Whether the match ever went live (all seats taken), and when it ended (finding 8). */
    private boolean wasLive;

    private Instant endedAt;

    /**
     * The clock that runs now (null: none), and the sequence number of the ClockSet that set it.
     */
    private ClockSet clock;

    private long clockSeq = -1;

    /** Turn timeouts in a row per seat: who has left the game (D-LEAVE-1, clock policy 3). */
    private final Leaving leaving = new Leaving();

    /**
     * The seats' deadline (null: the match waits for its seats for ever) and the server seed an
     * expiry reveals.
     */
    private SeatDeadlineSet seatDeadline;

    private String serverSeed;

    /** The rulings whose time extension is recorded here ({@code <tournamentId>#<rulingEvent>}). */
    private final Set<String> extensions = new HashSet<>();

    /**
     * The SHA-256 of the invitation's secret when the match is by invitation (null: open for
     * anyone).
     */
    private String invitationHash;

    /** Chain value of the last event applied (docs/fairness.md). */
    private String chain = EventChain.GENESIS;

    /**
     * The fingerprint of the server's TIMEOUT intents (their ids, {@code clock-<seq>}, are checked
     * by the audit).
     */
    static final String SERVER_CLOCK = Leaving.SERVER_FINGERPRINT;

    /**
     * Idempotency keys are scoped per seat: a seat's intent id can never collide with another
     * seat's (an intent id seen in another seat's public {@code IntentAccepted} cannot be used to
     * make that seat's next move fail), and the server's clock intents live in a namespace of their
     * own that no client id reaches.
     */
    private static String receiptKey(Seat seat, String intentId) {
        return seat.name() + "\n" + intentId;
    }

    /**
     * An accepted intent: its body fingerprint and its events, from its IntentAccepted to the last
     * it caused.
     */
    private record Receipt(String fingerprint, Seat seat, long firstSeq, long lastSeq) {}

    protected Match() {
        // for Axon
    }

    @CommandHandler
    public Match(
            CreateMatch cmd,
            Rulesets rulesets,
            EventChainer chainer,
            Clock time,
            DeadlineManager deadlines) {
        Ruleset r =
                rulesets.find(cmd.ruleset())
                        .orElseThrow(
                                () ->
                                        new RefusedException(
                                                Refusal.malformed(
                                                        "UNKNOWN_RULESET",
                                                        "Unknown ruleset '"
                                                                + cmd.ruleset()
                                                                + "'; known: "
                                                                + rulesets.ids())));
        // the clock policy is the server's choice, recorded in the options of the opening event
        // (never the client's)
        Decision d =
                r.open(cmd.matchId(), ClockPolicy.forNewMatch(cmd.options()), cmd.serverSeed());
        if (!d.accepted()) {
            throw new RefusedException(d.refusal());
        }
        Refusal badSeating = SeatDeadlines.problem(cmd.seatingSeconds());
        if (badSeating != null) {
            throw new RefusedException(badSeating);
        }
        SeatDeadlineSet seats = SeatDeadlines.deadline(cmd.seatingSeconds(), time.instant());
        List<MatchEvent> events = new ArrayList<>(d.events());
        if (seats != null) {
            events.add(seats); // one call: the chain of a constructor's events is computed from the
            // fields as they start
        }
        if (cmd.invitationHash() != null) {
            events.add(new InvitationIssued(cmd.invitationHash()));
        }
        applyChained(chainer, events);
        if (seats != null) {
            // the scope named explicitly: in a constructor the aggregate's identifier is not set
            // yet
            deadlines.schedule(
                    seats.deadline(),
                    SEATS,
                    new SeatsExpired(),
                    new AggregateScopeDescriptor(Match.class.getSimpleName(), cmd.matchId()));
        }
    }

    /**
     * The seats' deadline came (issue 19): a match still waiting for a seat expires, as {@link
     * SeatDeadlines} says (the audit runs the same over the record). A match that began meanwhile,
     * or ended, is left alone; a deadline that fires early (another node's clock) is scheduled
     * again.
     */
    @DeadlineHandler(deadlineName = SEATS)
    void on(SeatsExpired expired, DeadlineManager deadlines, Clock time, EventChainer chainer) {
        Instant now = time.instant();
        MatchExpired x =
                SeatDeadlines.expiry(
                        seatDeadline, state, options.seatCount(ruleset), serverSeed, now);
        if (x != null) {
            applyChained(chainer, List.of(x));
            deadlines.cancelAllWithinScope(CLOCK);
        } else if (seatDeadline != null
                && now.isBefore(seatDeadline.deadline())
                && (state.status() == MatchStatus.NEW || state.status() == MatchStatus.WAITING)) {
            deadlines.schedule(seatDeadline.deadline(), SEATS, new SeatsExpired());
        }
    }

    @CommandHandler
    public JoinOutcome handle(
            TakeSeat cmd, DeadlineManager deadlines, Clock time, EventChainer chainer) {
        Refusal uninvited = invitationProblem(cmd);
        if (uninvited != null) {
            return new JoinOutcome(null, version, state.status(), uninvited);
        }
        Decision d = ruleset.join(state, cmd.request());
        if (!d.accepted()) {
            return new JoinOutcome(
                    null, version, state.status(), asSpectatorsSeeIt(d.refusal(), time));
        }
        Set<Seat> before = new HashSet<>(state.seats());
        GameState after = state;
        for (MatchEvent e : d.events()) {
            after = ruleset.evolve(after, e);
        }
        Seat seat =
                after.seats().stream()
                        .filter(s -> !before.contains(s))
                        .findFirst()
                        .orElseThrow(() -> new IllegalStateException("a join that took no seat"));
        List<MatchEvent> events = new ArrayList<>(d.events().size() + 1);
        events.add(new SeatTokenIssued(seat, cmd.tokenHash(), cmd.request()));
        events.addAll(d.events());
        applyChained(chainer, events);
        syncClock(deadlines, time.instant(), chainer);
        return new JoinOutcome(seat, version, state.status(), null);
    }

    @CommandHandler
    public IntentOutcome handle(SubmitIntent cmd, DeadlineManager deadlines, EventChainer chainer) {
        Seat seat = cmd.tokenHash() == null ? null : seatByTokenHash.get(cmd.tokenHash());
        if (seat == null) {
            return IntentOutcome.refused(
                    Refusal.unauthorized("BAD_TOKEN", "This token is not a seat of this match."),
                    null);
        }
        Receipt seen = receipts.get(receiptKey(seat, cmd.intentId()));
        if (seen != null) {
            if (seen.fingerprint().equals(cmd.fingerprint())) {
                return new IntentOutcome(
                        null,
                        ruleset.id(),
                        ruleset.version(),
                        seen.seat(),
                        seen.lastSeq(),
                        seen.firstSeq(),
                        List.of(),
                        true,
                        state.status());
            }
            return IntentOutcome.refused(
                    Refusal.conflict(
                            "INTENT_ID_REUSED",
                            null,
                            "Intent id "
                                    + cmd.intentId()
                                    + " was already used by this seat with a different request."),
                    seat);
        }
        if (cmd.expectedVersion() != null && cmd.expectedVersion() != version) {
            return IntentOutcome.refused(
                    Refusal.conflict(
                            "STALE_VERSION",
                            null,
                            "expectedVersion "
                                    + cmd.expectedVersion()
                                    + " is not the match's version "
                                    + version
                                    + "."),
                    seat);
        }
        Intent in = cmd.intent();
        Intent intent = in.by(seat);
        Refusal malformed =
                ruleset.checkIntent(intent); // the ruleset's words (type, fields, target kinds)
        if (malformed != null) {
            return IntentOutcome.refused(malformed, seat);
        }
        Decision d = ruleset.decide(state, intent);
        if (!d.accepted()) {
            return IntentOutcome.refused(d.refusal(), seat);
        }
        IntentAccepted accepted =
                new IntentAccepted(cmd.intentId(), seat, cmd.fingerprint(), intent, cmd.at());
        long first = version + 1;
        List<MatchEvent> caused = new ArrayList<>(d.events().size() + 2);
        caused.add(accepted);
        caused.addAll(d.events());
        applyChained(chainer, caused);
        ClockSet set = syncClock(deadlines, cmd.at(), chainer);
        if (set != null) {
            caused.add(set);
        }
        return new IntentOutcome(
                null,
                ruleset.id(),
                ruleset.version(),
                seat,
                version,
                first,
                caused,
                false,
                state.status());
    }

    /**
     * A clock ran out (D-CLOCK-1..3): the server sends the seat's TIMEOUT intent through the rules,
     * records it like any intent, and starts the next clock. A stale deadline (the clock was set
     * again since) changes nothing, so a deadline that fires twice acts once.
     */
    @DeadlineHandler(deadlineName = CLOCK)
    void on(ClockExpired expired, DeadlineManager deadlines, Clock time, EventChainer chainer) {
        if (clock == null
                || clock.seat() == null
                || expired.clockSeq() != clockSeq
                || state.status() == MatchStatus.ENDED) {
            return;
        }
        Intent timeout = Intent.timeout(clock.seat());
        Decision d = ruleset.decide(state, timeout);
        if (!d.accepted()) {
            return;
        }
        Instant now = time.instant();
        List<MatchEvent> events = new ArrayList<>(d.events().size() + 1);
        events.add(
                new IntentAccepted(
                        ClockPolicy.timeoutIntentId(clockSeq),
                        clock.seat(),
                        SERVER_CLOCK,
                        timeout,
                        now));
        events.addAll(d.events());
        applyChained(chainer, events);
        leaveIfLeft(timeout.seat(), now, chainer);
        syncClock(deadlines, now, chainer);
    }

    /**
     * A judge's time extension (issue 41): while the match runs and its clock has not run out, a
     * {@link ClockExtended} naming the ruling, then the same clock with its deadline moved ({@link
     * ClockExtensions}, the code the audit runs), whose deadline replaces the one scheduled. A
     * ruling already applied here is not applied twice (the tournament's processor may deliver it
     * again).
     */
    @CommandHandler
    public Object handle(
            ExtendClock cmd, DeadlineManager deadlines, Clock time, EventChainer chainer) {
        String ruling = cmd.tournamentId() + "#" + cmd.rulingEvent();
        if (extensions.contains(ruling)) {
            return clock;
        }
        Instant now = time.instant();
        Refusal bad = ClockExtensions.problem(state.status(), clock, cmd.seconds(), now);
        if (bad != null) {
            return bad;
        }
        ClockSet moved = ClockExtensions.extended(clock, cmd.seconds());
        applyChained(
                chainer,
                List.of(
                        new ClockExtended(
                                clock.seat(),
                                cmd.seconds(),
                                cmd.tournamentId(),
                                cmd.rulingEvent(),
                                now),
                        moved));
        deadlines.cancelAllWithinScope(CLOCK);
        deadlines.schedule(moved.deadline(), CLOCK, new ClockExpired(clockSeq));
        return moved;
    }

    /**
     * After a timeout (D-LEAVE-1): under clock policy 3, a seat whose TURN clock has now run out in
     * {@value Leaving#TURNS} turns in a row has left the game, and the server concedes for it
     * through the rules, before the next clock is set. The audit re-derives it ({@link Leaving}).
     */
    private void leaveIfLeft(Seat seat, Instant now, EventChainer chainer) {
        if (!Leaving.applies(options)
                || state.status() == MatchStatus.ENDED
                || !leaving.left(seat)) {
            return;
        }
        Intent concede = Intent.concede(seat);
        Decision d = ruleset.decide(state, concede);
        if (!d.accepted()) {
            return;
        }
        List<MatchEvent> events = new ArrayList<>(d.events().size() + 1);
        events.add(Leaving.marker(seat, clockSeq, now));
        events.addAll(d.events());
        applyChained(chainer, events);
    }

    /**
     * Starts, moves or stops the clock to match who owes a decision now, as {@link ClockPolicy}
     * says (the audit runs the same policy over the record), and schedules its deadline. Once the
     * match has ended no deadline is left (under clock policy 2 the end event stops the clock and
     * no ClockSet follows it).
     */
    private ClockSet syncClock(DeadlineManager deadlines, Instant now, EventChainer chainer) {
        boolean ended = state.status() == MatchStatus.ENDED;
        ClockSet next = ClockPolicy.next(options, ruleset.clockNeed(state), clock, now, ended);
        if (next == null) {
            if (ended) {
                deadlines.cancelAllWithinScope(CLOCK);
            }
            return null;
        }
        deadlines.cancelAllWithinScope(CLOCK);
        applyChained(chainer, List.of(next));
        if (next.deadline() != null) {
            deadlines.schedule(next.deadline(), CLOCK, new ClockExpired(clockSeq));
        }
        return next;
    }

    /**
     * Applies events in order, each with its chain value in its metadata. Computed here from the
     * fields as they stand, not from what the event-sourcing handler sets, because Axon defers that
     * handler for events applied in a constructor.
     */
    private void applyChained(EventChainer chainer, List<? extends MatchEvent> events) {
        String previous = chain;
        long seq = version;
        for (MatchEvent e : events) {
            previous = chainer.link(previous, ++seq, e);
            apply(e, MetaData.with(EventChain.METADATA_KEY, previous));
        }
    }

    /**
     * A match by invitation (issue 45, finding 3) seats a client only with the invitation's secret;
     * the server's own seats (AI, queue, tournament) need none. Checked before the rules, so a
     * request without it learns nothing about the match's seats.
     */
    private Refusal invitationProblem(TakeSeat cmd) {
        if (invitationHash == null || cmd.byServer()) {
            return null;
        }
        if (cmd.invitation() == null || cmd.invitation().isEmpty()) {
            return Refusal.forbidden(
                    "INVITATION_REQUIRED",
                    null,
                    "This match is by invitation: send the invitation's secret as \"invitation\" to take a seat.");
        }
        boolean same =
                java.security.MessageDigest.isEqual(
                        SeatTokens.hash(cmd.invitation())
                                .getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                        invitationHash.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        return same
                ? null
                : Refusal.forbidden(
                        "WRONG_INVITATION", null, "This is not the invitation of this match.");
    }

    /**
     * A seat request to a match whose spectators are behind (issue 45, finding 8): while they have
     * not yet been shown its end, the answer is the one for a full match, as the delayed view says
     * it is, not {@code MATCH_OVER}, which told the end early.
     */
    private Refusal asSpectatorsSeeIt(Refusal r, Clock time) {
        if (r != null
                && "MATCH_OVER".equals(r.code())
                && wasLive
                && endedAt != null
                && options != null
                && options.spectatorDelaySeconds() > 0
                && time.instant().isBefore(endedAt.plusSeconds(options.spectatorDelaySeconds()))) {
            return Refusal.conflict("MATCH_FULL", r.rule(), r.message());
        }
        return r;
    }

    @EventSourcingHandler
    void on(
            MatchEvent event,
            Rulesets rulesets,
            MetaData metaData,
            @org.axonframework.eventhandling.Timestamp Instant at) {
        version++;
        if (metaData.get(EventChain.METADATA_KEY) instanceof String c) {
            chain = c;
        }
        if (event instanceof MatchOpening o) {
            matchId = o.matchId();
            ruleset = rulesets.forMatch(o); // the version it was created with, to its end
            state = ruleset.initial();
            options = o.options();
            serverSeed = o.serverSeed();
        }
        if (event instanceof SeatDeadlineSet s) {
            seatDeadline = s;
        } else if (event instanceof InvitationIssued i) {
            invitationHash = i.secretHash();
        } else if (event instanceof ClockExtended x) {
            extensions.add(x.tournamentId() + "#" + x.rulingEvent());
            lastIntentId = null; // the server's, not an answer to the intent before
        } else if (event instanceof ClockSet c) {
            clock = c;
            clockSeq = version;
            extendReceipt();
        } else if (event instanceof SeatTokenIssued t) {
            seatByTokenHash.put(t.tokenHash(), t.seat());
            lastIntentId = null;
        } else if (event instanceof IntentAccepted a) {
            leaving.accepted(a, clock);
            String key =
                    SERVER_CLOCK.equals(a.fingerprint())
                            ? "server\n" + a.intentId()
                            : receiptKey(a.seat(), a.intentId());
            receipts.put(key, new Receipt(a.fingerprint(), a.seat(), version, version));
            lastIntentId = key;
        } else {
            state = ruleset.evolve(state, event);
            extendReceipt();
            if (state.status() == MatchStatus.LIVE) {
                wasLive = true;
            } else if (state.status() == MatchStatus.ENDED && endedAt == null) {
                endedAt = at;
            }
        }
    }

    /**
     * The events after an IntentAccepted, up to the next intent or seat, are that intent's answer.
     */
    private void extendReceipt() {
        if (lastIntentId != null) {
            Receipt r = receipts.get(lastIntentId);
            receipts.put(
                    lastIntentId, new Receipt(r.fingerprint(), r.seat(), r.firstSeq(), version));
        }
    }

    GameState state() {
        return state;
    }
}
