package io.duelhall.domain.casket.ai;

import io.duelhall.domain.GameState;
import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CasketMoves;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import io.duelhall.domain.casket.Pilot;
import io.duelhall.domain.search.SearchGame;
import java.util.ArrayList;
import java.util.List;

/**
 * What casket lends the search: greedy as the rollout policy (40 moves, about a round of a pod: the
 * rivals' turns and their attacks after the seat's), but paying damage from the hand (every card
 * but Primary Weapons, least worth first) rather than the deck, which is HP (C-D-HP-1) and places a
 * seat at the time limit (C-D-END-3); as value a seat's placing, 1 for first and 0 for last of N —
 * known once it fell or the match ended (at the time limit, by the deck, equal decks averaging
 * their places), else expected: 1 + the chance of each other standing seat to outlast it, each from
 * the two seats' worth (below), so in a pod every seat weighs its own place against each rival
 * rather than a margin over their average. A seat's worth is its HP — the cards of its deck — plus
 * 0.4 a card in hand (a resource, not HP), less 2 a point of Component Damage and 0.5 a point of
 * Heat.
 *
 * <p>The rules list two ways to pay (all from the deck, or the first cards of the hand, Primary
 * Weapons included, each a point of Component Damage) and one to discard (the last cards drawn);
 * the search also weighs greedy's own payment and discard and the payment from the hand ({@link
 * #moves}). Before, it could pay only in the two listed ways, both worse than greedy's (greedy
 * paying so placed 2.65 and 2.56 in 400 pods against three greedy) and discarded the cards it had
 * just drawn (docs/benchmarks.md, the arena's run 9).
 *
 * <p>The policy bias stays 2 (greedy's move unless the iterations show better): at 0.3 the search
 * left greedy's move in 57 % of its duel decisions and 46 % of its pod decisions, and scored 50 %
 * of 40 duels and placed 3.25 in 12 pods (greedy alone 2.5) — its departures were as often wrong as
 * right (run 8).
 *
 * <p>Rollouts of 40 moves, not 10 (run 12): on the same 96 pods at 120 iterations the search placed
 * 1.95 where it placed 2.07 (2.06 → 1.91, 2.16 → 1.94, 2.00 → 2.00 by seed), at about three times
 * the cost of an iteration — and better than 10 moves at 400 iterations (2.10 of 600), which cost
 * more. What a seat's move costs it shows in the rivals' turns after it (who closes in, who attacks
 * whom), which 10 moves did not reach. 80 moves placed 0.03 better on one seed at twice the cost.
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
        return 40;
    }

    @Override
    public double policyBias() {
        return 2.0;
    }

    @Override
    public Intent policy(GameState state, Seat seat) {
        CasketState s = (CasketState) state;
        if (CasketMoves.PAY.equals(CasketMoves.owed(s))) {
            return greedy.pay(s, s.pilot(seat), seat, true);
        }
        return greedy.move(s, seat);
    }

    @Override
    public List<Intent> moves(GameState state, Seat seat, List<Intent> legal) {
        CasketState s = (CasketState) state;
        String owed = CasketMoves.owed(s);
        if (!CasketMoves.PAY.equals(owed) && !CasketMoves.DISCARD.equals(owed)) {
            return legal;
        }
        Pilot me = s.pilot(seat);
        List<Intent> out = new ArrayList<>(legal);
        List<Intent> more =
                CasketMoves.PAY.equals(owed)
                        ? List.of(greedy.pay(s, me, seat, false), greedy.pay(s, me, seat, true))
                        : List.of(greedy.discard(me, seat));
        for (Intent m : more) {
            if (!out.contains(m)) {
                out.add(m);
            }
        }
        return out;
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
            // C-D-END-3: at the time limit the seats standing are placed by their deck, equal
            // decks sharing (here: averaging) their places
            double place = 1;
            for (Pilot p : s.pilots().values()) {
                if (p.seat() != seat && !p.defeated()) {
                    int d = Integer.compare(p.deck().size(), me.deck().size());
                    place += d > 0 ? 1 : d == 0 ? 0.5 : 0;
                }
            }
            return (n - place) / (n - 1);
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
