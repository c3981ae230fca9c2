package io.duelhall.domain.voidexa;

import static org.assertj.core.api.Assertions.assertThat;

import io.duelhall.domain.Intent;
import io.duelhall.domain.IntentSpec;
import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Refusal;
import io.duelhall.domain.Seat;
import io.duelhall.domain.Target;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The intent vocabulary is the ruleset's (issue 14): the core's {@code Ruleset.checkIntent} knows
 * only the envelope and what voidexa's {@link IntentSpec}s and target kinds say; the names are the
 * ones every stored intent carries.
 */
class IntentVocabularyTest {
    private static final VoidexaRuleset RULES = Fixtures.RULES;

    @Test
    void voidexaNamesItsTypesAndKindsAsStoredHistoryHasThem() {
        assertThat(RULES.intentTypes())
                .extracting(IntentSpec::type)
                .containsExactly(
                        "PLAY_CARD", "ACTIVATE", "END_TURN", "DISCARD_DOWN", "PASS", "CONCEDE");
        assertThat(RULES.targetKinds()).containsExactly("SHIP", "SUBSYSTEM", "DRONE", "CARD");
        assertThat(RULES.intentTypes())
                .filteredOn(t -> t.type().equals("PLAY_CARD"))
                .singleElement()
                .extracting(IntentSpec::needs)
                .isEqualTo(List.of("card"));
    }

    @Test
    void anUnknownTypeIsMalformedAndNamesTheVocabulary() {
        Refusal r = RULES.checkIntent(Intent.of(Seat.A, "FLY"));
        assertThat(r.code()).isEqualTo("UNKNOWN_INTENT_TYPE");
        assertThat(r.category()).isEqualTo(Refusal.Category.MALFORMED);
        assertThat(r.message()).contains("FLY", "PLAY_CARD", "DISCARD_DOWN", "CONCEDE", "voidexa");
        // TIMEOUT is the server's: never a client's word
        assertThat(RULES.checkIntent(Intent.timeout(Seat.A)).code())
                .isEqualTo("UNKNOWN_INTENT_TYPE");
        assertThat(RULES.checkIntent(null).code()).isEqualTo("MISSING_FIELD");
    }

    @Test
    void aTypeWithoutTheFieldsItNeedsIsMalformed() {
        Refusal play = RULES.checkIntent(Intent.of(Seat.A, "PLAY_CARD"));
        assertThat(play.code()).isEqualTo("MISSING_FIELD");
        assertThat(play.message()).startsWith("PLAY_CARD needs \"card\"");
        assertThat(RULES.checkIntent(Intent.of(Seat.A, "DISCARD_DOWN")).message())
                .startsWith("DISCARD_DOWN needs \"cards\"");
        assertThat(RULES.checkIntent(VoidexaIntents.play(Seat.A, "c1"))).isNull();
        assertThat(RULES.checkIntent(Intent.concede(Seat.B))).isNull();
    }

    @Test
    void aTargetKindVoidexaDoesNotHaveIsMalformed() {
        Intent planet = VoidexaIntents.play(Seat.A, "c1", new Target("PLANET", Seat.B, null, null));
        Refusal r = RULES.checkIntent(planet);
        assertThat(r.code()).isEqualTo("INVALID_FIELD");
        assertThat(r.message()).contains("PLANET", "SHIP", "SUBSYSTEM");
        // the rules refuse it too when asked directly (decide is total over any words)
        assertThat(
                        RULES.decide(
                                        new Fixtures.Game(3, Fixtures.deck(0), Fixtures.deck(1))
                                                .state,
                                        Intent.of(Seat.A, "FLY"))
                                .refusal()
                                .code())
                .isEqualTo("UNKNOWN_INTENT_TYPE");
    }

    @Test
    void choicesAreKeptSortedAndAnIntentWithoutThemHasNone() {
        Intent with =
                new Intent(
                        Seat.A,
                        "PLAY_CARD",
                        "c1",
                        null,
                        List.of(),
                        List.of(),
                        Map.of("x", "3", "mode", "2"));
        assertThat(with.choices().keySet()).containsExactly("mode", "x");
        assertThat(with.choice("x")).isEqualTo("3");
        assertThat(new Intent(Seat.A, "END_TURN", null, null, null, null, Map.of()).choices())
                .isNull();
        assertThat(with.by(Seat.B))
                .isEqualTo(
                        new Intent(
                                Seat.B,
                                "PLAY_CARD",
                                "c1",
                                null,
                                List.of(),
                                List.of(),
                                Map.of("mode", "2", "x", "3")));
    }

    @Test
    void everyListedMoveIsMadeOfTheRulesetsWords() {
        for (int seed = 0; seed < 10; seed++) {
            Fixtures.Game g =
                    new Fixtures.Game(seed, Fixtures.deck(seed % 2), Fixtures.deck((seed + 1) % 2));
            Random r = new Random(seed);
            int checked = 0;
            for (int step = 0; step < 3000 && g.state.status() == MatchStatus.LIVE; step++) {
                Seat seat = VoidexaMoves.toAct(g.state);
                List<Intent> legal = RULES.legalMoves(g.state, seat);
                for (Intent i : legal) {
                    assertThat(RULES.checkIntent(i)).as("%s", i).isNull();
                    checked++;
                }
                g.act(legal.get(r.nextInt(legal.size())));
            }
            assertThat(checked).isGreaterThan(20);
        }
    }
}
