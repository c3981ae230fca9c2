package io.duelhall.domain.voidexa.ai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.rng.Sha256;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.Catalog;
import io.duelhall.domain.voidexa.cards.CatalogData;
import io.duelhall.domain.voidexa.cards.StarterDeck;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden master of the engine: the events of 40 whole matches (two seeded random players, fixed
 * seeds: independent of the AI's tuning), as canonical JSON, hash to a recorded value. Any change
 * to what decide produces for a given seed and intents — including a performance change that was
 * meant to be invisible — fails this test. The intents are re-decided from the opening, so the
 * check covers decide and evolve, not only the players.
 */
class EventStreamGoldenTest {
    /**
     * Recorded with the engine before the engine optimisations of the benchmark work
     * (9eaebf77a5efe4142903d3897ca58c747309cde0d256c4c217d9b26379ee2108), then recorded again after
     * the D-DRONE-1 fix (Targeting AI's Pierce is for that turn and no longer lengthens a Drone
     * Boost), a deliberate rules change.
     */
    static final String GOLDEN = "8f1408168bfac57a9d68d011fd2b9ef0bfb321218636f6ae0dd4b607a9f1e3e5";

    /**
     * The same matches under engine voidexa-1.1.0 with catalog voidexa-cards-2026.11.2 (D-CAT-1:
     * Reactor Boost and Afterburner lost their Heat and cost one more; D-CAT-2, D-CAT-3), recorded
     * when that catalog was released. The stream under the released catalog 2026.11.1 ({@link
     * #GOLDEN}) must stay as it was: old matches play on under it (issue 25).
     */
    static final String GOLDEN_CATALOG_2026_11_2 =
            "4a60b69180fd6826d227c6d2a57276c9615b80ca8208083a49c2375c37b2a6c9";

    /**
     * Engine voidexa-1.2.0 with catalog voidexa-cards-2026.11.3 (D-DRONE-3: Targeting AI's one-off
     * Pierce; D-CAT-4; D-CLOCK-5), recorded when that version was released. The streams above stay
     * as they were.
     */
    static final String GOLDEN_CATALOG_2026_11_3 =
            "03549c2d6e32d23e0c3e301657744dc59b34fb3d63f24f4d1df084ffbbed7d8d";

    /**
     * Map entries sorted, null fields left out (a new optional field, null in these matches,
     * changes nothing).
     */
    static final ObjectMapper CANONICAL =
            new ObjectMapper()
                    .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
                    .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    static VoidexaRuleset rules(String file) throws Exception {
        return rules(file, VoidexaRuleset.ENGINE_VERSION);
    }

    static VoidexaRuleset rules(String file, String engine) throws Exception {
        try (InputStream in = VoidexaRuleset.class.getResourceAsStream(file)) {
            return new VoidexaRuleset(
                    new Catalog(new ObjectMapper().readValue(in, CatalogData.class)), engine);
        }
    }

    @Test
    void theEventStreamOfFixedMatchesNeverChanges() throws Exception {
        assertThat(digest(rules("released/voidexa-cards-2026.11.1.json", "voidexa-1.0.0")))
                .isEqualTo(GOLDEN);
    }

    @Test
    void theEventStreamUnderCatalog2026_11_2NeverChanges() throws Exception {
        VoidexaRuleset rules = rules("released/voidexa-cards-2026.11.2.json", "voidexa-1.1.0");
        assertThat(digest(rules)).isEqualTo(GOLDEN_CATALOG_2026_11_2);
    }

    @Test
    void theEventStreamUnderTheCurrentCatalogNeverChanges() throws Exception {
        VoidexaRuleset rules = rules("catalog.json");
        assertThat(rules.version())
                .as("a new rules version records a new golden value here")
                .isEqualTo(
                        new io.duelhall.domain.RulesVersion(
                                "voidexa-1.2.0", "voidexa-cards-2026.11.3"));
        assertThat(digest(rules)).isEqualTo(GOLDEN_CATALOG_2026_11_3);
    }

    static String digest(VoidexaRuleset rules) throws Exception {
        SelfPlay selfPlay = new SelfPlay(rules);
        List<StarterDeck> decks = rules.catalog().starterDecks();
        MessageDigest all = Sha256.digest();
        long events = 0;
        for (int seed = 0; seed < 40; seed++) {
            StarterDeck a = decks.get(seed % 2);
            StarterDeck b = decks.get((seed / 2) % 2);
            SelfPlay.Game g =
                    selfPlay.play(
                            seed,
                            new RandomPlayer(rules.catalog(), 7 * seed),
                            new RandomPlayer(rules.catalog(), seed),
                            a,
                            b);
            // re-decide the recorded intents from the opening: the stream must be the same as
            // during play
            SelfPlay.Opening o = selfPlay.open(seed, a, b);
            VoidexaState s = o.state();
            List<MatchEvent> again = new java.util.ArrayList<>(o.events());
            for (Intent i : g.intents()) {
                Decision d = rules.decide(s, i);
                assertThat(d.accepted()).isTrue();
                for (MatchEvent e : d.events()) {
                    s = rules.evolve(s, e);
                    again.add(e);
                }
            }
            assertThat(again).isEqualTo(g.events());
            assertThat(rules.replay(g.events())).isEqualTo(s);
            for (MatchEvent e : g.events()) {
                all.update(e.type().getBytes(StandardCharsets.UTF_8));
                all.update(CANONICAL.writeValueAsBytes(e));
                events++;
            }
        }
        assertThat(events).isGreaterThan(10_000);
        return Sha256.hex(all.digest());
    }
}
