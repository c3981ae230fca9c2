package io.duelhall.domain.casket.ai;

import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import io.duelhall.domain.casket.Pilot;
import io.duelhall.domain.search.SearchGame;

/**
 * What casket lends the search: greedy as the rollout policy; as value a seat's placing, 1 for
 * first and 0 for last of N — known once it fell or the match ended, else estimated from its HP
 * (cards in deck and hand, C-D-END-3) against the seats still standing and the seats already out.
 */
final class CasketSearch implements SearchGame {
    static final double SCALE = 6;

    private final GreedyPlayer greedy;

    CasketSearch(CasketRuleset rules) {
        this.greedy = new GreedyPlayer(rules);
    }

    @Override
    public int rolloutDepth() {
        return 10;
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
        // standing: it will place among the seats still standing; HP against theirs says where
        int standing = 0;
        double others = 0;
        for (Pilot p : s.pilots().values()) {
            if (!p.defeated()) {
                standing++;
                if (p.seat() != seat) {
                    others += hp(p);
                }
            }
        }
        double best = 1;
        double worst = (double) (n - standing) / (n - 1);
        if (standing <= 1) {
            return best;
        }
        double edge = SearchGame.squash(hp(me) - others / (standing - 1) - 0.5 * me.heat(), SCALE);
        return worst + (best - worst) * edge;
    }

    private static double hp(Pilot p) {
        return p.deck().size() + p.hand().size() - 2.0 * p.totalComponentDamage();
    }
}
