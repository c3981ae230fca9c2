package io.duelhall.command.ai;

import io.duelhall.command.match.JoinOutcome;
import io.duelhall.command.match.TakeSeat;
import io.duelhall.command.match.Tokens;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokens;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.springframework.stereotype.Component;

/**
 * Seats the server's AI players. An AI seat is taken like any other — a {@link TakeSeat} command
 * with a starter deck and the hash of a bearer token — and later plays through the same {@code
 * SubmitIntent} path as a person. The token is 32 random bytes that nobody ever holds: only its
 * hash is stored (in the seat's {@code SeatTokenIssued}, as for every seat), and the {@link
 * AiDriver}, which sends commands inside the server, signs the AI's intents with that stored hash.
 * So the AI seat depends on no secret of a node: any node that reads the event store can play it
 * (an earlier build derived the token from a per-node key file, which broke AI matches created on
 * one node and played by another; the hashes those matches stored still work the same way).
 */
@Component
public class AiSeats {
    private final CommandGateway commands;
    private final Rulesets rulesets;
    private final AiPlayers players;

    public AiSeats(CommandGateway commands, Rulesets rulesets, AiPlayers players) {
        this.commands = commands;
        this.rulesets = rulesets;
        this.players = players;
    }

    /** The AI names a match of {@code ruleset} may seat (empty: it has no AI). */
    public List<String> names(String ruleset) {
        return players.names(ruleset);
    }

    /**
     * After a match was created: the AI takes the seats it plays, in seat order, for as long as
     * they are the next seats to fill (A, then B if it plays both, ...). The last seat taken, or
     * null.
     */
    public JoinOutcome afterCreate(MatchOpening opening) {
        return fillFrom(opening, Seat.A);
    }

    /**
     * After a person took {@code seat}: the AI sits down in the seats it plays right after it. Null
     * if it does not.
     */
    public JoinOutcome afterJoin(MatchOpening opening, Seat seat) {
        return seat.ordinal() + 1 < Seat.values().length
                ? fillFrom(opening, Seat.values()[seat.ordinal() + 1])
                : null;
    }

    private JoinOutcome fillFrom(MatchOpening opening, Seat first) {
        MatchOptions options = opening.options();
        Ruleset rules = rulesets.forMatch(opening);
        JoinOutcome last = null;
        for (int i = first.ordinal();
                i < options.seatCount(rules) && options.aiPlayer(Seat.values()[i]) != null;
                i++) {
            Seat seat = Seat.values()[i];
            last = take(opening.matchId(), rules, seat, options.aiPlayer(seat));
        }
        return last;
    }

    private JoinOutcome take(String matchId, Ruleset rules, Seat seat, String player) {
        JoinRequest join =
                players.seatRequest(
                                rules,
                                seat,
                                player + " AI",
                                HexFormat.of().formatHex(Tokens.randomBytes(32)))
                        .seedChosenBy(JoinRequest.SEED_BY_SERVER);
        String token =
                Base64.getUrlEncoder().withoutPadding().encodeToString(Tokens.randomBytes(32));
        JoinOutcome out = commands.sendAndWait(new TakeSeat(matchId, join, SeatTokens.hash(token)));
        if (out.refusal() != null) {
            throw new IllegalStateException(
                    "the AI could not take seat " + seat + " of " + matchId + ": " + out.refusal());
        }
        if (out.seat() != seat) {
            throw new IllegalStateException(
                    "the AI meant to take seat "
                            + seat
                            + " of "
                            + matchId
                            + " but got "
                            + out.seat());
        }
        return out;
    }
}
