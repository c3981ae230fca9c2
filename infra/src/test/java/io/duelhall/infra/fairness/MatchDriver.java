package io.duelhall.infra.fairness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.duelhall.command.match.IntentOutcome;
import io.duelhall.command.match.SubmitIntent;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokens;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.infra.http.Api;
import io.duelhall.query.log.MatchLogs;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.axonframework.commandhandling.gateway.CommandGateway;

/**
 * Plays matches to their end in the running app: created and seated over HTTP, then random legal
 * intents (from the domain's VoidexaMoves) sent through the command gateway, the path every intent
 * takes; a few intents the rules refuse are sent over HTTP so the record has refused intents too.
 */
final class MatchDriver {
    private final Api api;
    private final CommandGateway commands;
    private final MatchLogs logs;
    private final VoidexaRuleset rules;
    private final VoidexaMoves moves;

    MatchDriver(Api api, CommandGateway commands, MatchLogs logs, VoidexaRuleset rules) {
        this.api = api;
        this.commands = commands;
        this.logs = logs;
        this.rules = rules;
        this.moves = new VoidexaMoves(rules.catalog());
    }

    record Played(String matchId, String tokenA, String tokenB, int refused) {
        String token(Seat seat) {
            return seat == Seat.A ? tokenA : tokenB;
        }
    }

    /** A created match with both seats taken (client seeds sent when {@code clientSeeds}). */
    Played start(long seed, boolean clientSeeds) {
        String id = api.createMatch();
        JsonNode decks = api.starterDecks();
        Random rnd = new Random(seed);
        String[] tokens = new String[2];
        for (int i = 0; i < 2; i++) {
            ObjectNode body =
                    api.seatBody(i == 0 ? "Ada" : "Bo", decks.get(rnd.nextInt(decks.size())));
            if (clientSeeds) {
                body.put("clientSeed", "client-" + seed + "-" + i + "-é");
            }
            Api.Res r = api.post("/api/matches/" + id + "/seats", body, null);
            if (r.status() != 201) {
                throw new AssertionError("seat refused: " + r.raw());
            }
            tokens[i] = r.body().get("playerToken").asText();
        }
        return new Played(id, tokens[0], tokens[1], 0);
    }

    /**
     * Plays {@code m} to its end; the first {@code refusals} steps also send an intent the rules
     * refuse.
     */
    Played finish(Played m, long seed, int refusals) {
        Random rnd = new Random(seed);
        VoidexaState s = (VoidexaState) logs.load(m.matchId()).state();
        int refused = 0;
        for (int step = 0; s.status() == MatchStatus.LIVE; step++) {
            if (step > 5000) {
                throw new AssertionError("match " + m.matchId() + " does not end");
            }
            Seat seat = VoidexaMoves.toAct(s);
            if (refused < refusals) {
                Api.Res r =
                        api.post(
                                "/api/matches/" + m.matchId() + "/intents",
                                Api.intent("END_TURN"),
                                m.token(seat.opponent()));
                if (r.status() / 100 != 4) {
                    throw new AssertionError("expected a refusal: " + r.raw());
                }
                refused++;
            }
            List<Intent> legal = moves.legal(s, seat);
            Intent pick =
                    rnd.nextInt(300) == 0
                            ? Intent.concede(seat)
                            : rnd.nextInt(10) < 3
                                    ? legal.get(0)
                                    : legal.get(rnd.nextInt(legal.size()));
            IntentOutcome out =
                    commands.sendAndWait(
                            new SubmitIntent(
                                    m.matchId(),
                                    UUID.randomUUID().toString(),
                                    SeatTokens.hash(m.token(seat)),
                                    "fp-" + step,
                                    pick,
                                    null,
                                    Instant.now()));
            if (out.refusal() != null) {
                throw new AssertionError(
                        "a legal intent was refused: " + pick + " " + out.refusal());
            }
            for (MatchEvent e : out.events()) {
                s = rules.evolve(s, e);
            }
        }
        return new Played(m.matchId(), m.tokenA(), m.tokenB(), refused);
    }

    Played play(long seed, boolean clientSeeds, int refusals) {
        return finish(start(seed, clientSeeds), seed, refusals);
    }
}
