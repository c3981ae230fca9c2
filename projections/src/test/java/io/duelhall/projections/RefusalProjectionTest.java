package io.duelhall.projections;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.IntentRefused;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.VoidexaIntents;
import io.duelhall.projections.refusals.RefusalProjection;
import io.duelhall.projections.refusals.RefusalProjection.RefusalEntry;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class RefusalProjectionTest {
    final JsonMapper json = JsonMapper.builder().build();
    final RefusalProjection p = new RefusalProjection(TestDb.fresh(), json::writeValueAsString);
    final Instant t0 = Instant.parse("2026-11-21T10:00:00Z");

    @Test
    void everyRefusalIsKeptOnceWithTimeSeatCodeAndRuling() {
        p.record(
                "e2",
                new IntentRefused(
                        "m",
                        "i2",
                        Seat.B,
                        "NOT_YOUR_TURN",
                        "V-PLAY-1",
                        "It is seat A's turn.",
                        VoidexaIntents.endTurn(null),
                        t0.plusSeconds(2)));
        p.record(
                "e1",
                new IntentRefused(
                        "m",
                        "i1",
                        Seat.A,
                        "CARD_NOT_IN_HAND",
                        "V-PLAY-1",
                        "Card c1 is not in your hand.",
                        VoidexaIntents.play(null, "c1"),
                        t0));
        p.record(
                "e1",
                new IntentRefused(
                        "m", "i1", Seat.A, "CARD_NOT_IN_HAND", "V-PLAY-1", "again", null, t0));
        p.record("x", new IntentRefused("other", "i", null, "BAD_TOKEN", null, "no", null, t0));
        assertThat(p.find("m"))
                .extracting(
                        RefusalEntry::intentId,
                        RefusalEntry::seat,
                        RefusalEntry::code,
                        RefusalEntry::rule,
                        RefusalEntry::at)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(
                                "i1", "A", "CARD_NOT_IN_HAND", "V-PLAY-1", t0),
                        org.assertj.core.groups.Tuple.tuple(
                                "i2", "B", "NOT_YOUR_TURN", "V-PLAY-1", t0.plusSeconds(2)));
        RefusalEntry first = p.find("m").get(0);
        assertThat(first.intentType()).isEqualTo("PLAY_CARD");
        assertThat(json.readTree(first.intent()).get("card").asString()).isEqualTo("c1");
        assertThat(first.message()).isEqualTo("Card c1 is not in your hand.");
        p.reset();
        assertThat(p.all()).isEmpty();
    }
}
