package io.duelhall.infra.accounts;

import io.duelhall.domain.Refusal;
import io.duelhall.domain.RefusedException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A registered player's block list (issue 40; docs/matchmaking.md, "Block lists"): the queue never
 * seats a player at a table with an account it blocked, or that blocked it. With {@code
 * X-Player-Token}, as the queue takes it.
 */
@RestController
@RequestMapping(path = "/api/blocks", produces = "application/json")
@Tag(name = "identities")
class BlockController {
    private final Accounts accounts;
    private final PlayerBlocks blocks;

    BlockController(Accounts accounts, PlayerBlocks blocks) {
        this.accounts = accounts;
        this.blocks = blocks;
    }

    record Blocked(String name, Instant since) {}

    @Operation(summary = "The accounts this player blocked, oldest first")
    @GetMapping
    List<Blocked> list(@RequestHeader(name = "X-Player-Token", required = false) String token) {
        Accounts.Account me = me(token);
        return blocks.list(me.accountId()).stream()
                .map(b -> new Blocked(b.name(), b.since()))
                .toList();
    }

    @Operation(
            summary = "Block a registered player",
            description =
                    "204; the queue never seats the two at one table. 404 PLAYER_NOT_FOUND, 400"
                            + " CANNOT_BLOCK_SELF, 409 TOO_MANY_BLOCKS, 401 PLAYER_TOKEN_REQUIRED /"
                            + " INVALID_PLAYER_TOKEN.")
    @PutMapping("/{name}")
    ResponseEntity<Void> block(
            @PathVariable String name,
            @RequestHeader(name = "X-Player-Token", required = false) String token) {
        Accounts.Account me = me(token);
        Accounts.Account other = other(name);
        if (other.accountId().equals(me.accountId())) {
            throw new RefusedException(
                    Refusal.malformed("CANNOT_BLOCK_SELF", "A player cannot block itself."));
        }
        if (blocks.count(me.accountId()) >= PlayerBlocks.MAX
                && blocks.blockedBy(me.accountId()).stream().noneMatch(other.accountId()::equals)) {
            throw new RefusedException(
                    Refusal.conflict(
                            "TOO_MANY_BLOCKS",
                            null,
                            "A block list holds at most "
                                    + PlayerBlocks.MAX
                                    + " players; unblock one first."));
        }
        blocks.block(me.accountId(), other.accountId());
        return ResponseEntity.noContent().build();
    }

    @Operation(summary = "Unblock a player: 204, also when it was not blocked")
    @DeleteMapping("/{name}")
    ResponseEntity<Void> unblock(
            @PathVariable String name,
            @RequestHeader(name = "X-Player-Token", required = false) String token) {
        Accounts.Account me = me(token);
        blocks.unblock(me.accountId(), other(name).accountId());
        return ResponseEntity.noContent().build();
    }

    private Accounts.Account me(String token) {
        if (token == null || token.isBlank()) {
            throw new RefusedException(
                    Refusal.unauthorized(
                            "PLAYER_TOKEN_REQUIRED",
                            "Block lists are a registered player's: send 'X-Player-Token: <playerToken>' (POST /api/sessions)."));
        }
        return accounts.byToken(token)
                .orElseThrow(
                        () ->
                                new RefusedException(
                                        Refusal.unauthorized(
                                                "INVALID_PLAYER_TOKEN",
                                                "The player token is unknown, expired or revoked; log in again.")));
    }

    private Accounts.Account other(String name) {
        return accounts.byName(name)
                .orElseThrow(
                        () ->
                                new RefusedException(
                                        Refusal.notFound(
                                                "PLAYER_NOT_FOUND",
                                                "No registered player is named '"
                                                        + (name.length() > 40
                                                                ? name.substring(0, 40) + "…"
                                                                : name)
                                                        + "'.")));
    }
}
