package io.duelhall.domain.biome.ai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.biome.BiomeMove;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.biome.BiomeState;
import io.duelhall.domain.biome.Catalog;
import io.duelhall.domain.rng.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden master of biome's engine: the events of 40 whole matches (two seeded random players, fixed
 * seeds), as canonical JSON, hash to a recorded value. Any change to what decide produces for a
 * given seed and moves fails it; a deliberate rules change is a new engine version and a new value
 * here.
 */
class EventStreamGoldenTest {
    static final String GOLDEN = "2e700c6f2777a51198f6d7eba2f25674ca01572df1e1d7bad94c96ca10744ece";

    static final ObjectMapper CANONICAL =
            new ObjectMapper()
                    .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
                    .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    @Test
    void theEventStreamOfFixedMatchesNeverChanges() throws Exception {
        BiomeRuleset rules = new BiomeRuleset();
        assertThat(rules.version())
                .as("a new rules version records a new golden value here")
                .isEqualTo(new RulesVersion("biome-1.0.0", "biome-cards-2026.11.1"));
        SelfPlay selfPlay = new SelfPlay(rules);
        List<Catalog.StarterDeck> decks = rules.catalog().starterDecks();
        MessageDigest all = Sha256.digest();
        long events = 0;
        for (int seed = 0; seed < 40; seed++) {
            Catalog.StarterDeck a = decks.get(seed % 2);
            Catalog.StarterDeck b = decks.get((seed / 2) % 2);
            SelfPlay.Game g =
                    selfPlay.play(
                            seed,
                            new RandomPlayer(rules, 7L * seed),
                            new RandomPlayer(rules, seed),
                            a,
                            b);
            SelfPlay.Opening o = selfPlay.open(seed, a, b);
            BiomeState s = o.state();
            List<MatchEvent> again = new ArrayList<>(o.events());
            for (BiomeMove m : g.moves()) {
                Decision d = rules.decide(s, m);
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
        String digest = Sha256.hex(all.digest());
        assertThat(digest).isEqualTo(GOLDEN);
    }
}
