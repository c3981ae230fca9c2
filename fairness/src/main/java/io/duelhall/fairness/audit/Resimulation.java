package io.duelhall.fairness.audit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
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
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatDeadlineSet;
import io.duelhall.domain.SeatDeadlines;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.fairness.audit.AuditReport.Check;
import io.duelhall.fairness.audit.AuditReport.Divergence;
import io.duelhall.fairness.record.RecordDecoder.Decoded;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;

/**
 * Re-simulation: the recorded inputs run through the rules engine from the initial state must give
 * exactly the recorded events. The inputs are the creation (match id, options and the revealed
 * server seed, from the opening event), each join ({@link SeatTokenIssued#request()}) and each
 * accepted intent ({@link IntentAccepted#intent()}); every other event must be one the rules
 * produce from the input before it, in order. As the Match aggregate does, each input is decided on
 * the state before its marker event, and the marker is then applied. {@link ClockSet} events come
 * from the server's clock, not from the rules: after every join and intent the record must hold
 * exactly the clock {@link ClockPolicy} makes (the code the aggregate runs), and a TIMEOUT intent
 * (which the server makes when a clock runs out) must come from the last clock set, for its seat,
 * at or after its deadline. The clock policy is the version the opening event's options name
 * ({@link ClockPolicy#version}), so each record is checked under its own. A {@link SeatDeadlineSet}
 * may follow the opening events (then an {@link InvitationIssued} for a match by invitation), and a
 * {@link MatchExpired} (the server's, when a seat was still free at that deadline) is checked by
 * {@link SeatDeadlines}, the rule the aggregate runs.
 */
final class Resimulation {
    static final String NAME = "resimulation";
    private final ObjectMapper mapper;

    Resimulation(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    private record Stop(Check check) {}

    Check run(Ruleset r, JsonNode events, List<Decoded> decoded, String revealedServerSeed) {
        if (r == null) {
            return Check.fail(NAME, "not run: the record's ruleset is not hosted by this auditor");
        }
        if (!(decoded.get(0).event() instanceof MatchOpening opening)) {
            return diverged(
                    0,
                    null,
                    events.get(0),
                    "the first event is not an opening event: " + decoded.get(0).problem());
        }
        byte[] serverSeed;
        try {
            serverSeed = HexFormat.of().parseHex(revealedServerSeed);
        } catch (RuntimeException e) {
            return Check.fail(
                    NAME,
                    "not run: the record reveals no server seed in hex, so the creation cannot be redone");
        }
        if (!ClockPolicy.known(opening.options())) {
            return diverged(
                    0,
                    null,
                    events.get(0),
                    "the match names clock policy "
                            + ClockPolicy.version(opening.options())
                            + ", which this auditor does not run (it runs "
                            + ClockPolicy.V1
                            + " to "
                            + ClockPolicy.V3
                            + ")");
        }
        Decision created;
        try {
            created = r.open(opening.matchId(), opening.options(), serverSeed);
        } catch (RuntimeException e) {
            return diverged(
                    0,
                    null,
                    events.get(0),
                    "the rules cannot create this match: " + e.getMessage());
        }
        if (!created.accepted()) {
            return diverged(
                    0,
                    null,
                    events.get(0),
                    "the rules refuse to create this match: " + created.refusal().code());
        }
        GameState state = r.initial();
        int i = 0;
        List<MatchEvent> expected = created.events();
        int inputs = 1;
        int clocks = 0;
        ClockSet clock = null;
        long clockSeq = -1;
        SeatDeadlineSet seatDeadline =
                null; // the seats' deadline the server recorded after the opening (issue 19)
        Instant inputAt =
                null; // the time of the input just decided; null for the creation and joins (not
        // recorded)
        // turn timeouts in a row per seat (D-LEAVE-1), fed as the aggregate feeds its own
        Leaving leaving = new Leaving();
        boolean leaves = Leaving.applies(opening.options());
        Seat timedOut = null; // the seat of the TIMEOUT whose events were just checked
        while (true) {
            for (MatchEvent ex : expected) {
                if (i >= events.size()) {
                    return diverged(
                            i, ex, null, "the record ends where the rules produce " + ex.type());
                }
                if (decoded.get(i).event() == null
                        || !ex.type().equals(events.get(i).path("type").asText())
                        || !sameJson(node(ex), events.get(i).get("payload"))) {
                    String held = events.get(i).path("type").asText();
                    return diverged(
                            events.get(i).path("seq").asLong(i),
                            ex,
                            events.get(i),
                            "the rules produce "
                                    + ex.type()
                                    + " here, the record holds "
                                    + (held.equals(ex.type()) ? "a different one" : held)
                                    + (decoded.get(i).event() == null
                                            ? " (" + decoded.get(i).problem() + ")"
                                            : ""));
                }
                state = r.evolve(state, ex);
                i++;
            }
            // a seat that has now timed out in three turns in a row has left: the server's
            // concession for it comes next, before the clock (D-LEAVE-1, as the aggregate does)
            if (timedOut != null) {
                Seat seat = timedOut;
                timedOut = null;
                if (leaves && state.status() != MatchStatus.ENDED && leaving.left(seat)) {
                    Decision conceded;
                    try {
                        conceded = r.decide(state, Intent.concede(seat));
                    } catch (RuntimeException e) {
                        conceded = null;
                    }
                    if (conceded != null && conceded.accepted()) {
                        List<MatchEvent> next = new java.util.ArrayList<>();
                        next.add(Leaving.marker(seat, clockSeq, inputAt));
                        next.addAll(conceded.events());
                        expected = next;
                        continue;
                    }
                }
            }
            // the seats' deadline, recorded by the server right after the opening events when it
            // set one
            if (inputs == 1
                    && i < events.size()
                    && decoded.get(i).event() instanceof SeatDeadlineSet s) {
                seatDeadline = s;
                i++;
            }
            // a match by invitation: the hash of its secret, recorded right after (issue 45,
            // finding 3); the secret is not in the record, so there is nothing to redo
            if (inputs == 1
                    && i < events.size()
                    && decoded.get(i).event() instanceof InvitationIssued) {
                i++;
            }
            // the server's clock after this input: exactly what the clock policy makes (the
            // aggregate runs the same)
            if (inputs > 1) {
                ClockSet want =
                        ClockPolicy.next(
                                opening.options(),
                                r.clockNeed(state),
                                clock,
                                inputAt != null
                                        ? inputAt
                                        : clock != null && clock.deadline() != null
                                                ? clock.deadline()
                                                : Instant.EPOCH,
                                state.status() == MatchStatus.ENDED);
                ClockSet held =
                        i < events.size() && decoded.get(i).event() instanceof ClockSet c
                                ? c
                                : null;
                if (want == null && held != null) {
                    return diverged(
                            events.get(i).path("seq").asLong(i),
                            null,
                            events.get(i),
                            "the clock policy sets no clock here, the record holds a ClockSet");
                }
                if (want != null && held == null) {
                    return diverged(
                            i < events.size() ? events.get(i).path("seq").asLong(i) : i,
                            want,
                            i < events.size() ? events.get(i) : null,
                            "the clock policy sets a clock here ("
                                    + want
                                    + "), the record holds "
                                    + (i < events.size()
                                            ? events.get(i).path("type").asText()
                                            : "nothing more"));
                }
                if (want != null && !sameClock(want, held, inputAt != null)) {
                    return diverged(
                            events.get(i).path("seq").asLong(i),
                            want,
                            events.get(i),
                            "the clock policy sets " + want + " here, the record holds " + held);
                }
                if (held != null) {
                    clock = held;
                    clockSeq = events.get(i).path("seq").asLong(i);
                    clocks++;
                    i++;
                }
            }
            if (i >= events.size()) {
                return Check.pass(
                        NAME,
                        "the "
                                + inputs
                                + " recorded inputs (creation, joins, intents) give exactly the "
                                + (events.size() - clocks)
                                + " other recorded events under "
                                + r.engineVersion()
                                + (clocks == 0
                                        ? ""
                                        : "; the "
                                                + clocks
                                                + " clock events are the clock policy's"));
            }
            MatchEvent input = decoded.get(i).event();
            long seq = events.get(i).path("seq").asLong(i);
            inputAt =
                    input instanceof IntentAccepted a
                            ? a.at()
                            : input instanceof MatchExpired x ? x.at() : null;
            if (input instanceof MatchExpired x) {
                // made by the server when the seats' deadline came: checked by the rule the
                // aggregate runs
                String wrong =
                        SeatDeadlines.problem(
                                x, seatDeadline, state, opening.options().seatCount(r));
                if (wrong != null) {
                    return diverged(seq, null, events.get(i), wrong);
                }
                state = r.evolve(state, input);
                i++;
                inputs++;
                expected = List.of();
                continue;
            }
            if (input instanceof ClockExtended x) {
                // a judge's time extension (issue 41), made by the server while the match runs:
                // checked by the rule the aggregate runs, and followed by exactly the same clock
                // with its deadline moved
                String wrong = extensionProblem(x, state, clock);
                if (wrong != null) {
                    return diverged(seq, null, events.get(i), wrong);
                }
                ClockSet want = ClockExtensions.extended(clock, x.seconds());
                i++;
                ClockSet held =
                        i < events.size() && decoded.get(i).event() instanceof ClockSet c
                                ? c
                                : null;
                if (held == null || !want.equals(held)) {
                    return diverged(
                            i < events.size() ? events.get(i).path("seq").asLong(i) : i,
                            want,
                            i < events.size() ? events.get(i) : null,
                            "a time extension moves the clock to "
                                    + want
                                    + ", the record holds "
                                    + (held != null
                                            ? held
                                            : i < events.size()
                                                    ? events.get(i).path("type").asText()
                                                    : "nothing more"));
                }
                clock = held;
                clockSeq = events.get(i).path("seq").asLong(i);
                clocks++;
                i++;
                inputs++;
                inputAt = x.at();
                expected = List.of();
                continue;
            }
            if (input instanceof IntentAccepted a
                    && a.intent() != null
                    && Intent.TIMEOUT.equals(a.intent().type())) {
                String late = ClockPolicy.timeoutProblem(a, clock, clockSeq);
                if (late != null) {
                    return diverged(seq, null, events.get(i), late);
                }
                timedOut = a.seat();
            }
            if (input instanceof IntentAccepted a && Leaving.isLeave(a)) {
                // the leaves the rule makes were taken as the events of their timeout above
                return diverged(
                        seq,
                        null,
                        events.get(i),
                        "a concession made by the server where seat "
                                + a.seat()
                                + " has not left the game (D-LEAVE-1: the TURN clock run out in "
                                + Leaving.TURNS
                                + " turns in a row)");
            }
            if (input instanceof IntentAccepted a) {
                leaving.accepted(a, clock);
            }
            Decision d;
            try {
                if (input instanceof SeatTokenIssued t && t.request() != null) {
                    d = r.join(state, t.request());
                } else if (input instanceof IntentAccepted a) {
                    d = r.decide(state, a.intent());
                } else {
                    return diverged(
                            seq,
                            null,
                            events.get(i),
                            input instanceof SeatTokenIssued
                                    ? "the join's input is not recorded (a record from before joins were kept)"
                                    : "no recorded input causes this event: the rules produce nothing more before an input");
                }
            } catch (RuntimeException e) {
                return diverged(
                        seq, null, events.get(i), "the rules engine failed on this input: " + e);
            }
            if (!d.accepted()) {
                return diverged(
                        seq,
                        null,
                        events.get(i),
                        "the rules refuse this recorded input: "
                                + d.refusal().code()
                                + " ("
                                + d.refusal().message()
                                + ")");
            }
            state = r.evolve(state, input);
            i++;
            inputs++;
            expected = d.events();
        }
    }

    /**
     * Why a recorded time extension is not one the server could have made (null when it is): the
     * match running, the clock it names running for its seat and not yet run out, the seconds in
     * range ({@link ClockExtensions#problem}, the aggregate's rule).
     */
    private static String extensionProblem(ClockExtended x, GameState state, ClockSet clock) {
        if (x.tournamentId() == null || x.tournamentId().isEmpty()) {
            return "a time extension that names no ruling";
        }
        Refusal r = ClockExtensions.problem(state.status(), clock, x.seconds(), x.at());
        if (r != null) {
            return "a time extension the server could not make here ("
                    + r.code()
                    + ": "
                    + r.message()
                    + ")";
        }
        if (clock.seat() != x.seat()) {
            return "a time extension for seat "
                    + x.seat()
                    + " while seat "
                    + clock.seat()
                    + "'s clock runs";
        }
        return null;
    }

    /**
     * The clock the policy makes and the one recorded agree: in every field when the input's time
     * is recorded (an intent's {@code at}); otherwise (a join, whose time no event holds) in seat,
     * kind, turn and whether it has a deadline.
     */
    private static boolean sameClock(ClockSet want, ClockSet held, boolean timed) {
        if (timed) {
            return want.equals(held);
        }
        return want.seat() == held.seat()
                && want.kind() == held.kind()
                && want.turn() == held.turn()
                && (want.deadline() == null) == (held.deadline() == null);
    }

    /**
     * Equal as JSON values: members in any order, numbers by value (so 5 and 5.0 agree, as in
     * canonical JSON), a member whose value is null the same as an absent one (a field added later
     * to an event, e.g. PlayerJoined.accountId, is null in a replay and absent in old records).
     * Compares the two trees in place, without copying them (issue 18): the same answer as
     * comparing copies without their null members with {@code JsonNode.equals(Comparator,
     * JsonNode)} (ResimulationSameJsonTest).
     */
    static boolean sameJson(JsonNode a, JsonNode b) {
        return a != null && b != null && same(a, b);
    }

    private static boolean same(JsonNode a, JsonNode b) {
        if (a.isObject()) {
            if (!b.isObject()) {
                return false;
            }
            int members = 0;
            for (java.util.Iterator<java.util.Map.Entry<String, JsonNode>> it = a.fields();
                    it.hasNext(); ) {
                java.util.Map.Entry<String, JsonNode> m = it.next();
                if (m.getValue().isNull()) {
                    continue;
                }
                members++;
                JsonNode other = b.get(m.getKey());
                if (other == null || other.isNull() || !same(m.getValue(), other)) {
                    return false;
                }
            }
            // and b has no other member that is not null
            int inB = 0;
            for (JsonNode v : b) {
                if (!v.isNull()) {
                    inB++;
                }
            }
            return inB == members;
        }
        if (a.isArray()) {
            if (!b.isArray() || a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!same(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        // a value (or null, in an array)
        if (a.equals(b)) {
            return true;
        }
        return a.isNumber() && b.isNumber() && a.decimalValue().compareTo(b.decimalValue()) == 0;
    }

    private JsonNode node(MatchEvent e) {
        return mapper.valueToTree(e);
    }

    private Check diverged(long seq, MatchEvent expected, JsonNode recorded, String details) {
        ObjectNode ex = null;
        if (expected != null) {
            ex = JsonNodeFactory.instance.objectNode();
            ex.put("type", expected.type());
            ex.set("payload", node(expected));
        }
        ObjectNode rec = null;
        if (recorded != null) {
            rec = JsonNodeFactory.instance.objectNode();
            rec.set("type", recorded.get("type"));
            rec.set("payload", recorded.get("payload"));
        }
        return new Check(
                NAME,
                false,
                "first divergence at event " + seq + ": " + details,
                seq,
                new Divergence(seq, ex, rec));
    }
}
