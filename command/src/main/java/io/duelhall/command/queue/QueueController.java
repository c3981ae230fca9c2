package io.duelhall.command.queue;

import io.duelhall.command.api.PlayerIdentities;
import io.duelhall.command.api.Requests;
import io.duelhall.command.match.Tokens;
import io.duelhall.command.queue.QueueCommands.CancelTicket;
import io.duelhall.command.queue.QueueCommands.OpenTicket;
import io.duelhall.command.queue.QueueCommands.Outcome;
import io.duelhall.command.queue.QueueCommands.ReadTicket;
import io.duelhall.command.queue.QueueCommands.TicketState;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.rng.Sha256;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.axonframework.modelling.command.AggregateNotFoundException;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Matchmaking over HTTP (API.md, "Matchmaking"): the queues, a ticket's opening, reading and
 * cancelling. The ticket token is a bearer secret of its holder; the seat token of the match it is
 * seated in is derived from it, so the server stores neither, only their hashes.
 */
@RestController
@RequestMapping(path = "/api", produces = "application/json")
class QueueController {
    private final CommandGateway commands;
    private final Rulesets rulesets;
    private final WaveRunner runner;
    private final QueueProperties props;
    private final ObjectProvider<PlayerIdentities> identities;
    private final TicketStreams streams;
    private final QueueStanding standing;

    QueueController(
            CommandGateway commands,
            Rulesets rulesets,
            WaveRunner runner,
            QueueProperties props,
            ObjectProvider<PlayerIdentities> identities,
            TicketStreams streams,
            QueueStanding standing) {
        this.streams = streams;
        this.standing = standing;
        this.commands = commands;
        this.rulesets = rulesets;
        this.runner = runner;
        this.props = props;
        this.identities = identities;
    }

    record QueueSummary(
            String ruleset,
            int seats,
            boolean rated,
            int waiting,
            long waitP50Ms,
            long waitP95Ms) {}

    record TicketRequest(Integer seats, Boolean rated, Requests.TakeSeat seat, String clientSeed) {}

    record Opened(
            String ticketId,
            String ticketToken,
            String status,
            Instant since,
            QueueSummary queue) {}

    record Window(double ratingGap) {}

    record Seating(String matchId, String seat, String playerToken) {}

    record TicketView(
            String ticketId,
            String status,
            Instant since,
            long waitedMs,
            Window window,
            Seating match) {}

    @GetMapping("/queues")
    List<QueueSummary> queues() {
        List<QueueSummary> out = new ArrayList<>();
        for (QueueKey key : runner.queues()) {
            out.add(summary(key));
        }
        return out;
    }

    private QueueSummary summary(QueueKey key) {
        long[] p = runner.waitPercentiles(key);
        return new QueueSummary(
                key.ruleset(), key.seats(), key.rated(), runner.waiting(key), p[0], p[1]);
    }

    @PostMapping("/queues/{ruleset}/tickets")
    ResponseEntity<Opened> open(
            @PathVariable String ruleset,
            @RequestBody(required = false) TicketRequest body,
            @RequestHeader(name = PlayerIdentities.HEADER, required = false) String playerToken,
            HttpServletRequest request) {
        Ruleset rules =
                rulesets.find(ruleset)
                        .orElseThrow(
                                () ->
                                        new RefusedException(
                                                Refusal.notFound(
                                                        "UNKNOWN_QUEUE",
                                                        "No queues for '"
                                                                + (ruleset.length() > 40
                                                                        ? ruleset.substring(0, 40)
                                                                                + "…"
                                                                        : ruleset)
                                                                + "'; this server hosts "
                                                                + rulesets.ids()
                                                                + ".")));
        if (body == null) {
            throw bad(
                    "MISSING_BODY",
                    "Send {\"seats\": N, \"rated\": true|false, \"seat\": {the seat request}}.");
        }
        int seats = body.seats() == null ? Math.max(2, rules.minSeats()) : body.seats();
        int min = Math.max(2, rules.minSeats());
        int max = Math.min(6, rules.maxSeats());
        if (seats < min || seats > max) {
            throw bad(
                    "OUT_OF_RANGE",
                    ruleset
                            + " queues have "
                            + min
                            + " to "
                            + max
                            + " seats; "
                            + seats
                            + " asked.");
        }
        boolean rated = Boolean.TRUE.equals(body.rated());
        QueueKey key = new QueueKey(rules.id(), seats, rated);
        PlayerIdentities.Player player = player(playerToken);
        if (rated && player == null) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "PLAYER_TOKEN_REQUIRED",
                            "Rated queues take registered players: send 'X-Player-Token: <playerToken>' (POST /api/sessions)."));
        }
        if (body.seat() == null) {
            throw bad(
                    "MISSING_FIELD",
                    "seat is required: a seat request as GET /api/rulesets/"
                            + rules.id()
                            + "/decks/starter lists.");
        }
        String ticketId = key.id() + "." + UUID.randomUUID();
        String name =
                player != null
                        ? player.name()
                        : body.seat().name() != null
                                ? body.seat().name()
                                : "Guest-" + ticketId.substring(ticketId.length() - 6);
        Requests.TakeSeat seat =
                new Requests.TakeSeat(
                        name,
                        body.seat().pilotClass(),
                        body.seat().deck(),
                        body.clientSeed() != null ? body.clientSeed() : body.seat().clientSeed(),
                        body.seat().picks(),
                        body.seat().cards());
        Requests.seat(seat);
        String clientSeed = seat.clientSeed();
        JoinRequest join =
                new JoinRequest(
                                name,
                                seat.pilotClass(),
                                seat.deck() == null ? null : seat.deck().shipCore(),
                                seat.deckCards(),
                                clientSeed != null
                                        ? clientSeed
                                        : HexFormat.of().formatHex(Tokens.randomBytes(32)),
                                player != null ? player.accountId() : null,
                                seat.picks())
                        .seedChosenBy(
                                clientSeed != null
                                        ? JoinRequest.SEED_BY_PLAYER
                                        : JoinRequest.SEED_BY_SERVER);
        Refusal refused = rules.checkSeat(runner.options(key), join);
        if (refused != null) {
            throw new RefusedException(refused);
        }
        Instant now = runner.now();
        if (player != null) {
            coolingDown(player.accountId(), now);
        }
        String token = "tt_" + Tokens.newToken();
        Outcome out =
                commands.sendAndWait(
                        new OpenTicket(
                                key.id(),
                                ticketId,
                                SeatTokens.hash(token),
                                SeatTokens.hash(seatToken(token)),
                                player != null ? player.accountId() : "guest:" + UUID.randomUUID(),
                                player == null,
                                request.getRemoteAddr(),
                                join,
                                now,
                                runner.rules(key),
                                runner.rematch()));
        if (out.refusal() != null) {
            throw new RefusedException(out.refusal());
        }
        runner.opened(key, out.waiting(), out.seatableNow());
        return ResponseEntity.created(URI.create("/api/tickets/" + ticketId))
                .body(new Opened(ticketId, token, "QUEUED", now, summary(key)));
    }

    /**
     * {@code 403 QUEUE_COOLDOWN} while the account dodged {@code dodges-before-cooldown} seats
     * within {@code dodge-window} and the latest ended less than {@code dodge-cooldown} ago: the
     * players a dodger would be seated with lose their wait, then a game to the clock.
     */
    private void coolingDown(String account, Instant now) {
        QueueStanding.Standing st = standing.of(account, now);
        if (st.cooldownUntil() != null) {
            throw new RefusedException(
                    Refusal.forbidden(
                            "QUEUE_COOLDOWN",
                            null,
                            "This account left "
                                    + st.recentDodges()
                                    + " matched seats unplayed (lost on the clock without a move)"
                                    + " within "
                                    + standing.windowMinutes()
                                    + " min: it may queue again at "
                                    + st.cooldownUntil()
                                            .truncatedTo(java.time.temporal.ChronoUnit.SECONDS)
                                    + "."));
        }
    }

    @GetMapping("/tickets/{ticketId}")
    TicketView read(
            @PathVariable String ticketId,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        String token = token(authorization);
        QueueKey key = queueOf(ticketId);
        TicketState t = send(new ReadTicket(key.id(), ticketId, SeatTokens.hash(token)));
        if (t.refusal() != null) {
            throw new RefusedException(t.refusal());
        }
        return view(ticketId, t, token, runner.now(), props);
    }

    /** The seat count of a ticket's queue. */
    static int seatsOf(String ticketId) {
        return QueueKey.ofTicket(ticketId).map(QueueKey::seats).orElse(2);
    }

    /** What the ticket's holder reads: by {@code GET}, and on its stream at each change. */
    static TicketView view(
            String ticketId, TicketState t, String token, Instant now, QueueProperties props) {
        Instant until = t.closedAt() != null ? t.closedAt() : now;
        long waited = Math.max(0, Duration.between(t.since(), until).toMillis());
        Seating match =
                t.matchId() == null ? null : new Seating(t.matchId(), t.seat(), seatToken(token));
        return new TicketView(
                ticketId,
                t.status(),
                t.since(),
                waited,
                new Window(props.rules(seatsOf(ticketId)).windowAt(waited, t.scarcity())),
                match);
    }

    /**
     * {@code GET /api/tickets/{id}/stream}: Server-Sent Events of the ticket (API.md), each an
     * {@code event: ticket} with what {@code GET} answers: at once, then every second while it
     * waits (its wait and window grow), then once more when it is matched, cancelled or expired,
     * and the stream ends. The token as {@code Authorization: Bearer …} or, for EventSource, as
     * {@code ?access_token=}. Refused as {@code GET} is (401, 404) before anything is sent; {@code
     * 429 TOO_MANY_STREAMS} past the cap of the address or the node.
     */
    @GetMapping(
            path = "/tickets/{ticketId}/stream",
            produces = {"text/event-stream", "application/json"})
    ResponseEntity<?> stream(
            @PathVariable String ticketId,
            @RequestHeader(name = "Authorization", required = false) String authorization,
            @RequestParam(name = "access_token", required = false) String accessToken,
            jakarta.servlet.http.HttpServletRequest request) {
        String auth = io.duelhall.domain.SeatTokens.authorization(authorization, accessToken);
        TicketView first = read(ticketId, auth);
        return ResponseEntity.ok()
                .contentType(org.springframework.http.MediaType.TEXT_EVENT_STREAM)
                .header("Cache-Control", "no-cache")
                .header("X-Accel-Buffering", "no")
                .body(streams.open(queueOf(ticketId), token(auth), request.getRemoteAddr(), first));
    }

    @DeleteMapping("/tickets/{ticketId}")
    ResponseEntity<Void> cancel(
            @PathVariable String ticketId,
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        String token = token(authorization);
        QueueKey key = queueOf(ticketId);
        Outcome out =
                send(new CancelTicket(key.id(), ticketId, SeatTokens.hash(token), runner.now()));
        if (out.refusal() != null) {
            throw new RefusedException(out.refusal());
        }
        return ResponseEntity.noContent().build();
    }

    /** The seat token a ticket hands out once matched: derived from its token, stored as a hash. */
    static String seatToken(String ticketToken) {
        byte[] digest =
                Sha256.of(
                        ("duelhall queue seat token\n" + ticketToken)
                                .getBytes(StandardCharsets.UTF_8));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
    }

    private <R> R send(Object command) {
        try {
            return commands.sendAndWait(command);
        } catch (AggregateNotFoundException e) {
            throw new RefusedException(Refusal.notFound("TICKET_NOT_FOUND", "No such ticket."));
        }
    }

    private PlayerIdentities.Player player(String playerToken) {
        if (playerToken == null) {
            return null;
        }
        PlayerIdentities ids = identities.getIfAvailable();
        PlayerIdentities.Player p = ids == null ? null : ids.byToken(playerToken).orElse(null);
        if (p == null) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "INVALID_PLAYER_TOKEN",
                            "The player token is unknown, expired or revoked; log in again, or queue unrated as a guest without it."));
        }
        return p;
    }

    private static String token(String authorization) {
        String token = SeatTokens.bearer(authorization);
        if (token == null || token.length() > 200) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "MISSING_TOKEN",
                            "Send the ticket's token as 'Authorization: Bearer <ticketToken>'."));
        }
        return token;
    }

    private static QueueKey queueOf(String ticketId) {
        return QueueKey.ofTicket(ticketId)
                .orElseThrow(
                        () ->
                                new RefusedException(
                                        Refusal.notFound("TICKET_NOT_FOUND", "No such ticket.")));
    }

    private static RefusedException bad(String code, String message) {
        return new RefusedException(Refusal.malformed(code, message));
    }
}
