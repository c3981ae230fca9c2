package io.duelhall.domain.casket;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.ClockNeed;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.Lifecycle;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchExpired;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.casket.CasketEvent.*;
import io.duelhall.domain.casket.ai.Players;
import io.duelhall.domain.casket.ai.SelfPlay;
import io.duelhall.domain.rng.Sha256;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The Ruleset surface: seats, joining, vocabulary, clocks, expiry, audit. */
class CasketRulesetTest {
    private static final CasketRuleset RULES = new CasketRuleset();
    private static final byte[] SEED = Sha256.of("t".getBytes(StandardCharsets.UTF_8));

    private static MatchOptions seats(int n) {
        return new MatchOptions(0, null, null, null, null, n, null);
    }

    @Test
    @DisplayName("casket is hosted for 2 to 6 seats; other counts are refused")
    void seatRange() {
        assertThat(RULES.id()).isEqualTo("casket");
        assertThat(RULES.minSeats()).isEqualTo(2);
        assertThat(RULES.maxSeats()).isEqualTo(6);
        assertThat(RULES.open("m", seats(1), SEED).refusal().code()).isEqualTo("OUT_OF_RANGE");
        assertThat(RULES.open("m", seats(7), SEED).refusal().code()).isEqualTo("OUT_OF_RANGE");
        CasketMatchCreated c = (CasketMatchCreated) RULES.open("m", seats(6), SEED).events().get(0);
        assertThat(c.seats()).isEqualTo(6);
        assertThat(((CasketMatchCreated) RULES.open("m", null, SEED).events().get(0)).seats())
                .isEqualTo(2);
    }

    @Test
    @DisplayName(
            "C-D-DECK-1 joining: a starter Casket by picks.casket, a legal deck, seats in order, full at N")
    void joining() {
        CasketState s = (CasketState) RULES.replay(RULES.open("m", seats(3), SEED).events());
        Catalog.Starter confessor = RULES.catalog().starter("confessor");
        JoinRequest noCasket =
                new JoinRequest("x", null, null, confessor.deck(), "s", null, null, null);
        assertThat(RULES.join(s, noCasket).refusal().code()).isEqualTo("INVALID_FIELD");
        JoinRequest badDeck =
                new JoinRequest(
                        "x",
                        null,
                        null,
                        List.of("deflect"),
                        "s",
                        null,
                        Map.of("casket", "citadel"),
                        null);
        Decision bad = RULES.join(s, badDeck);
        assertThat(bad.refusal().code()).isEqualTo("DECK_INVALID");
        assertThat(bad.refusal().rule()).isEqualTo("C-D-DECK-1");
        JoinRequest starter =
                new JoinRequest(
                        "x", null, null, List.of(), "s", null, Map.of("casket", "citadel"), null);
        for (Seat seat : List.of(A, B, Seat.C)) {
            Decision d = RULES.join(s, starter);
            PilotJoined j = (PilotJoined) d.events().get(0);
            assertThat(j.seat()).isEqualTo(seat);
            assertThat(j.casketType()).isEqualTo(CasketType.FORTRESS);
            assertThat(j.deck()).hasSize(46);
            for (MatchEvent e : d.events()) {
                s = RULES.evolve(s, e);
            }
        }
        assertThat(s.status()).isEqualTo(MatchStatus.LIVE);
        assertThat(RULES.join(s, starter).refusal().code()).isEqualTo("MATCH_FULL");
        assertThat(RULES.starterSeatRequests()).hasSize(4);
    }

    @Test
    @DisplayName(
            "the vocabulary: every listed move is made of the ruleset's words; malformed intents are refused")
    void vocabulary() {
        assertThat(RULES.targetKinds()).containsExactly("HEX", "CASKET");
        assertThat(RULES.vocabulary().stream().map(t -> t.type()))
                .contains(
                        "MOVE",
                        "ROTATE",
                        "PLAY",
                        "VENT",
                        "PASS",
                        "MULLIGAN",
                        "KEEP",
                        "REACT",
                        "DECLINE",
                        "PAY",
                        "DISCARD",
                        "CONCEDE");
        assertThat(RULES.checkIntent(Intent.of(A, "DANCE")).code())
                .isEqualTo("UNKNOWN_INTENT_TYPE");
        assertThat(RULES.checkIntent(Intent.of(A, "MOVE")).code()).isEqualTo("MISSING_FIELD");
        Scenario s = Scenario.started(2);
        for (Intent i : RULES.legalMoves(s.state, A)) {
            assertThat(RULES.checkIntent(i)).as(i.toString()).isNull();
        }
        assertThat(RULES.movesNote(s.state, A)).contains("MOVE");
        assertThat(s.refused(Scenario.rotate(A, 9))).isEqualTo("INVALID_FIELD");
    }

    @Test
    @DisplayName("C-D-CLOCK-1 clocks: the turn, a response for the defender, a discard")
    void clocks() {
        Scenario s = Scenario.started(2).map("foundry").at(A, "0,-2", 3).at(B, "0,1", 2);
        assertThat(RULES.clockNeed(s.state)).isEqualTo(new ClockNeed(A, ClockNeed.Kind.TURN, 1));
        s.hand(A, "faithful-thrust").hand(B, "brace-for-impact");
        s.attackDice("STRIKE", "STRIKE");
        s.ok(Scenario.attack(A, s.handCard(A, "faithful-thrust"), B, Component.HEAD));
        assertThat(RULES.clockNeed(s.state))
                .isEqualTo(new ClockNeed(B, ClockNeed.Kind.RESPONSE, 1));
    }

    @Test
    @DisplayName(
            "the core's MatchExpired ends a casket state, live and public, with nobody winning")
    void expired() {
        CasketState s = (CasketState) RULES.replay(RULES.open("m", seats(3), SEED).events());
        MatchExpired x =
                MatchExpired.of(Sha256.hex(SEED), Instant.EPOCH, Instant.EPOCH, List.of(B, Seat.C));
        assertThat(RULES.evolve(s, x).status()).isEqualTo(MatchStatus.ENDED);
        assertThat(RULES.evolvePublic(s, x).status()).isEqualTo(MatchStatus.ENDED);
        assertThat(RULES.evolve(s, x).winner()).isNull();
    }

    @Test
    @DisplayName(
            "C-DICE-1 C-D-DICE-3 every die comes from the seed and the event history and is recorded; the audit redoes them all")
    void diceFromTheSeed() {
        CasketRuleset rules = RULES;
        SelfPlay.Game g =
                new SelfPlay(rules)
                        .play(
                                5,
                                List.of(
                                        new io.duelhall.domain.casket.ai.RandomPlayer(rules, 1),
                                        new io.duelhall.domain.casket.ai.RandomPlayer(rules, 2),
                                        new io.duelhall.domain.casket.ai.RandomPlayer(rules, 3)),
                                rules.catalog().starters().subList(0, 3));
        byte[] seed = CasketDraws.matchSeed(g.state());
        int next = 0;
        for (MatchEvent e : g.events()) {
            if (e instanceof DiceRolled d) {
                assertThat(d.index()).isEqualTo(next);
                for (int i = 0; i < d.rolls().size(); i++) {
                    assertThat(d.rolls().get(i)).isEqualTo(CasketDraws.die(seed, next + i));
                }
                next += d.rolls().size();
            }
        }
        assertThat(next).isGreaterThan(50);
        assertThat(rules.reproduceDraws(g.events())).allMatch(c -> c.reproduced());
        // a changed die is caught
        List<MatchEvent> forged = new java.util.ArrayList<>(g.events());
        for (int i = 0; i < forged.size(); i++) {
            if (forged.get(i) instanceof DiceRolled d && d.purpose().equals("ATTACK")) {
                forged.set(
                        i,
                        new DiceRolled(
                                d.seat(),
                                d.purpose(),
                                d.die(),
                                d.index(),
                                List.of(5, 5),
                                d.faces(),
                                d.values()));
                if (!d.rolls().equals(List.of(5, 5))) {
                    break;
                }
            }
        }
        assertThat(rules.reproduceDraws(forged)).anyMatch(c -> !c.reproduced());
        assertThat(rules.setup(g.events()).matchSeed()).isEqualTo(Sha256.hex(seed));
    }

    @Test
    @DisplayName("C-D-RATING-1 the end reads through Lifecycle.Ended: the winner won, losers lost")
    void ended() {
        Scenario s = Scenario.started(3);
        s.ok(Intent.concede(Seat.C));
        s.ok(Intent.concede(B));
        Lifecycle.Ended end = s.event(CasketMatchEnded.class);
        assertThat(end.outcome(A)).isEqualTo(Lifecycle.Outcome.WON);
        assertThat(end.outcome(B)).isEqualTo(Lifecycle.Outcome.LOST);
        assertThat(end.outcome(Seat.C)).isEqualTo(Lifecycle.Outcome.LOST);
        assertThat(RULES.view(s.state, Viewer.SPECTATOR, 1).result().winner()).isEqualTo(A);
        assertThat(s.refused(Intent.of(A, CasketIntents.PASS))).isEqualTo("MATCH_OVER");
    }

    @Test
    @DisplayName("the AI roster seats any casket player by name, with a starter Casket")
    void roster() {
        assertThat(Players.ROSTER.ruleset()).isEqualTo("casket");
        assertThat(Players.ROSTER.player("greedy", RULES, 1)).isPresent();
        assertThat(Players.ROSTER.player("nope", RULES, 1)).isEmpty();
        JoinRequest r = Players.ROSTER.seatRequest(RULES, Seat.C, "bot", "seed");
        assertThat(r.picks()).containsEntry("casket", "bastion");
    }
}
