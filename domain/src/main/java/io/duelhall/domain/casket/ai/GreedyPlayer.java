package io.duelhall.domain.casket.ai;

import io.duelhall.domain.Intent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.casket.CardRef;
import io.duelhall.domain.casket.CasketIntents;
import io.duelhall.domain.casket.CasketMoves;
import io.duelhall.domain.casket.CasketRuleset;
import io.duelhall.domain.casket.CasketState;
import io.duelhall.domain.casket.Catalog;
import io.duelhall.domain.casket.Component;
import io.duelhall.domain.casket.Hex;
import io.duelhall.domain.casket.Pilot;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A one-step greedy player: faces the nearest enemy, vents in the Danger Zone where the rules offer
 * a VENT action (casket-1.0.0; from 1.1.0 there is none, C-D-HEAT-4), buffs and makes the attack of
 * the highest expected damage (to-hit chance × damage) at the right arm (then the next component
 * standing), closes in when nothing is in range, and never overspends. Answers with its strongest
 * reactive card and pays damage with dead cards first.
 */
final class GreedyPlayer implements Player {
    public static final String NAME = "greedy";
    private final CasketRuleset rules;
    private final Catalog catalog;
    private final double[] atLeast;

    public GreedyPlayer(CasketRuleset rules) {
        this.rules = rules;
        this.catalog = rules.catalog();
        this.atLeast = chances(catalog.attackDie());
    }

    /** P(sum of two attack dice ≥ n) for n = 0..12. */
    static double[] chances(List<Catalog.Face> die) {
        double[] p = new double[13];
        for (Catalog.Face a : die) {
            for (Catalog.Face b : die) {
                int sum = a.value() + b.value();
                for (int n = 0; n <= Math.min(12, sum); n++) {
                    p[n] += 1.0 / (die.size() * die.size());
                }
            }
        }
        return p;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public CasketRuleset rules() {
        return rules;
    }

    @Override
    public Intent move(CasketState s, Seat seat) {
        List<Intent> legal = rules.legalMoves(s, seat);
        if (legal.isEmpty()) {
            return null;
        }
        Pilot me = s.pilot(seat);
        return switch (CasketMoves.owed(s)) {
            case CasketMoves.MULLIGAN -> mulligan(me, legal);
            case CasketMoves.REACT -> react(me, legal);
            case CasketMoves.PAY ->
                    pay(s, me, seat, me.deck().size() <= s.attack().finalDamage() + 2);
            case CasketMoves.DISCARD -> discard(me, seat);
            default -> action(s, me, seat, legal);
        };
    }

    private Intent mulligan(Pilot me, List<Intent> legal) {
        boolean weapon = me.hand().stream().anyMatch(r -> card(r).attack());
        String type = weapon ? CasketIntents.KEEP : CasketIntents.MULLIGAN;
        return legal.stream().filter(i -> i.type().equals(type)).findFirst().orElse(legal.get(0));
    }

    private Intent react(Pilot me, List<Intent> legal) {
        return legal.stream()
                .filter(i -> i.type().equals(CasketIntents.REACT))
                .max(Comparator.comparingInt(i -> card(me.inHand(i.card())).reduce()))
                .orElse(legal.get(0));
    }

    /**
     * Dead cards (Damage) from the hand first; with {@code spareDeck} (greedy: when the deck runs
     * low) every card of the hand but Primary Weapons, least worth first.
     */
    Intent pay(CasketState s, Pilot me, Seat seat, boolean spareDeck) {
        int damage = s.attack().finalDamage();
        List<CardRef> hand = new ArrayList<>(me.hand());
        hand.sort(Comparator.comparingInt(this::worth));
        List<String> ids = new ArrayList<>();
        for (CardRef r : hand) {
            if (ids.size() >= damage) {
                break;
            }
            if (worth(r) == 0 || (spareDeck && card(r).kind() != Catalog.Kind.PRIMARY)) {
                ids.add(r.id());
            }
        }
        return new Intent(seat, CasketIntents.PAY, null, null, List.of(), ids);
    }

    /** The excess over the hand limit, least worth first. */
    Intent discard(Pilot me, Seat seat) {
        int n = me.hand().size() - 6;
        List<CardRef> hand = new ArrayList<>(me.hand());
        hand.sort(Comparator.comparingInt(this::worth));
        List<String> ids = hand.subList(0, n).stream().map(CardRef::id).toList();
        return new Intent(seat, CasketIntents.DISCARD, null, null, List.of(), ids);
    }

    private int worth(CardRef r) {
        Catalog.Card c = card(r);
        return switch (c.kind()) {
            case DAMAGE -> 0;
            case UTILITY -> 1;
            case DEFENCE -> 2;
            case SECONDARY -> 3;
            case PRIMARY -> 4;
        };
    }

    private Catalog.Card card(CardRef r) {
        return catalog.card(r.card());
    }

    private Intent action(CasketState s, Pilot me, Seat seat, List<Intent> legal) {
        Seat enemy = nearest(s, seat);
        if (enemy != null && !me.rotated()) {
            int f = me.at().facingTowards(s.pilot(enemy).at());
            if (f != me.facing()) {
                Intent rot =
                        find(
                                legal,
                                CasketIntents.ROTATE,
                                i -> i.choice("facing").equals(String.valueOf(f)));
                if (rot != null) {
                    return rot;
                }
            }
        }
        if (me.heat() >= 4 && me.sp() >= 2) {
            Intent vent = find(legal, CasketIntents.VENT, i -> true);
            if (vent != null) {
                return vent;
            }
        }
        Intent best = null;
        double bestValue = 0;
        for (Intent i : legal) {
            if (!i.type().equals(CasketIntents.PLAY) || i.targets().isEmpty()) {
                continue;
            }
            Catalog.Card c = catalog.card(me.inHand(i.card()).card());
            if (c.cost() > me.sp()) {
                continue;
            }
            Seat t = i.targets().get(0).seat();
            Component comp = Component.valueOf(i.targets().get(0).subsystem());
            if (comp != target(s.pilot(t))) {
                continue;
            }
            int need = rules.toHitNeed(s, seat, c.id(), t);
            double p = need <= 0 ? 1 : need > 12 ? 0 : atLeast[need];
            double value = p * (c.damage() + me.buff() + 0.5) - 0.1 * c.cost();
            if (value > bestValue) {
                bestValue = value;
                best = i;
            }
        }
        if (best != null) {
            Intent buff = buff(legal, me, best);
            return buff != null ? buff : best;
        }
        Intent utility =
                find(
                        legal,
                        CasketIntents.PLAY,
                        i -> {
                            Catalog.Card c = catalog.card(me.inHand(i.card()).card());
                            return i.targets().isEmpty()
                                    && c.cost() <= me.sp()
                                    && (c.draw() > 0
                                            || c.kind() == Catalog.Kind.DAMAGE
                                            || (c.cool() > 0 && me.heat() >= 3));
                        });
        if (utility != null) {
            return utility;
        }
        if (enemy != null && me.sp() > 0) {
            Hex goal = s.pilot(enemy).at();
            int now = me.at().distance(goal);
            Intent step = null;
            for (Intent i : legal) {
                if (i.type().equals(CasketIntents.MOVE)) {
                    Hex h = Hex.parse(i.targets().get(0).id());
                    int cost = rules.catalog().map(s.map()).enterCost(h);
                    if (cost <= me.sp() && h.distance(goal) < now && h.distance(goal) >= 2) {
                        now = h.distance(goal);
                        step = i;
                    }
                }
            }
            if (step != null) {
                return step;
            }
        }
        return find(legal, CasketIntents.PASS, i -> true);
    }

    /** A buff card worth playing before {@code attack}, affordable with the attack too. */
    private Intent buff(List<Intent> legal, Pilot me, Intent attack) {
        int cost = catalog.card(me.inHand(attack.card()).card()).cost();
        return find(
                legal,
                CasketIntents.PLAY,
                i -> {
                    Catalog.Card c = catalog.card(me.inHand(i.card()).card());
                    return i.targets().isEmpty()
                            && (c.buff() > 0 || c.aim() > 0)
                            && c.cost() + cost <= me.sp()
                            && me.heat() + c.heat() < 5
                            && me.deck().size() > c.burn() + 6;
                });
    }

    private static Component target(Pilot p) {
        for (Component c :
                List.of(
                        Component.RIGHT_ARM,
                        Component.CHASSIS,
                        Component.LEFT_ARM,
                        Component.HEAD,
                        Component.LEGS)) {
            if (!p.destroyed(c)) {
                return c;
            }
        }
        return Component.CHASSIS;
    }

    private static Seat nearest(CasketState s, Seat seat) {
        Hex at = s.pilot(seat).at();
        Seat best = null;
        int d = Integer.MAX_VALUE;
        for (Seat t : s.alive()) {
            if (t != seat && s.pilot(t).at().distance(at) < d) {
                d = s.pilot(t).at().distance(at);
                best = t;
            }
        }
        return best;
    }

    private static Intent find(
            List<Intent> legal, String type, java.util.function.Predicate<Intent> p) {
        return legal.stream()
                .filter(i -> i.type().equals(type) && p.test(i))
                .findFirst()
                .orElse(null);
    }
}
