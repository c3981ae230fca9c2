package io.duelhall.command.ai;

import io.duelhall.command.api.Tokens;
import io.duelhall.command.match.JoinOutcome;
import io.duelhall.command.match.TakeSeat;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seats the server's AI players. An AI seat is taken like any other — a {@link TakeSeat} command with a
 * starter deck and the hash of a bearer token — and later plays with that token through the same
 * {@code SubmitIntent} path as a person. Its token is not stored anywhere: it is
 * HMAC-SHA256(server AI key, matchId ‖ seat), so the server can recompute it after a restart. The key is
 * 32 random bytes kept in {@code duelhall.ai.key-file} (created at first start).
 */
@Component
public class AiSeats {
    private final CommandGateway commands;
    private final VoidexaRuleset voidexa;
    private final byte[] key;

    public AiSeats(CommandGateway commands, VoidexaRuleset voidexa,
                   @Value("${duelhall.ai.key-file:${duelhall.data-dir:./data}/ai-seat.key}") Path keyFile) {
        this.commands = commands;
        this.voidexa = voidexa;
        this.key = loadOrCreate(keyFile);
    }

    /** After a match was created: the AI takes seat A if it plays A, and then B if it plays both. */
    public JoinOutcome afterCreate(String matchId, MatchOptions options) {
        JoinOutcome last = null;
        if (options.aiPlayer(Seat.A) != null) {
            last = take(matchId, Seat.A, options.aiPlayer(Seat.A));
            if (options.aiPlayer(Seat.B) != null) {
                last = take(matchId, Seat.B, options.aiPlayer(Seat.B));
            }
        }
        return last;
    }

    /** After a person took {@code seat}: if it was A and the AI plays B, the AI sits down now. Null if it does not. */
    public JoinOutcome afterJoin(String matchId, MatchOptions options, Seat seat) {
        if (seat == Seat.A && options.aiPlayer(Seat.B) != null) {
            return take(matchId, Seat.B, options.aiPlayer(Seat.B));
        }
        return null;
    }

    private JoinOutcome take(String matchId, Seat seat, String player) {
        List<StarterDeck> decks = voidexa.catalog().starterDecks();
        StarterDeck deck = decks.get(seat == Seat.A ? 0 : 1 % decks.size());
        JoinRequest join = new JoinRequest(player + " AI", deck.pilotClass(), deck.shipCore(), deck.cards(),
                HexFormat.of().formatHex(Tokens.randomBytes(32)));
        JoinOutcome out = commands.sendAndWait(new TakeSeat(matchId, join, SeatTokens.hash(token(matchId, seat))));
        if (out.refusal() != null) {
            throw new IllegalStateException("the AI could not take seat " + seat + " of " + matchId + ": " + out.refusal());
        }
        if (out.seat() != seat) {
            throw new IllegalStateException("the AI meant to take seat " + seat + " of " + matchId + " but got " + out.seat());
        }
        return out;
    }

    /** The bearer token of the AI playing {@code seat} in {@code matchId}. */
    public String token(String matchId, Seat seat) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] t = mac.doFinal((matchId + "\n" + seat.name()).getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(t);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] loadOrCreate(Path file) {
        try {
            if (Files.exists(file)) {
                byte[] k = Files.readAllBytes(file);
                if (k.length >= 32) {
                    return k;
                }
            }
            Files.createDirectories(file.toAbsolutePath().getParent());
            byte[] k = Tokens.randomBytes(32);
            Files.write(file, k);
            return k;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read or create the AI seat key " + file, e);
        }
    }
}
