package io.duelhall.command.match;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.command.rules.CatalogReader;
import io.duelhall.command.rules.ReleasedRules;
import io.duelhall.domain.Intent;
import io.duelhall.domain.JoinRequest;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.MatchOptions;
import io.duelhall.domain.Rulesets;
import io.duelhall.domain.Seat;
import io.duelhall.domain.SeatTokenIssued;
import io.duelhall.domain.voidexa.CardRef;
import io.duelhall.domain.voidexa.VoidexaEvent;
import io.duelhall.domain.voidexa.VoidexaIntents;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.axonframework.test.aggregate.AggregateTestFixture;
import org.axonframework.test.aggregate.FixtureConfiguration;
import org.axonframework.test.matchers.Matchers;
import org.junit.jupiter.api.Test;

/**
 * A match in progress keeps the rules it was created with (issue 25): after an upgrade to a new
 * catalog, the {@link Match} aggregate still decides an old match's intents under its own version.
 * Afterburner makes 1 Heat under the released catalog voidexa-cards-2026.11.1 and none under the
 * current one (D-CAT-1), so a {@code HeatPending} of 1 can only come from the old rules.
 */
class MatchRulesVersionTest {
    static final VoidexaRuleset NOW = new VoidexaRuleset(CatalogReader.voidexa());
    static final VoidexaRuleset OLD =
            ReleasedRules.voidexa(
                    ReleasedRules.voidexa().stream()
                            .filter(r -> r.catalog().equals("voidexa-cards-2026.11.1"))
                            .findFirst()
                            .orElseThrow());
    static final Instant AT = Instant.parse("2026-11-25T12:00:00Z");

    @Test
    void anOldMatchIsDecidedUnderItsOwnVersionAfterTheUpgrade() {
        assertThat(NOW.catalogVersion()).isNotEqualTo(OLD.catalogVersion());
        FixtureConfiguration<Match> fixture = new AggregateTestFixture<>(Match.class);
        fixture.registerInjectableResource(new Rulesets(List.of(NOW), List.of(OLD)));
        fixture.registerInjectableResource(java.time.Clock.fixed(AT, java.time.ZoneOffset.UTC));
        fixture.registerInjectableResource(MatchAggregateTest.CHAINER);

        // a match created under the old catalog whose first seat holds an Afterburner and can pay
        // for it
        StarterDeck swarm =
                OLD.catalog().starterDecks().stream()
                        .filter(d -> d.cards().contains("afterburner"))
                        .findFirst()
                        .orElseThrow();
        for (int n = 0; n < 500; n++) {
            byte[] seed = new byte[32];
            seed[0] = (byte) n;
            seed[1] = (byte) (n >> 8);
            List<Object> given =
                    new ArrayList<>(OLD.create("m-" + n, MatchOptions.defaults(), seed).events());
            JoinRequest a =
                    new JoinRequest(
                            "Ada", swarm.pilotClass(), swarm.shipCore(), swarm.cards(), "a" + n);
            JoinRequest b =
                    new JoinRequest(
                            "Bo", swarm.pilotClass(), swarm.shipCore(), swarm.cards(), "b" + n);
            given.add(new SeatTokenIssued(Seat.A, "ta", a));
            given.addAll(OLD.join(replay(given), a).events());
            given.add(new SeatTokenIssued(Seat.B, "tb", b));
            given.addAll(OLD.join(replay(given), b).events());
            VoidexaState s = replay(given);
            Seat active = s.active();
            CardRef afterburner =
                    s.ship(active).hand().stream()
                            .filter(c -> c.card().equals("afterburner"))
                            .findFirst()
                            .orElse(null);
            if (afterburner == null || s.ship(active).energy() < 1) {
                continue;
            }
            Intent play = VoidexaIntents.play(active, afterburner.id());
            assertThat(OLD.decide(s, play).accepted()).isTrue();
            fixture.given(given.toArray())
                    .when(
                            new SubmitIntent(
                                    "m-" + n,
                                    "i1",
                                    active == Seat.A ? "ta" : "tb",
                                    "f1",
                                    play,
                                    null,
                                    AT))
                    .expectSuccessfulHandlerExecution()
                    .expectEventsMatching(
                            Matchers.payloadsMatching(
                                    Matchers.listWithAnyOf(
                                            Matchers.predicate(
                                                    e ->
                                                            e instanceof VoidexaEvent.HeatPending h
                                                                    && h.seat() == active
                                                                    && h.amount() == 1))));
            return;
        }
        throw new AssertionError(
                "no seed among 500 gives the first seat an Afterburner it can pay for");
    }

    private static VoidexaState replay(List<Object> events) {
        return (VoidexaState)
                OLD.replay(
                        events.stream()
                                .filter(MatchEvent.class::isInstance)
                                .map(MatchEvent.class::cast)
                                .toList());
    }
}
