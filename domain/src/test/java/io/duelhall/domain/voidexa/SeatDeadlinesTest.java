package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.GameState;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchExpired;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatDeadlineSet;
import io.duelhall.domain.SeatDeadlines;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 19: the seats' deadline as a pure rule, the one the aggregate runs live and the audit runs
 * over a record ({@link SeatDeadlines}); and every hosted ruleset's state ends on the core's {@link
 * MatchExpired}.
 */
class SeatDeadlinesTest {
    static final Instant DEADLINE = Instant.parse("2026-11-26T10:00:00Z");
    static final SeatDeadlineSet SET = new SeatDeadlineSet(DEADLINE);

    /** A voidexa match created, with seat A taken. */
    private static GameState oneSeat() {
        List<MatchEvent> events =
                new ArrayList<>(
                        Fixtures.RULES
                                .create("m", MatchOptions.defaults(), Fixtures.seed(1))
                                .events());
        GameState s = Fixtures.RULES.replay(events);
        events.addAll(Fixtures.RULES.join(s, Fixtures.join("Ada", Fixtures.deck(0), "a")).events());
        return Fixtures.RULES.replay(events);
    }

    private static GameState bothSeats() {
        List<MatchEvent> events =
                new ArrayList<>(
                        Fixtures.RULES
                                .create("m", MatchOptions.defaults(), Fixtures.seed(1))
                                .events());
        GameState s = Fixtures.RULES.replay(events);
        events.addAll(Fixtures.RULES.join(s, Fixtures.join("Ada", Fixtures.deck(0), "a")).events());
        s = Fixtures.RULES.replay(events);
        events.addAll(Fixtures.RULES.join(s, Fixtures.join("Bo", Fixtures.deck(1), "b")).events());
        return Fixtures.RULES.replay(events);
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

    /**
     * Every hosted ruleset: MatchExpired ends the state (live and public folds), no winner; its
     * view says ENDED.
     */
    @Test
    void everyRulesetEndsOnMatchExpired() {
        for (Ruleset r :
                List.<Ruleset>of(Fixtures.RULES, new VoidlitRuleset(), new BiomeRuleset())) {
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
