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
import org.springframework.stereotype.Component;

import java.util.Base64;
import java.util.HexFormat;
import java.util.List;

/**
 * Seats the server's AI players. An AI seat is taken like any other — a {@link TakeSeat} command with a
 * starter deck and the hash of a bearer token — and later plays through the same {@code SubmitIntent} path as a
 * person. The token is 32 random bytes that nobody ever holds: only its hash is stored (in the seat's
 * {@code SeatTokenIssued}, as for every seat), and the {@link AiDriver}, which sends commands inside the server, signs
 * the AI's intents with that stored hash. So the AI seat depends on no secret of a node: any node that reads the
 * event store can play it (an earlier build derived the token from a per-node key file, which broke AI matches
 * created on one node and played by another; the hashes those matches stored still work the same way).
 */
@Component
public class AiSeats {
    private final CommandGateway commands;
    private final VoidexaRuleset voidexa;

    public AiSeats(CommandGateway commands, VoidexaRuleset voidexa) {
        this.commands = commands;
        this.voidexa = voidexa;
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
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(Tokens.randomBytes(32));
        JoinOutcome out = commands.sendAndWait(new TakeSeat(matchId, join, SeatTokens.hash(token)));
        if (out.refusal() != null) {
            throw new IllegalStateException("the AI could not take seat " + seat + " of " + matchId + ": " + out.refusal());
        }
        if (out.seat() != seat) {
            throw new IllegalStateException("the AI meant to take seat " + seat + " of " + matchId + " but got " + out.seat());
        }
        return out;
    }
}
