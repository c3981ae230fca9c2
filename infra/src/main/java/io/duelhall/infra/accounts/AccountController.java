package io.duelhall.infra.accounts;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.duelhall.domain.SeatTokens;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.security.SecurityRequirement;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.util.UriUtils;

/** Registered players and their player tokens; see docs/identities.md. */
@RestController
@RequestMapping("/api")
@Tag(
        name = "identities",
        description = "Registered players: register, log in (a player token), log out.")
class AccountController {
    private final Accounts accounts;
    private final org.springframework.beans.factory.ObjectProvider<
                    io.duelhall.command.queue.QueueStanding>
            standing;

    public AccountController(
            Accounts accounts,
            org.springframework.beans.factory.ObjectProvider<
                            io.duelhall.command.queue.QueueStanding>
                    standing) {
        this.accounts = accounts;
        this.standing = standing;
    }

    public record Credentials(String name, String password) {}

    public record Registered(String accountId, String name) {}

    /**
     * Who the player token is, and its standing in the queues (issue 40): dodges in all and within
     * the window, and until when it may not queue (null: it may).
     */
    public record Me(
            String accountId,
            String name,
            io.duelhall.command.queue.QueueStanding.Standing queue) {}

    public record LoggedIn(String accountId, String name, String playerToken, Instant expiresAt) {}

    @Operation(
            summary = "Register a player",
            description =
                    "201 {accountId,name}; 409 NAME_TAKEN when the name equals"
                            + " a registered one after NFKC and case folding; 400 WEAK_PASSWORD (< 10 chars) or PASSWORD_TOO_LONG (> 72 bytes).",
            responses = {
                @ApiResponse(
                        responseCode = "201",
                        description = "Registered; Location is the player's history",
                        content = @Content(schema = @Schema(implementation = Registered.class))),
                @ApiResponse(
                        responseCode = "400",
                        description =
                                "INVALID_NAME (1-32 characters, no control or"
                                        + " bidi characters), WEAK_PASSWORD, PASSWORD_TOO_LONG, MISSING_BODY or malformed JSON"),
                @ApiResponse(
                        responseCode = "409",
                        description = "NAME_TAKEN (also by another case or an NFKC-equal form)"),
                @ApiResponse(
                        responseCode = "429",
                        description = "RATE_LIMITED: log-ins and registrations per address")
            })
    @PostMapping("/players")
    public ResponseEntity<Registered> register(@RequestBody(required = false) Credentials body) {
        if (body == null) {
            throw new RefusedException(
                    Refusal.malformed("MISSING_BODY", "Send {\"name\": ..., \"password\": ...}."));
        }
        Accounts.Account a = accounts.register(body.name(), body.password());
        URI history =
                URI.create(
                        "/api/players/"
                                + UriUtils.encodePathSegment(a.name(), StandardCharsets.UTF_8)
                                + "/matches");
        return ResponseEntity.created(history).body(new Registered(a.accountId(), a.name()));
    }

    @Operation(
            summary = "Log in",
            description =
                    "201 with an opaque player token (send it as 'X-Player-Token' when"
                            + " taking a seat, or as 'Authorization: Bearer' on /api/sessions/me); 401 WRONG_CREDENTIALS.",
            responses = {
                @ApiResponse(
                        responseCode = "201",
                        description = "Logged in: the player token, valid 7 days unless revoked",
                        content = @Content(schema = @Schema(implementation = LoggedIn.class))),
                @ApiResponse(responseCode = "400", description = "MISSING_BODY or malformed JSON"),
                @ApiResponse(
                        responseCode = "401",
                        description =
                                "WRONG_CREDENTIALS (unknown name or wrong password: one answer)"),
                @ApiResponse(
                        responseCode = "429",
                        description = "RATE_LIMITED: log-ins and registrations per address")
            })
    @PostMapping("/sessions")
    public ResponseEntity<LoggedIn> login(@RequestBody(required = false) Credentials body) {
        if (body == null) {
            throw new RefusedException(
                    Refusal.malformed("MISSING_BODY", "Send {\"name\": ..., \"password\": ...}."));
        }
        Accounts.Session s = accounts.login(body.name(), body.password());
        return ResponseEntity.status(201)
                .body(new LoggedIn(s.accountId(), s.name(), s.token(), s.expiresAt()));
    }

    @Operation(
            summary = "Who am I",
            description =
                    "The account of the player token and its standing in the queues (dodges, a"
                            + " cooldown); 401 when missing, expired or revoked.",
            security = @SecurityRequirement(name = "bearer"),
            responses = {
                @ApiResponse(
                        responseCode = "200",
                        content = @Content(schema = @Schema(implementation = Me.class))),
                @ApiResponse(responseCode = "401", description = "INVALID_PLAYER_TOKEN")
            })
    @GetMapping("/sessions/me")
    public Me me(@RequestHeader(name = "Authorization", required = false) String authorization) {
        return accounts.byToken(SeatTokens.bearer(authorization))
                .map(
                        a -> {
                            var q = standing.getIfAvailable();
                            return new Me(
                                    a.accountId(),
                                    a.name(),
                                    q == null ? null : q.of(a.accountId()));
                        })
                .orElseThrow(
                        () ->
                                new RefusedException(
                                        Refusal.unauthorized(
                                                "INVALID_PLAYER_TOKEN",
                                                "Send a live player token as 'Authorization: Bearer <token>'.")));
    }

    @Operation(
            summary = "Log out",
            description = "Revokes the player token: 204; 401 when it was not live.",
            security = @SecurityRequirement(name = "bearer"),
            responses = {
                @ApiResponse(
                        responseCode = "204",
                        description = "Revoked: the token is refused from now on, on every node"),
                @ApiResponse(responseCode = "401", description = "INVALID_PLAYER_TOKEN")
            })
    @DeleteMapping("/sessions/me")
    public ResponseEntity<Void> logout(
            @RequestHeader(name = "Authorization", required = false) String authorization) {
        if (!accounts.revoke(SeatTokens.bearer(authorization))) {
            throw new RefusedException(
                    Refusal.unauthorized("INVALID_PLAYER_TOKEN", "That player token is not live."));
        }
        return ResponseEntity.noContent().build();
    }
}
