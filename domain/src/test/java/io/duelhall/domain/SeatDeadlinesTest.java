package io.duelhall.domain;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.voidexa.Fixtures;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 19: the seats' deadline as a pure rule, the one the aggregate runs live and the audit runs
 * over a record ({@link SeatDeadlines}); and every hosted ruleset's state ends on the core's {@link
 * MatchExpired}.
 */
class SeatDeadlinesTest {
    static final Instant DEADLINE = Instant.parse("2026-11-26T10:00:00Z");
    static final SeatDeadlineSet SET = new SeatDeadlineSet(DEADLINE);

    /** Every hosted ruleset with its AI roster, whose seat requests are legal decks. */
    static final Map<Ruleset, AiPlayer.Roster> HOSTED = new LinkedHashMap<>();

    static {
        HOSTED.put(Fixtures.RULES, io.duelhall.domain.voidexa.ai.Players.ROSTER);
        HOSTED.put(new VoidlitRuleset(), io.duelhall.domain.voidlit.ai.Players.ROSTER);
        HOSTED.put(new BiomeRuleset(), io.duelhall.domain.biome.ai.Players.ROSTER);
        HOSTED.put(new CasketRuleset(), io.duelhall.domain.casket.ai.Players.ROSTER);
    }

    /** A two-seat match of {@code r} created, with its first {@code seats} seats taken. */
    static GameState seated(Ruleset r, int seats) {
        List<MatchEvent> events =
                new ArrayList<>(r.create("m", MatchOptions.defaults(), Fixtures.seed(1)).events());
        for (int i = 0; i < seats; i++) {
            Seat seat = Seat.values()[i];
            JoinRequest request =
                    HOSTED.get(r).seatRequest(r, seat, "player " + seat, "seed " + seat);
            Decision joined = r.join(r.replay(events), request);
            assertThat(joined.refusal()).as(r.id() + " seat " + seat).isNull();
            events.addAll(joined.events());
        }
        return r.replay(events);
    }

    private static GameState oneSeat() {
        return seated(Fixtures.RULES, 1);
    }

    private static GameState bothSeats() {
        return seated(Fixtures.RULES, 2);
    }

    @Test
    void aWaitingMatchExpiresAtItsDeadlineNotBefore() {
        GameState s = oneSeat();
        assertThat(SeatDeadlines.expiry(SET, s, 2, "ab", DEADLINE.minusMillis(1))).isNull();
        MatchExpired x = SeatDeadlines.expiry(SET, s, 2, "ab", DEADLINE);
        assertThat(x)
                .isEqualTo(
                        new MatchExpired(
                                null,
                                List.of(),
                                "EXPIRED",
                                "ab",
                                DEADLINE,
                                DEADLINE,
                                List.of(Seat.B)));
        assertThat(SeatDeadlines.problem(x, SET, s, 2)).isNull();
        assertThat(SeatDeadlines.expiry(null, s, 2, "ab", DEADLINE.plusSeconds(5)))
                .as("no deadline: never")
                .isNull();
        assertThat(SeatDeadlines.expiry(SET, bothSeats(), 2, "ab", DEADLINE.plusSeconds(5)))
                .as("live: never")
                .isNull();
    }

    @Test
    void theAuditRefusesAnExpiryTheRuleCouldNotHaveMade() {
        GameState s = oneSeat();
        assertThat(
                        SeatDeadlines.problem(
                                MatchExpired.of(
                                        "ab", DEADLINE, DEADLINE.minusSeconds(1), List.of(Seat.B)),
                                SET,
                                s,
                                2))
                .contains("before the seats' deadline");
        assertThat(
                        SeatDeadlines.problem(
                                MatchExpired.of("ab", DEADLINE, DEADLINE, List.of(Seat.B)),
                                null,
                                s,
                                2))
                .contains("no seat deadline");
        assertThat(
                        SeatDeadlines.problem(
                                MatchExpired.of(
                                        "ab", DEADLINE.minusSeconds(60), DEADLINE, List.of(Seat.B)),
                                SET,
                                s,
                                2))
                .contains("not the match's");
        assertThat(
                        SeatDeadlines.problem(
                                MatchExpired.of("ab", DEADLINE, DEADLINE, List.of(Seat.A, Seat.B)),
                                SET,
                                s,
                                2))
                .contains("free seats");
        assertThat(
                        SeatDeadlines.problem(
                                MatchExpired.of("ab", DEADLINE, DEADLINE, List.of()),
                                SET,
                                bothSeats(),
                                2))
                .contains("LIVE");
        assertThat(
                        SeatDeadlines.problem(
                                new MatchExpired(
                                        Seat.A,
                                        List.of(Seat.B),
                                        "EXPIRED",
                                        "ab",
                                        DEADLINE,
                                        DEADLINE,
                                        List.of(Seat.B)),
                                SET,
                                s,
                                2))
                .contains("winner");
    }

    @Test
    void seatingSecondsAreOneSecondToADay() {
        assertThat(SeatDeadlines.problem((Integer) null)).isNull();
        assertThat(SeatDeadlines.problem(1)).isNull();
        assertThat(SeatDeadlines.problem(86_400)).isNull();
        assertThat(SeatDeadlines.problem(0).code()).isEqualTo("OUT_OF_RANGE");
        assertThat(SeatDeadlines.problem(86_401).code()).isEqualTo("OUT_OF_RANGE");
    }

    /** The rule is neutral: one free seat of any hosted ruleset's waiting match expires alike. */
    @Test
    void aWaitingMatchOfEveryRulesetExpiresWithItsFreeSeat() {
        for (Ruleset r : HOSTED.keySet()) {
            GameState s = seated(r, 1);
            assertThat(s.status()).as(r.id()).isEqualTo(MatchStatus.WAITING);
            MatchExpired x = SeatDeadlines.expiry(SET, s, 2, "ab", DEADLINE);
            assertThat(x).as(r.id()).isNotNull();
            assertThat(x.freeSeats()).as(r.id()).containsExactly(Seat.B);
            assertThat(SeatDeadlines.expiry(SET, seated(r, 2), 2, "ab", DEADLINE.plusSeconds(5)))
                    .as(r.id() + ": live, never")
                    .isNull();
        }
    }

    /**
     * Every hosted ruleset: MatchExpired ends the state (live and public folds), no winner; its
     * view says ENDED.
     */
    @Test
    void everyRulesetEndsOnMatchExpired() {
        for (Ruleset r : HOSTED.keySet()) {
            GameState s =
                    r.replay(r.create("m", MatchOptions.defaults(), Fixtures.seed(2)).events());
            assertThat(s.status()).as(r.id()).isIn(MatchStatus.NEW, MatchStatus.WAITING);
            MatchExpired x = MatchExpired.of("ab", DEADLINE, DEADLINE, List.of(Seat.A, Seat.B));
            assertThat(r.evolve(s, SET))
                    .as(r.id() + ": the deadline changes nothing in the rules")
                    .isEqualTo(s);
            GameState ended = r.evolve(s, x);
            assertThat(ended.status()).as(r.id()).isEqualTo(MatchStatus.ENDED);
            assertThat(r.evolvePublic(s, x).status())
                    .as(r.id() + " public")
                    .isEqualTo(MatchStatus.ENDED);
            assertThat(r.view(ended, Viewer.SPECTATOR, 3).status()).as(r.id()).isEqualTo("ENDED");
            assertThat(r.clockNeed(ended)).as(r.id() + ": no clock runs").isNull();
        }
    }
}
