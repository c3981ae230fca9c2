package io.duelhall.domain.voidlit;

import io.duelhall.domain.MatchStatus;
import io.duelhall.domain.Seat;
import java.util.ArrayList;
import java.util.List;

/**
 * Who owes a decision and every move the rules accept from a seat now (a concession, always
 * accepted, left out).
 */
final class VoidlitMoves {
    private final Catalog catalog;

    public VoidlitMoves(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * The seat that owes the next decision: its mulligan or its turn; null when the match is not
     * live.
     */
    public static Seat toAct(VoidlitState s) {
        if (s.status() != MatchStatus.LIVE) {
            return null;
        }
        return s.active();
    }

    /**
     * The targets a card of the hand can be played at now (a list holding null for an untargeted
     * card), or null.
     */
    static List<TargetRef> playTargets(Catalog catalog, VoidlitState s, Seat seat, CardRef ref) {
        List<TargetRef> out = new ArrayList<>();
        for (TargetRef t : candidates(s, seat)) {
            if (Checks.play(catalog, s, seat, ref.id(), t).refusal() == null) {
                out.add(t);
            }
        }
        return out.isEmpty() ? null : out;
    }

    /** Every target anything could name: none, each player, each Unit. */
    private static List<TargetRef> candidates(VoidlitState s, Seat seat) {
        List<TargetRef> out = new ArrayList<>();
        out.add(null);
        for (Seat who : List.of(seat, seat.opponent())) {
            out.add(TargetRef.player(who));
            for (Unit u : s.side(who).units()) {
                out.add(TargetRef.unit(who, u.id()));
            }
        }
        return out;
    }

    public List<VoidlitMove> legal(VoidlitState s, Seat seat) {
        if (seat == null || toAct(s) != seat || s.side(seat) == null) {
            return List.of();
        }
        Side side = s.side(seat);
        List<VoidlitMove> out = new ArrayList<>();
        if (VoidlitState.MULLIGAN.equals(s.phase())) {
            // every subset of the (five) cards shown: 32 moves, the hand kept first
            List<CardRef> hand = side.hand();
            for (int mask = 0; mask < (1 << hand.size()); mask++) {
                List<String> cards = new ArrayList<>();
                for (int i = 0; i < hand.size(); i++) {
                    if ((mask & (1 << i)) != 0) {
                        cards.add(hand.get(i).id());
                    }
                }
                out.add(new VoidlitMove.Mulligan(seat, cards));
            }
            return out;
        }
        for (CardRef ref : side.hand()) {
            List<TargetRef> targets = playTargets(catalog, s, seat, ref);
            if (targets != null) {
                for (TargetRef t : targets) {
                    out.add(new VoidlitMove.Play(seat, ref.id(), t));
                }
            }
        }
        for (Unit u : side.units()) {
            for (TargetRef t : candidates(s, seat)) {
                if (t != null && Checks.attack(catalog, s, seat, u.id(), t) == null) {
                    out.add(new VoidlitMove.Attack(seat, u.id(), t));
                }
            }
        }
        if (!side.banked()) {
            for (CardRef ref : side.hand()) {
                out.add(new VoidlitMove.Bank(seat, ref.id()));
            }
        }
        out.add(new VoidlitMove.EndTurn(seat));
        return out;
    }
}
