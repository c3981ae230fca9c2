package io.duelhall.domain.biome;

import static io.duelhall.domain.Seat.A;
import static io.duelhall.domain.Seat.B;
import static io.duelhall.domain.biome.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Viewer;
import io.duelhall.domain.biome.BiomeEvent.*;
import io.duelhall.domain.biome.ai.SelfPlay;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What each viewer may see: hands, deck orders, draws and deck lists stay hidden until the end. */
class RedactionTest {

    @Test
    void aSeatSeesItsOwnHandOnlyAndSpectatorsNoHand() {
        SelfPlay.Opening o = Scenario.open(11);
        BiomeView forA = RULES.view(o.state(), Viewer.seat(A), 9);
        assertThat(forA.seats().get(A).hand()).isNotNull().hasSize(forA.seats().get(A).handCount());
        assertThat(forA.seats().get(B).hand()).isNull();
        BiomeView spectator = RULES.view(o.state(), Viewer.SPECTATOR, 9);
        assertThat(spectator.seats().values()).allSatisfy(s -> assertThat(s.hand()).isNull());
        assertThat(spectator.toAct()).isEqualTo(o.state().firstSeat());
        assertThat(spectator.speeds()).containsExactly(3);
        assertThat(spectator.why()).contains("priority in MAINTENANCE");
    }

    @Test
    void hiddenPartsOfEventsAreBlankForOthers() {
        List<MatchEvent> events = Scenario.open(12).events();
        for (MatchEvent e : events) {
            MatchEvent forB = RULES.redact(e, Viewer.seat(B));
            MatchEvent spectator = RULES.redact(e, Viewer.SPECTATOR);
            if (e instanceof MatchCreated) {
                assertThat(((MatchCreated) spectator).serverSeed()).isNull();
            }
            if (e instanceof DeckShuffled) {
                assertThat(((DeckShuffled) forB).order()).isNull();
            }
            if (e instanceof CardDrawn d) {
                Seat other = d.seat().opponent();
                assertThat(((CardDrawn) RULES.redact(e, Viewer.seat(other))).card()).isNull();
                assertThat(((CardDrawn) RULES.redact(e, Viewer.seat(d.seat()))).card())
                        .isEqualTo(d.card());
                assertThat(((CardDrawn) spectator).card()).isNull();
            }
            if (e instanceof PlayerJoined j && j.seat() == A) {
                assertThat(((PlayerJoined) forB).deck()).isNull();
                assertThat(((PlayerJoined) RULES.redact(e, Viewer.seat(A))).deck())
                        .hasSize(Catalog.DECK_SIZE);
            }
        }
    }
}
