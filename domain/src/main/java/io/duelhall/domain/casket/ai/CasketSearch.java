package io.duelhall.domain.casket.ai;

import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import io.duelhall.domain.casket.Pilot;
import io.duelhall.domain.search.SearchGame;

/**
 * What casket lends the search: greedy as the rollout policy (10 moves, about the rest of a turn
 * and the answers to it); as value a seat's placing, 1 for first and 0 for last of N — known once
 * it fell or the match ended, else expected: 1 + the chance of each other standing seat to outlast
 * it, each from the two seats' worth (below), so in a pod every seat weighs its own place against
 * each rival rather than a margin over their average. A seat's worth is its HP — the cards of its
 * deck (C-D-HP-1: damage that empties the deck destroys it; C-D-END-3: at the time limit the deck
 * places it) — plus 0.4 a card in hand (a resource, not HP), less 2 a point of Component Damage and
 * 0.5 a point of Heat.
 *
 * <p>The policy bias stays 2 (greedy's move unless the iterations show better): at 0.3 the search
 * left greedy's move in 57 % of its duel decisions and 46 % of its pod decisions, and scored 50 %
 * of 40 duels and placed 3.25 in 12 pods (greedy alone 2.5) — its departures were as often wrong as
 * right. At 2 and 120 iterations it departs in 25–28 % of its duel decisions and scored 62.0 % of
 * 104 mirrored duels, 2.63 in 24 pods (docs/benchmarks.md, the arena's run 8).
 */
final class CasketSearch implements SearchGame {
    static final double SCALE = 6;

    /** A card in hand against a card of the deck (HP). */
    static final double HAND = 0.4;

    private final GreedyPlayer greedy;

    CasketSearch(CasketRuleset rules) {
        this.greedy = new GreedyPlayer(rules);
    }

    @Override
    public int rolloutDepth() {
        return 10;
    }

    @Override
    public double policyBias() {
        return 2.0;
    }

    @Override
    public Intent policy(GameState state, Seat seat) {
        return greedy.move((CasketState) state, seat);
    }

    @Override
    public double value(GameState state, Seat seat) {
        CasketState s = (CasketState) state;
        int n = s.pilots().size();
        Pilot me = s.pilot(seat);
        if (me == null || n < 2) {
            return 0.5;
        }
        if (s.winner() == seat) {
            return 1;
        }
        if (me.defeated() && me.place() > 0) {
            return (double) (n - me.place()) / (n - 1);
        }
        if (CasketRuleset.over(s)) {
            return s.losers().contains(seat) ? 0 : 0.5;
        }
        // standing: its place is 1 + the standing seats that outlast it (the fallen place below
        // it); each other standing seat outlasts it with the chance their worths give
        double place = 1;
        int standing = 0;
        for (Pilot p : s.pilots().values()) {
            if (!p.defeated()) {
                standing++;
                if (p.seat() != seat) {
                    place += 1 - SearchGame.squash(worth(me) - worth(p), SCALE);
                }
            }
        }
        if (standing <= 1) {
            return 1;
        }
        return (n - place) / (n - 1);
    }

    /** HP (the deck), the hand as a resource, less Component Damage and Heat. */
    static double worth(Pilot p) {
        return p.deck().size()
                + HAND * p.hand().size()
                - 2.0 * p.totalComponentDamage()
                - 0.5 * p.heat();
    }
}
