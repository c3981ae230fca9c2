package io.duelhall.command.match;

import io.duelhall.domain.Decision;
import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentAccepted;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.eventsourcing.EventSourcingHandler;
import org.axonframework.modelling.command.AggregateIdentifier;
import org.axonframework.spring.stereotype.Aggregate;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.axonframework.modelling.command.AggregateLifecycle.apply;

/**
 * A match: a thin adapter over a ruleset's decide/evolve. Command handlers ask the rules and apply
 * what comes back; the event-sourcing handler only evolves. Besides the rules state it keeps what
 * the command side needs: seat token hashes, and accepted intent ids for idempotent retries.
 */
@Aggregate(cache = "matchCache")
public class Match {
    @AggregateIdentifier
    private String matchId;
    private Ruleset ruleset;
    private GameState state;
    /** Sequence number of the last event applied (Axon numbers a stream from 0). */
    private long version = -1;
    private final Map<String, Seat> seatByTokenHash = new HashMap<>();
    private final Map<String, Receipt> receipts = new HashMap<>();
    private String lastIntentId;

    /** An accepted intent: its body fingerprint and its events, from its IntentAccepted to the last it caused. */
    private record Receipt(String fingerprint, Seat seat, long firstSeq, long lastSeq) {
    }

    protected Match() {
        // for Axon
    }

    @CommandHandler
    public Match(CreateMatch cmd, Rulesets rulesets) {
        Ruleset r = rulesets.find(cmd.ruleset()).orElseThrow(() -> new RefusedException(
                Refusal.malformed("UNKNOWN_RULESET", "Unknown ruleset '" + cmd.ruleset() + "'; known: " + rulesets.ids())));
        Decision d = r.create(cmd.matchId(), cmd.options(), cmd.serverSeed());
        if (!d.accepted()) {
            throw new RefusedException(d.refusal());
        }
        d.events().forEach(e -> apply(e));
    }

    @CommandHandler
    public JoinOutcome handle(TakeSeat cmd) {
        Decision d = ruleset.join(state, cmd.request());
        if (!d.accepted()) {
            return new JoinOutcome(null, version, state.status(), d.refusal());
        }
        Set<Seat> before = new HashSet<>(state.seats());
        GameState after = state;
        for (MatchEvent e : d.events()) {
            after = ruleset.evolve(after, e);
        }
        Seat seat = after.seats().stream().filter(s -> !before.contains(s)).findFirst()
                .orElseThrow(() -> new IllegalStateException("a join that took no seat"));
        apply(new SeatTokenIssued(seat, cmd.tokenHash()));
        d.events().forEach(e -> apply(e));
        return new JoinOutcome(seat, version, state.status(), null);
    }

    @CommandHandler
    public IntentOutcome handle(SubmitIntent cmd) {
        Seat seat = cmd.tokenHash() == null ? null : seatByTokenHash.get(cmd.tokenHash());
        if (seat == null) {
            return IntentOutcome.refused(Refusal.unauthorized("BAD_TOKEN", "This token is not a seat of this match."), null);
        }
        Receipt seen = receipts.get(cmd.intentId());
        if (seen != null) {
            if (seen.fingerprint().equals(cmd.fingerprint())) {
                return new IntentOutcome(null, ruleset.id(), seen.seat(), seen.lastSeq(), seen.firstSeq(), List.of(), true, state.status());
            }
            return IntentOutcome.refused(Refusal.conflict("INTENT_ID_REUSED", null,
                    "Intent id " + cmd.intentId() + " was already used with a different request."), seat);
        }
        if (cmd.expectedVersion() != null && cmd.expectedVersion() != version) {
            return IntentOutcome.refused(Refusal.conflict("STALE_VERSION", null,
                    "expectedVersion " + cmd.expectedVersion() + " is not the match's version " + version + "."), seat);
        }
        Intent in = cmd.intent();
        Intent intent = new Intent(seat, in.type(), in.card(), in.ability(), in.targets(), in.cards());
        Decision d = ruleset.decide(state, intent);
        if (!d.accepted()) {
            return IntentOutcome.refused(d.refusal(), seat);
        }
        IntentAccepted accepted = new IntentAccepted(cmd.intentId(), seat, cmd.fingerprint(), intent, cmd.at());
        apply(accepted);
        long first = version;
        d.events().forEach(e -> apply(e));
        List<MatchEvent> caused = new java.util.ArrayList<>(d.events().size() + 1);
        caused.add(accepted);
        caused.addAll(d.events());
        return new IntentOutcome(null, ruleset.id(), seat, version, first, caused, false, state.status());
    }

    @EventSourcingHandler
    void on(MatchEvent event, Rulesets rulesets) {
        version++;
        if (event instanceof MatchOpening o) {
            matchId = o.matchId();
            ruleset = rulesets.get(o.ruleset());
            state = ruleset.initial();
        }
        if (event instanceof SeatTokenIssued t) {
            seatByTokenHash.put(t.tokenHash(), t.seat());
            lastIntentId = null;
        } else if (event instanceof IntentAccepted a) {
            receipts.put(a.intentId(), new Receipt(a.fingerprint(), a.seat(), version, version));
            lastIntentId = a.intentId();
        } else {
            state = ruleset.evolve(state, event);
            if (lastIntentId != null) {
                Receipt r = receipts.get(lastIntentId);
                receipts.put(lastIntentId, new Receipt(r.fingerprint(), r.seat(), r.firstSeq(), version));
            }
        }
    }

    GameState state() {
        return state;
    }
}
