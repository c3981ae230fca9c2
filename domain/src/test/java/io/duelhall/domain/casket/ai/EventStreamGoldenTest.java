package io.duelhall.domain.casket.ai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.RulesVersion;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import io.duelhall.domain.casket.Catalog;
import io.duelhall.domain.rng.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden master of casket's engine: the events of 30 whole matches of 2 to 6 seats (seeded random
 * players, fixed seeds), as canonical JSON, hash to a recorded value. A deliberate rules change is
 * a new engine version and a new value here.
 */
class EventStreamGoldenTest {
    /** casket-1.0.0's stream, for ever (history is forever: an old engine never changes). */
    static final String GOLDEN = "d66e63e5c1a1a5e176039aba2757a9d20949900dd356a68ceae494fe666b09b0";

    /** casket-1.1.0's (issue 44: no VENT action, C-D-HEAT-4; inert wrecks stay, C-D-END-4). */
    static final String GOLDEN_1_1 =
            "a20cae9040697c7808cc554c0835df78d1934cee66effaecbab07bf5906910f4";

    /** casket-1.2.0's (issue 44: movement in sight of the turn's start hex, C-D-LOS-2). */
    static final String GOLDEN_1_2 =
            "9970d534f6a42f2edea2a43ff50da35d5121dfc070c59d9cf4de14551cc1fe57";

    static final ObjectMapper CANONICAL =
            new ObjectMapper()
                    .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
                    .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    @Test
    void theEventStreamOfFixedMatchesNeverChanges() throws Exception {
        assertThat(new CasketRuleset().version())
                .as("a new rules version records a new golden value here")
                .isEqualTo(new RulesVersion("casket-1.2.0", "casket-cards-1"));
        assertThat(digest(new CasketRuleset("casket-1.0.0"))).isEqualTo(GOLDEN);
        assertThat(digest(new CasketRuleset("casket-1.1.0"))).isEqualTo(GOLDEN_1_1);
        assertThat(digest(new CasketRuleset("casket-1.2.0"))).isEqualTo(GOLDEN_1_2);
    }

    private static String digest(CasketRuleset rules) throws Exception {
        SelfPlay selfPlay = new SelfPlay(rules);
        List<Catalog.Starter> starters = rules.catalog().starters();
        MessageDigest all = Sha256.digest();
        long events = 0;
        for (int seed = 0; seed < 30; seed++) {
            int seats = 2 + seed % 5;
            List<Player> players = new ArrayList<>();
            List<Catalog.Starter> caskets = new ArrayList<>();
            for (int i = 0; i < seats; i++) {
                players.add(new RandomPlayer(rules, 7L * seed + i));
                caskets.add(starters.get((seed + i) % 4));
            }
            SelfPlay.Game g = selfPlay.play(seed, players, caskets);
            SelfPlay.Game o = selfPlay.open(seed, caskets);
            CasketState s = o.state();
            List<MatchEvent> again = new ArrayList<>(o.events());
            for (Intent m : g.moves()) {
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
        System.out.println(
                "casket golden "
                        + rules.engineVersion()
                        + " "
                        + digest
                        + " over "
                        + events
                        + " events");
        return digest;
    }
}
