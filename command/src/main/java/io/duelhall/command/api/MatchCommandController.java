package io.duelhall.command.api;

import io.duelhall.command.ai.AiSeats;
import io.duelhall.command.match.CreateMatch;
import io.duelhall.command.match.IntentOutcome;
import io.duelhall.command.match.JoinOutcome;
import io.duelhall.command.match.SubmitIntent;
import io.duelhall.command.match.TakeSeat;
import io.duelhall.command.match.Tokens;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.Viewer;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.eventhandling.DomainEventMessage;
import org.axonframework.eventsourcing.eventstore.EventStore;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The intent API of API.md: create a match, take a seat, send intents. Thin: checks the shape,
 * sends a command.
 */
@RestController
@RequestMapping(path = "/api/matches", produces = "application/json")
class MatchCommandController {
    private final CommandGateway commands;
    private final EventStore eventStore;
    private final Rulesets rulesets;
    private final Clock clock;
    private final RefusalLog refusals;
    private final AiSeats aiSeats;
    private final ObjectProvider<PlayerIdentities> identities;

    public MatchCommandController(
            CommandGateway commands,
            EventStore eventStore,
            Rulesets rulesets,
            Clock clock,
            RefusalLog refusals,
            AiSeats aiSeats,
            ObjectProvider<PlayerIdentities> identities) {
        this.identities = identities;
        this.refusals = refusals;
        this.aiSeats = aiSeats;
        this.commands = commands;
        this.eventStore = eventStore;
        this.rulesets = rulesets;
        this.clock = clock;
    }

    /**
     * One event of a match as returned to a seat: its sequence number, type and (redacted) payload.
     */
    public record EventOut(long seq, String type, MatchEvent payload) {}

    /**
     * {@code seatDeadline}: when the match expires if a seat is still free then (null: never; issue
     * 19). {@code invitation}: the invitation's secret of a match by invitation, returned once
     * (null: the match is open for anyone; issue 45, finding 3).
     */
    public record Created(
            String matchId,
            String ruleset,
            String seedCommitment,
            String status,
            MatchOptions options,
            java.time.Instant seatDeadline,
            String invitation) {}

    public record Seated(
            String matchId, String seat, String playerToken, String status, long version) {}

    public record Accepted(long version, List<EventOut> events) {}

    @PostMapping
    public ResponseEntity<Created> create(
            @RequestBody(required = false) Requests.CreateMatch body) {
        String ruleset = body == null || body.ruleset() == null ? "voidexa" : body.ruleset();
        Requests.text("ruleset", ruleset, 40);
        if (rulesets.find(ruleset).isEmpty()) {
            throw Requests.bad(
                    "UNKNOWN_RULESET",
                    "Unknown ruleset '" + ruleset + "'; this server hosts " + rulesets.ids() + ".");
        }
        MatchOptions options =
                Requests.options(
                        body == null ? null : body.options(),
                        body == null ? null : body.ai(),
                        aiSeats.names(ruleset));
        Ruleset rules = rulesets.get(ruleset);
        int seats =
                options.seatCount(
                        rules); // a count out of the ruleset's range is refused by Ruleset.open
        if (seats >= 1
                && options.ai() != null
                && options.ai().keySet().stream().anyMatch(s -> s.ordinal() >= seats)) {
            throw Requests.bad(
                    "INVALID_FIELD",
                    "ai takes seats A to "
                            + Seat.values()[seats - 1]
                            + " for this "
                            + ruleset
                            + " match; "
                            + options.ai().keySet()
                            + " asks for more.");
        }
        Integer seating =
                body == null || body.options() == null ? null : body.options().seatingSeconds();
        io.duelhall.domain.Refusal badSeating = io.duelhall.domain.SeatDeadlines.problem(seating);
        if (badSeating != null) {
            throw new io.duelhall.domain.RefusedException(badSeating);
        }
        boolean byInvitation =
                body != null
                        && body.options() != null
                        && Boolean.TRUE.equals(body.options().invitation());
        String invitation = byInvitation ? Tokens.newToken() : null;
        String matchId = UUID.randomUUID().toString();
        commands.sendAndWait(
                new CreateMatch(
                        matchId,
                        ruleset,
                        options,
                        Tokens.randomBytes(32),
                        seating,
                        invitation == null ? null : SeatTokens.hash(invitation)));
        var stored = eventStore.readEvents(matchId);
        MatchOpening opening = (MatchOpening) stored.next().getPayload();
        java.time.Instant seatDeadline = null;
        while (stored.hasNext()) {
            if (stored.next().getPayload() instanceof io.duelhall.domain.SeatDeadlineSet s) {
                seatDeadline = s.deadline();
                break;
            }
        }
        JoinOutcome ai = aiSeats.afterCreate(opening);
        String status = ai == null ? "WAITING" : ai.status().name();
        return ResponseEntity.created(URI.create("/api/matches/" + matchId))
                .body(
                        new Created(
                                matchId,
                                ruleset,
                                opening.seedCommitment(),
                                status,
                                opening.options(),
                                seatDeadline,
                                invitation));
    }

    @PostMapping("/{matchId}/seats")
    public ResponseEntity<?> takeSeat(
            @PathVariable String matchId,
            @RequestBody(required = false) Requests.TakeSeat body,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String playerToken) {
        Requests.seat(body);
        PlayerIdentities.Player player = null;
        if (playerToken != null) {
            PlayerIdentities ids = identities.getIfAvailable();
            player = ids == null ? null : ids.byToken(playerToken).orElse(null);
            if (player == null) {
                throw new RefusedException(
                        Refusal.unauthorized(
                                "INVALID_PLAYER_TOKEN",
                                "The player token is unknown, expired or revoked; log in again or take the seat as a guest."));
            }
        }
        String token = Tokens.newToken();
        String clientSeed =
                body.clientSeed() != null
                        ? body.clientSeed()
                        : HexFormat.of().formatHex(Tokens.randomBytes(32));
        // a registered player plays under the account's name; a guest under the name sent
        JoinRequest join =
                new JoinRequest(
                                player != null ? player.name() : body.name(),
                                body.pilotClass(),
                                body.deck() == null ? null : body.deck().shipCore(),
                                body.deckCards(),
                                clientSeed,
                                player != null ? player.accountId() : null,
                                body.picks())
                        .seedChosenBy(
                                body.clientSeed() != null
                                        ? JoinRequest.SEED_BY_PLAYER
                                        : JoinRequest.SEED_BY_SERVER);
        JoinOutcome out =
                commands.sendAndWait(
                        TakeSeat.byClient(
                                matchId, join, SeatTokens.hash(token), body.invitation()));
        if (out.refusal() != null) {
            return ApiErrors.of(out.refusal());
        }
        MatchStatus status = out.status();
        MatchOpening opening = (MatchOpening) eventStore.readEvents(matchId).next().getPayload();
        if (opening.options() != null && opening.options().ai() != null) {
            JoinOutcome ai = aiSeats.afterJoin(opening, out.seat());
            status = ai == null ? status : ai.status();
        }
        return ResponseEntity.created(URI.create("/api/matches/" + matchId + "/view"))
                .body(new Seated(matchId, out.seat().name(), token, status.name(), out.version()));
    }

    @PostMapping("/{matchId}/intents")
    public ResponseEntity<?> intent(
            @PathVariable String matchId,
            @RequestHeader(name = "Authorization", required = false) String authorization,
            @RequestBody(required = false) Requests.IntentBody body) {
        String token = SeatTokens.bearer(authorization);
        if (token == null) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "MISSING_TOKEN",
                            "Send the seat's token as 'Authorization: Bearer <playerToken>'."));
        }
        Intent intent = Requests.intent(body);
        String tokenHash = SeatTokens.hash(token);
        IntentOutcome out =
                commands.sendAndWait(
                        new SubmitIntent(
                                matchId,
                                body.intentId(),
                                tokenHash,
                                Requests.fingerprint(tokenHash, body, intent),
                                intent,
                                body.expectedVersion(),
                                clock.instant()));
        if (out.refusal() != null) {
            if (out.refusal().category()
                    != Refusal.Category.MALFORMED) { // a malformed body is answered, never kept
                refusals.refused(matchId, body.intentId(), out.seat(), out.refusal(), intent);
            }
            return ApiErrors.of(out.refusal());
        }
        Ruleset ruleset = rulesets.find(out.ruleset(), out.rules()).orElseThrow();
        Viewer viewer =
                out.status() == MatchStatus.ENDED ? Viewer.EVERYONE : Viewer.seat(out.seat());
        List<EventOut> events = new ArrayList<>();
        if (out.replay()) {
            var stream = eventStore.readEvents(matchId, out.fromSeq());
            while (stream.hasNext()) {
                DomainEventMessage<?> m = stream.next();
                if (m.getSequenceNumber() > out.version()) {
                    break;
                }
                MatchEvent e = ruleset.redact((MatchEvent) m.getPayload(), viewer);
                events.add(new EventOut(m.getSequenceNumber(), e.type(), e));
            }
        } else {
            long seq = out.fromSeq();
            for (MatchEvent e : out.events()) {
                events.add(new EventOut(seq++, e.type(), ruleset.redact(e, viewer)));
            }
        }
        return ResponseEntity.ok(new Accepted(out.version(), events));
    }
}
