package io.duelhall.domain.biome;

import static io.duelhall.domain.biome.Scenario.RULES;
import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import io.duelhall.domain.biome.ai.SelfPlay;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * biome's words: the intent vocabulary, target kinds, and the mapping of intents to moves and back.
 */
class BiomeIntentsTest {

    @Test
    void biomeNamesItsTypesAndKinds() {
        assertThat(RULES.intentTypes())
                .extracting(IntentSpec::type)
                .containsExactly(
                        "PLAY",
                        "ACTIVATE",
                        "CONVERT",
                        "ANOMALY",
                        "ADVANCE",
                        "ATTACK",
                        "DEFEND",
                        "ORDER_DEFENDERS",
                        "PASS",
                        "CONCEDE");
        assertThat(RULES.targetKinds()).containsExactly("AGENT", "SECTOR", "BIOME", "PLAYER");
        Refusal r = RULES.checkIntent(Intent.of(Seat.A, "END_TURN"));
        assertThat(r.code()).isEqualTo("UNKNOWN_INTENT_TYPE");
        assertThat(r.message()).contains("PASS", "biome");
        assertThat(RULES.checkIntent(Intent.of(Seat.A, "ADVANCE")).code())
                .isEqualTo("MISSING_FIELD");
        Intent planet =
                new Intent(
                        Seat.A,
                        "PLAY",
                        "c1",
                        null,
                        List.of(new Target("PLANET", Seat.B, null, "x")),
                        List.of());
        assertThat(RULES.checkIntent(planet).code()).isEqualTo("INVALID_FIELD");
        assertThat(RULES.checkIntent(Intent.timeout(Seat.A)).code())
                .isEqualTo("UNKNOWN_INTENT_TYPE");
    }

    @Test
    void everyListedMoveMapsToAnIntentOfBiomesWordsAndBack() {
        for (int seed = 0; seed < 6; seed++) {
            SelfPlay.Opening o = Scenario.open(seed);
            BiomeState s = o.state();
            Random r = new Random(seed);
            int checked = 0;
            for (int step = 0; step < 2000 && s.status() == MatchStatus.LIVE; step++) {
                Seat seat = RULES.toAct(s);
                List<BiomeMove> legal = RULES.legal(s, seat);
                for (BiomeMove m : legal) {
                    Intent i = BiomeIntents.intent(m);
                    assertThat(RULES.checkIntent(i)).as("%s", i).isNull();
                    assertThat(BiomeIntents.move(i)).isEqualTo(m);
                    assertThat(i.targets())
                            .allSatisfy(
                                    t ->
                                            assertThat(t.seat())
                                                    .as("every target has a seat")
                                                    .isNotNull());
                    checked++;
                }
                BiomeMove pick = legal.get(r.nextInt(legal.size()));
                s =
                        Scenario.fold(
                                s,
                                RULES.decide(s, BiomeIntents.intent(pick)),
                                new java.util.ArrayList<>());
            }
            assertThat(checked).isGreaterThan(100);
        }
    }
}
