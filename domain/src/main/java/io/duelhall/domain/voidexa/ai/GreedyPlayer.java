package io.duelhall.domain.voidexa.ai;

import io.duelhall.domain.Decision;
import io.duelhall.domain.Intent;
import io.duelhall.domain.MatchEvent;
import io.duelhall.domain.Seat;
import io.duelhall.domain.voidexa.CardRef;
import io.duelhall.domain.voidexa.Phase;
import io.duelhall.domain.voidexa.Ship;
import io.duelhall.domain.voidexa.VoidexaIntents;
import io.duelhall.domain.voidexa.VoidexaMoves;
import io.duelhall.domain.voidexa.VoidexaRuleset;
import io.duelhall.domain.voidexa.VoidexaState;
import io.duelhall.domain.voidexa.cards.Card;
import io.duelhall.domain.voidexa.cards.Keyword;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The server's AI ("greedy"): one move of look-ahead through the rules engine itself. Each legal
 * intent is decided and folded on a copy of the state (the engine is pure, so this is free of side
 * effects) and the result is scored by {@link Evaluation}; the best one is played if it beats doing
 * nothing (ending the turn, or passing in a response window). A move that wins the match is taken
 * at once (the lethal check); one that loses it is never chosen.
 *
 * <p>Fairness: a simulated card that opens the enemy's response window is followed by a simulated
 * pass, so whether the enemy holds a Reactive card (hidden) never changes the choice. Discards keep
 * the cards the ship can pay for. Only intents the rules accept are returned.
 */
public final class GreedyPlayer implements Player {
    public static final String NAME = "greedy";

    /** A move must be worth at least this much more than doing nothing. */
    static final double MARGIN = 0.5;

    private final VoidexaRuleset rules;
    private final VoidexaMoves moves;
    private final Evaluation evaluation;

    public GreedyPlayer(VoidexaRuleset rules) {
        this.rules = rules;
        this.moves = new VoidexaMoves(rules.catalog());
        this.evaluation = new Evaluation(rules.catalog());
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public VoidexaRuleset rules() {
        return rules;
    }

    @Override
    public Intent choose(VoidexaState s, Seat me) {
        List<Intent> legal = moves.legal(s, me);
        if (legal.isEmpty()) {
            return null;
        }
        if (s.phase() == Phase.DISCARD) {
            return discard(s, me, legal.get(0));
        }
        Intent idle = legal.get(0); // END_TURN in the main phase, PASS in a response window
        double best =
                VoidexaIntents.Type.of(idle) == VoidexaIntents.Type.PASS
                        ? score(after(s, idle), me)
                        : evaluation.of(s, me);
        best += MARGIN;
        Intent choice = idle;
        for (int i = 1; i < legal.size(); i++) {
            Intent option = legal.get(i);
            VoidexaState next = after(s, option);
            if (next == null) {
                continue;
            }
            double v = score(next, me);
            if (v >= Evaluation.WIN) {
                return option; // lethal
            }
            if (v > best) {
                best = v;
                choice = option;
            }
        }
        return choice;
    }

    private double score(VoidexaState next, Seat me) {
        return next == null ? Double.NEGATIVE_INFINITY : evaluation.of(next, me);
    }

    /**
     * The state after {@code intent} and, if it opened the enemy's response window, the enemy's
     * pass; null if refused.
     */
    private VoidexaState after(VoidexaState s, Intent intent) {
        VoidexaState next = apply(s, intent);
        if (next != null
                && next.phase() == Phase.RESPONSE
                && next.responder() == intent.seat().opponent()) {
            VoidexaState passed = apply(next, VoidexaIntents.pass(next.responder()));
            return passed == null ? next : passed;
        }
        return next;
    }

    private VoidexaState apply(VoidexaState s, Intent intent) {
        Decision d = rules.decide(s, intent);
        if (!d.accepted()) {
            return null;
        }
        VoidexaState next = s;
        for (MatchEvent e : d.events()) {
            next = rules.evolve(next, e);
        }
        return next;
    }

    /**
     * V-END-2: name the surplus, keeping the cards the ship can pay for and its Reactive answers.
     */
    private Intent discard(VoidexaState s, Seat me, Intent fallback) {
        Ship ship = s.ship(me);
        int owed = s.discardOwed();
        List<CardRef> hand = new ArrayList<>(ship.hand());
        hand.sort(Comparator.comparingDouble(ref -> keep(rules.catalog().card(ref.card()), ship)));
        List<String> ids = new ArrayList<>(owed);
        for (int i = 0; i < owed && i < hand.size(); i++) {
            ids.add(hand.get(i).id());
        }
        Intent mine = VoidexaIntents.discardDown(me, ids);
        return rules.decide(s, mine).accepted() ? mine : fallback;
    }

    private static double keep(Card card, Ship ship) {
        double v =
                card.cost() <= ship.maxEnergy() ? 10 + card.cost() : card.cost() - ship.maxEnergy();
        return v + (card.has(Keyword.REACTIVE) ? 3 : 0) - 0.5 * card.heat();
    }
}
