package io.duelhall.domain.voidlit.ai;

import io.duelhall.domain.Decision;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidlit.CardRef;
import io.duelhall.domain.voidlit.Side;
import io.duelhall.domain.voidlit.Unit;
import io.duelhall.domain.voidlit.VoidlitCard;
import io.duelhall.domain.voidlit.VoidlitMove;
import io.duelhall.domain.voidlit.VoidlitRuleset;
import io.duelhall.domain.voidlit.VoidlitState;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * One step of look-ahead: mulligans away expensive cards, banks one card a turn while the Bank is
 * small, then takes the play or attack that most improves {@link #score}, and ends the turn when
 * none does.
 */
public final class GreedyPlayer implements Player {
    public static final String NAME = "greedy";
    static final int MULLIGAN_COST = 5;
    static final int BANK_TARGET = 7;
    private final VoidlitRuleset rules;

    public GreedyPlayer(VoidlitRuleset rules) {
        this.rules = rules;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public VoidlitRuleset rules() {
        return rules;
    }

    @Override
    public VoidlitMove move(VoidlitState s, Seat seat) {
        List<VoidlitMove> legal = rules.legal(s, seat);
        if (legal.isEmpty()) {
            return null;
        }
        Side me = s.side(seat);
        if (VoidlitState.MULLIGAN.equals(s.phase())) {
            List<String> back = new ArrayList<>();
            for (CardRef c : me.hand()) {
                if (cost(c) >= MULLIGAN_COST) {
                    back.add(c.id());
                }
            }
            return new VoidlitMove.Mulligan(seat, back);
        }
        if (!me.banked() && me.bank().size() < BANK_TARGET && !me.hand().isEmpty()) {
            // bank the card least likely to be played soon: the dearest while the Bank is small,
            // else the cheapest
            Comparator<CardRef> byCost = Comparator.comparingInt(this::cost);
            CardRef pick =
                    me.bank().size() < 3
                            ? me.hand().stream().max(byCost).orElseThrow()
                            : me.hand().stream().min(byCost).orElseThrow();
            return new VoidlitMove.Bank(seat, pick.id());
        }
        double now = score(s, seat);
        VoidlitMove best = null;
        double bestScore = now + 0.01;
        for (VoidlitMove m : legal) {
            if (m instanceof VoidlitMove.Play || m instanceof VoidlitMove.Attack) {
                Decision d = rules.decide(s, m);
                if (!d.accepted()) {
                    continue;
                }
                VoidlitState after = s;
                for (MatchEvent e : d.events()) {
                    after = rules.evolve(after, e);
                }
                double sc = score(after, seat);
                if (sc > bestScore) {
                    bestScore = sc;
                    best = m;
                }
            }
        }
        return best != null ? best : new VoidlitMove.EndTurn(seat);
    }

    private int cost(CardRef c) {
        VoidlitCard card = rules.catalog().card(c.card());
        return card == null ? 0 : card.cost();
    }

    /**
     * How good the state is for {@code seat}: Health, the Field, cards in hand, Relics; a win above
     * all.
     */
    double score(VoidlitState s, Seat seat) {
        if (VoidlitRuleset.over(s)) {
            if (s.winner() == seat) {
                return 1e6;
            }
            return s.losers().contains(seat) ? -1e6 : -5e5;
        }
        Side me = s.side(seat);
        Side them = s.side(seat.opponent());
        double v = 2.0 * me.health() - 2.5 * them.health();
        v += field(me) - 1.1 * field(them);
        v += 0.8 * me.hand().size() + 3.0 * me.relics().size() - 3.0 * them.relics().size();
        return v;
    }

    private static double field(Side side) {
        double v = 0;
        for (Unit u : side.units()) {
            v += 1.5 * u.attack() + u.health() + 1 + (u.has("GUARD") ? 1 : 0);
        }
        return v;
    }
}
