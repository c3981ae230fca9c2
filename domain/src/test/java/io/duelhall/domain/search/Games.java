package io.duelhall.domain.search;

import io.duelhall.domain.AiPlayer;
import io.duelhall.domain.Ruleset;
import io.duelhall.domain.biome.BiomeRuleset;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.voidexa.Fixtures;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import java.util.List;

/** The four hosted games with their rosters, for the search's tests. */
record Games(String id, Ruleset rules, AiPlayer.Roster roster) {
    static final List<Games> ALL =
            List.of(
                    new Games(
                            "voidexa",
                            Fixtures.RULES,
                            io.duelhall.domain.voidexa.ai.Players.ROSTER),
                    new Games(
                            "voidlit",
                            new VoidlitRuleset(),
                            io.duelhall.domain.voidlit.ai.Players.ROSTER),
                    new Games(
                            "biome",
                            new BiomeRuleset(),
                            io.duelhall.domain.biome.ai.Players.ROSTER),
                    new Games(
                            "casket",
                            new CasketRuleset(),
                            io.duelhall.domain.casket.ai.Players.ROSTER));

    static Games of(String id) {
        return ALL.stream().filter(g -> g.id.equals(id)).findFirst().orElseThrow();
    }

    AiPlayer greedy() {
        return roster.player("greedy", rules, 1).orElseThrow();
    }

    /** The search with a budget in iterations (reproducible). */
    AiPlayer search(int iterations, int rolloutDepth, long seed) {
        Budget b = Budget.iterations(iterations).withRolloutDepth(rolloutDepth);
        return new SearchPlayer("ismcts", rules, game(), b, seed);
    }

    SearchGame game() {
        // each roster's search player carries its game; take it from a level player
        SearchPlayer p = (SearchPlayer) roster.player(Levels.WEAK, rules, 1).orElseThrow();
        return p.game();
    }
}
