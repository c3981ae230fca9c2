package io.duelhall.command.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.duelhall.command.match.JoinOutcome;
import io.duelhall.command.match.TakeSeat;
import io.duelhall.command.rules.ReleasedRules;
import io.duelhall.command.rules.RulesConfig;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchOpening;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.axonframework.commandhandling.gateway.CommandGateway;
import org.junit.jupiter.api.Test;

/**
 * The AI seats without Spring or Axon: the rosters of every hosted ruleset ({@link
 * AiPlayers.Server}) and the seats {@link AiSeats} takes, through a command gateway that records
 * what it is sent.
 */
class AiSeatsTest {
    static final Rulesets RULESETS = ReleasedRules.hosted();
    static final RulesConfig WIRING = new RulesConfig();
    static final AiPlayers PLAYERS =
            new AiPlayers.Server(
                    List.of(
                            WIRING.voidexaAiPlayers(),
                            WIRING.voidlitAiPlayers(),
                            WIRING.biomeAiPlayers(),
                            WIRING.casketAiPlayers()));

    /**
     * A gateway whose {@code sendAndWait} answers with {@code answer}; everything else is
     * unsupported.
     */
    static CommandGateway gateway(List<Object> sent, Function<TakeSeat, JoinOutcome> answer) {
        return (CommandGateway)
                Proxy.newProxyInstance(
                        AiSeatsTest.class.getClassLoader(),
                        new Class<?>[] {CommandGateway.class},
                        (proxy, method, args) -> {
                            if (method.getName().equals("sendAndWait")
                                    && args.length == 1
                                    && args[0] instanceof TakeSeat t) {
                                sent.add(t);
                                return answer.apply(t);
                            }
                            throw new UnsupportedOperationException(method.toString());
                        });
    }

    /** The answer to a seat taken in the test's matches, whose AI plays seat B. */
    static JoinOutcome seated(TakeSeat t) {
        return new JoinOutcome(Seat.B, 1, MatchStatus.WAITING, null);
    }

    static MatchOpening opening(String ruleset, Map<Seat, String> ai) {
        Ruleset rules = RULESETS.get(ruleset);
        return (MatchOpening)
                rules.create("m-" + ruleset, new MatchOptions(0, null, null, ai), new byte[32])
                        .events()
                        .get(0);
    }

    @Test
    void everyHostedRulesetHasAiPlayersByName() {
        for (String id : RULESETS.ids()) {
            List<String> names = PLAYERS.names(id);
            assertThat(names).as(id).isNotEmpty();
            Ruleset rules = RULESETS.get(id);
            for (String name : names) {
                assertThat(PLAYERS.of(name, rules, 7)).as(id + " " + name).isPresent();
            }
            assertThat(PLAYERS.of("no-such-player", rules, 7)).isEmpty();
            assertThat(PLAYERS.anyLegalMove(rules, 7)).as(id).isPresent();
            JoinRequest join = PLAYERS.seatRequest(rules, Seat.B, "greedy AI", "00");
            assertThat(join.name()).isEqualTo("greedy AI");
        }
        assertThat(PLAYERS.names("no-such-ruleset")).isEmpty();
    }

    @Test
    void aSeatRequestForARulesetWithoutAiIsAnError() {
        AiPlayers none = new AiPlayers.Server(List.of());
        assertThatThrownBy(() -> none.seatRequest(RULESETS.get("voidexa"), Seat.A, "x", "00"))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void theAiSitsDownRightAfterThePersonBeforeItsSeat() {
        List<Object> sent = new ArrayList<>();
        AiSeats seats = new AiSeats(gateway(sent, AiSeatsTest::seated), RULESETS, PLAYERS);
        MatchOpening opening = opening("voidexa", Map.of(Seat.B, "greedy"));

        assertThat(seats.afterCreate(opening))
                .as("seat A is a person's: nothing to take yet")
                .isNull();
        assertThat(sent).isEmpty();

        JoinOutcome out = seats.afterJoin(opening, Seat.A);
        assertThat(out.seat()).isEqualTo(Seat.B);
        assertThat(sent).hasSize(1);
        TakeSeat take = (TakeSeat) sent.get(0);
        assertThat(take.matchId()).isEqualTo(opening.matchId());
        assertThat(take.request().name()).isEqualTo("greedy AI");
        assertThat(take.request().clientSeedBy()).isEqualTo(JoinRequest.SEED_BY_SERVER);
        assertThat(take.tokenHash()).matches("[0-9a-f]{64}");

        assertThat(seats.afterJoin(opening, Seat.B)).as("after the last seat").isNull();
    }

    @Test
    void aRefusedAiSeatIsAnError() {
        AiSeats seats =
                new AiSeats(
                        gateway(
                                new ArrayList<>(),
                                t ->
                                        new JoinOutcome(
                                                null,
                                                0,
                                                MatchStatus.WAITING,
                                                Refusal.conflict("SEAT_TAKEN", null, "taken"))),
                        RULESETS,
                        PLAYERS);
        MatchOpening opening = opening("voidexa", Map.of(Seat.B, "greedy"));
        assertThatThrownBy(() -> seats.afterJoin(opening, Seat.A))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("SEAT_TAKEN");
    }
}
